import AASALintCore
import AASALintTooling

/// What `lint --fix` and `lint --diff` say: the diff (for `--diff`) on standard output, and on
/// standard error what was fixed, what was left and why, and which fixes change which URLs
/// open the app, with example URLs.
struct FixCommandRun {
    let output: StandardStreams
    /// False for `--diff`, which only shows the fixes.
    let writes: Bool

    /// What the run did, and the files as they now are on disk (those written); `failed` when
    /// a file could not be written or shown, which makes the exit status 2.
    func run(_ session: FixSession, on workspace: LintWorkspace) -> (outcome: FixSession.Outcome, written: [String: [UInt8]], failed: Bool) {
        let outcome = session.run(workspace)
        var unwritten: Set<String> = []
        if writes {
            for (path, reason) in FixSession.write(outcome) {
                unwritten.insert(path)
                output.writeError("aasalint: did not fix \(path): \(reason)")
            }
        } else {
            for file in outcome.files {
                if let refusal = FixDiff.refusal(ofPath: file.path) {
                    unwritten.insert(file.path)
                    output.writeError("aasalint: did not show the fixes of \(file.path): \(refusal)")
                } else {
                    output.writePiece(FixDiff.unified(path: file.path, old: file.original, new: file.fixed))
                }
            }
        }
        let verb = writes ? "fixed" : "would fix"
        for file in outcome.files where !unwritten.contains(file.path) {
            output.writeError("aasalint: \(verb) \(Quantity.counted(file.fixCount, "finding")) in \(file.path)")
        }
        for refusal in outcome.refusals {
            output.writeError("aasalint: did not fix \(Self.place(of: refusal.diagnostic)): \(refusal.diagnostic.fix?.message ?? ""): \(refusal.reason)")
        }
        // A file that was not written changes nothing: what its fixes would have changed is not said.
        for applied in outcome.behaviourChanges where !unwritten.contains(applied.diagnostics[0].location.file) {
            let changes = applied.changes.map { change in
                "for \(change.appID), \(DiffReport.phrase(for: change.kind))"
                    + (change.exampleURLs.isEmpty ? "" : ": " + change.exampleURLs.joined(separator: ", "))
            }
            let what = applied.diagnostics.count == 1
                ? "\(writes ? "the fix" : "fixing") \(Self.place(of: applied.diagnostics[0])) changes"
                : "\(writes ? "the" : "making the") \(applied.diagnostics.count) fixes \(Self.places(of: applied.diagnostics)) together \(writes ? "change" : "changes")"
            output.writeError("aasalint: \(what) what it says (\(applied.statement)): " + changes.joined(separator: "; "))
        }
        let left = outcome.remainingSafe + outcome.remainingUnsafe
        if left > 0 {
            let unsafe = outcome.remainingUnsafe > 0 && !session.appliesUnsafeFixes
                ? " (\(outcome.remainingUnsafe) of them unsafe: add --unsafe-fixes to apply \(outcome.remainingUnsafe == 1 ? "it" : "them"))" : ""
            output.writeError("aasalint: \(Quantity.counted(left, "fixable finding")) left\(unsafe)")
        }
        let written = writes ? outcome.files.filter { !unwritten.contains($0.path) }.map { ($0.path, $0.fixed) } : []
        return (outcome, Dictionary(written) { first, _ in first }, !unwritten.isEmpty)
    }

    /// `apple-app-site-association:12:35, 19:36, 26:37 and 97 more [unknown-key]`: fixes
    /// proven together are of one file; the rule is the first's.
    private static func places(of diagnostics: [Diagnostic]) -> String {
        let shown = diagnostics.prefix(3).map { "\($0.location.range.start.line):\($0.location.range.start.column)" }
        let more = diagnostics.count > shown.count ? " and \(diagnostics.count - shown.count) more" : ""
        return "\(diagnostics[0].location.file):\(shown.joined(separator: ", "))\(more) [\(diagnostics[0].ruleID)]"
    }

    private static func place(of diagnostic: Diagnostic) -> String {
        "\(diagnostic.location.file):\(diagnostic.location.range.start.line):\(diagnostic.location.range.start.column) [\(diagnostic.ruleID)]"
    }
}
