/// The proof AASA fixes must pass: the semantic diff between the file before and after them
/// shows no change of behaviour beyond what one of them declares.
struct FixProof {
    let fixes: [Fix]
    let configuration: Configuration

    enum Verdict {
        /// With the changes the diff found, all declared.
        case holds([BehaviourChange])
        /// Why the fix is not made, with an example URL where one shows it.
        case fails(String)
    }

    /// `old` and `new` are AASA files, whose views (tree, model) are kept for whoever reads them
    /// next; `new`'s matcher too, for the next round's lint of the file as fixed.
    func check(old before: LintFile, new after: LintFile) -> Verdict {
        // A file the system cannot read opens nothing: a fix that makes it readable has no
        // earlier behaviour to keep. Both are compiled whatever their size: `matcher` stops at
        // `LintFile.compilationLimit`, which fixes that lengthen a file may cross, and a proof
        // that depended on it would refuse every fix past it, or accept every fix of a file over it.
        // Under the limit, each file's own matcher is the same, and the old one's is often built
        // already: the round's lint compiled it.
        let oldKept = before.byteCount <= LintFile.compilationLimit ? before.matcher : nil
        guard let oldMatcher = oldKept ?? AASAMatcher(file: before, determinisesEagerly: false, compilesOnFirstUse: true) else { return .holds([]) }
        let kept = after.byteCount <= LintFile.compilationLimit ? after.matcher : nil
        guard let newMatcher = kept ?? AASAMatcher(file: after, determinisesEagerly: false, compilesOnFirstUse: true) else {
            return .fails("the fix would leave a file the system cannot read as an AASA file")
        }
        let host = ExampleURL.host(of: before, in: LintContext(files: [before], configuration: configuration))
        let difference = SemanticDiff(old: oldMatcher, new: newMatcher, host: host)
        let declared = fixes.compactMap { fix -> Fix.DeclaredChange? in
            if case .changesMeaning(let change)? = fix.effect { change } else { nil }
        }
        let unproven = difference.incompleteApps.first { app in
            !declared.contains { $0.justification != nil && ($0.appIDs?.contains(app) ?? true) }
        }
        if let app = unproven {
            return .fails("its effect on \(app) could not be proven: \(difference.incompleteReasons[app] ?? "the comparison exceeded its budget")")
        }
        guard let undeclared = difference.changes.first(where: { change in !declared.contains { $0.allows(change) } }) else {
            return .holds(difference.changes)
        }
        let example = undeclared.exampleURLs.first.map { ", such as \($0)" } ?? ""
        let promise = declared.isEmpty ? "it should keep every URL's meaning"
            : "it should only change this: " + declared.map(\.statement).joined(separator: "; ")
        return .fails("it would change more than it says (\(promise)): for \(undeclared.appID) (\(undeclared.service)), "
            + "\(DiffReport.phrase(for: undeclared.kind))\(example)")
    }
}
