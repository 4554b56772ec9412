/// `aasalint lint --fix`, `--unsafe-fixes` and `--diff`: applies the findings' fixes to the files
/// under the paths, in rounds as ruff does: fixes whose edits touch each other wait for the next
/// round, which lints the fixed text again, until nothing is left to apply or `maximumRounds`.
///
/// Each AASA fix is proven before it is kept: the semantic diff between the file before and
/// after it may show only the change of behaviour the fix declares. A fix that would change
/// anything else is dropped, and the file keeps what it had.
package struct FixSession: Sendable {
    package let plan: RulePlan
    package let baseline: (baseline: Baseline, directory: String)?
    /// Whether unsafe fixes are applied too.
    package let appliesUnsafeFixes: Bool

    package static let maximumRounds = 10

    package init(plan: RulePlan, baseline: (Baseline, String)? = nil, appliesUnsafeFixes: Bool = false) {
        self.plan = plan
        self.baseline = baseline
        self.appliesUnsafeFixes = appliesUnsafeFixes
    }

    package struct Outcome: Sendable {
        /// Per file that changed, what it held and what it holds once fixed, in path order.
        package let files: [FixedFile]
        /// Fixes the proof or the file system refused.
        package let refusals: [Refusal]
        /// Fixes made that change which URLs open the app, with what the diff showed.
        package let behaviourChanges: [AppliedChange]
        /// Applicable fixes still there after the last round: unsafe ones not asked for, and
        /// safe ones still waiting when the rounds ran out.
        package let remainingSafe: Int
        package let remainingUnsafe: Int
        /// The last round's lint when it is the report of the files as fixed: it linted exactly
        /// them, and no plugin would run in a lint of its own. Nil when the report needs that lint.
        package var lintOfResult: LintSession.Outcome?

        package var fixCount: Int { files.reduce(0) { $0 + $1.fixCount } }
    }

    package struct FixedFile: Sendable {
        package let path: String
        package let original: [UInt8]
        package let fixed: [UInt8]
        package let fixCount: Int
    }

    package struct Refusal: Sendable, Equatable {
        package let diagnostic: Diagnostic
        package let reason: String
    }

    /// What fixes proven together changed: one fix, or several that declare the same change
    /// (the same statement, the same apps and kinds). Their diff is one, so the URLs it shows
    /// belong to them together, not to each.
    package struct AppliedChange: Sendable {
        package let diagnostics: [Diagnostic]
        package let statement: String
        package let changes: [BehaviourChange]
    }

    /// Computes the fixes of the files `workspace` holds, without writing: each round lints
    /// the workspace again with the files fixed so far, and nothing is discovered or read
    /// again. Plugins do not run in the rounds: they make no fixes, and the report after the
    /// fixes runs them once. A file's bytes are those the lint read, whose findings the fixes
    /// edit: read again, they could hold a save made while the lint ran, which the edits would
    /// garble and `write` could not tell.
    package func run(_ workspace: LintWorkspace) -> Outcome {
        let session = LintSession(plan: plan, baseline: baseline)
        let asRead = Dictionary(workspace.files.map { ($0.path, $0) }) { first, _ in first }
        var last: (lint: LintSession.Outcome, contents: [String: [UInt8]])?
        // The files the rounds lint are those they proved the fixes with: each is read once.
        var outcome = rounds { fixed in
            let lint = session.lint(workspace.replacingFiles(Dictionary(fixed.map { ($0.path, $0) }) { first, _ in first }), runsPlugins: false)
            last = (lint, Dictionary(fixed.map { ($0.path, $0.bytes) }) { first, _ in first })
            return (lint.report.diagnostics, lint.lintedFiles)
        } readFile: { path, kind in
            asRead[path].map { $0.kind == kind && $0.isFixable ? $0 : LintFile(path: path, kind: kind, bytes: $0.bytes) }
        }
        let pluginsWouldRun = plan.options.runsPlugins && !plan.configuration.plugins.isEmpty
        if let last, !pluginsWouldRun, last.contents == Dictionary(outcome.files.map { ($0.path, $0.fixed) }, uniquingKeysWith: { first, _ in first }) {
            outcome.lintOfResult = last.lint
        }
        return outcome
    }

    /// A file as the rounds have it.
    private struct FileState {
        let original: [UInt8]
        let current: LintFile
        let fixes: Int
    }

    /// What a round did to one file, to undo it when the next lint finds what the file did not have.
    private struct RoundRecord {
        let before: FileState?
        /// The file's findings before the round.
        let findings: [Diagnostic]
        let applied: [Diagnostic]
        let changes: Range<Int>
        /// The text the round wrote, in the fixed file, in order.
        let written: [SourceRange]
    }

    /// The rounds, on whatever `lint` lints: it gets the files fixed so far, as they now read,
    /// and returns every finding (not only those with fixes: a round that makes a finding the
    /// file did not have is undone) and the files it linted; `read` gives a file's bytes before
    /// its first fix.
    ///
    /// A finding is one the round made when its rule reports more findings in the file than
    /// before the round (places move as fixes rename keys and move components, counts do not),
    /// and it lies on, or relates to, text the round wrote: a second `"appIDs"`. A finding in text
    /// the round left alone was there to see before: an `appIds` rename makes the system read
    /// the entry, and what is wrong in it is reported from then on, as it should be. The round
    /// is undone, and the file then takes one fix a round, so that the fix that makes the
    /// finding is the one refused.
    package func rounds(lint: ([LintFile]) -> (diagnostics: [Diagnostic], files: [DiscoveredFile]),
                       read: (String) -> [UInt8]?) -> Outcome {
        rounds(lint: lint) { path, kind in read(path).map { LintFile(path: path, kind: kind, bytes: $0) } }
    }

    /// The rounds, with `readFile` giving a file before its first fix as a file of the kind the
    /// lint found, whose views the proof of its first fixes may reuse.
    private func rounds(lint: ([LintFile]) -> (diagnostics: [Diagnostic], files: [DiscoveredFile]),
                        readFile: (String, FileKind) -> LintFile?) -> Outcome {
        var contents: [String: FileState] = [:]
        var refused: [Refusal] = []
        var refusedKeys: Set<FixKey> = []
        var changes: [AppliedChange] = []
        var pending: [Diagnostic] = []
        var lastRound: [String: RoundRecord] = [:]
        var oneFixAtATime: Set<String> = []
        for round in 0...Self.maximumRounds {
            let linted = lint(contents.sorted { $0.key < $1.key }.map(\.value.current))
            var findingsByFile = Dictionary(grouping: linted.diagnostics, by: \.location.file)
            var undone: [Range<Int>] = []
            for (path, record) in lastRound.sorted(by: { $0.key < $1.key }) {
                guard let new = Self.findingMade(in: findingsByFile[path] ?? [], comparedWith: record.findings, writing: record.written)
                else { continue }
                contents[path] = record.before
                findingsByFile[path] = record.findings
                undone.append(record.changes)
                oneFixAtATime.insert(path)
                // One fix alone made it: that fix is refused; of several, the next rounds tell which.
                guard record.applied.count == 1 || Set(record.applied.compactMap(\.fix)).count == 1 else { continue }
                let reason = "it would make a finding the file did not have: \(new.location.range.start.line):\(new.location.range.start.column) "
                    + "[\(new.ruleID)] \(new.message)"
                for diagnostic in record.applied {
                    refused.append(Refusal(diagnostic: diagnostic, reason: reason))
                    refusedKeys.insert(FixKey(diagnostic))
                }
            }
            for range in undone.sorted(by: { $0.lowerBound > $1.lowerBound }) { changes.removeSubrange(range) }
            lastRound = [:]
            pending = findingsByFile.keys.sorted().flatMap { findingsByFile[$0] ?? [] }.filter { diagnostic in
                guard let fix = diagnostic.fix, fix.isApplicable else { return false }
                return !refusedKeys.contains(FixKey(diagnostic))
            }
            let wanted = pending.filter { appliesUnsafeFixes || $0.fix?.isSafe == true }
            guard round < Self.maximumRounds, !wanted.isEmpty else { break }
            var madeProgress = false
            for (path, diagnostics) in Dictionary(grouping: wanted, by: \.location.file).sorted(by: { $0.key < $1.key }) {
                guard let kind = linted.files.first(where: { $0.path == path })?.kind,
                      let file = contents[path]?.current ?? readFile(path, kind)
                else { continue }
                var fileRound = FileRound(file: file, configuration: plan.configuration,
                                          takesOneFix: oneFixAtATime.contains(path))
                fileRound.run(diagnostics)
                let firstChange = changes.count
                for applied in fileRound.declaredChanges {
                    changes.append(AppliedChange(diagnostics: applied.diagnostics, statement: applied.statement, changes: applied.changes))
                }
                for (diagnostic, reason) in fileRound.refusals {
                    refused.append(Refusal(diagnostic: diagnostic, reason: reason))
                    refusedKeys.insert(FixKey(diagnostic))
                }
                guard fileRound.appliedCount > 0 else { continue }
                madeProgress = true
                let previous = contents[path]
                let lines = LineTable(fileRound.result.bytes)
                let written = fileRound.writtenSpans.map { SourceRange(start: lines.position(ofOffset: $0.lowerBound), end: lines.position(ofOffset: $0.upperBound)) }
                lastRound[path] = RoundRecord(before: previous, findings: findingsByFile[path] ?? [], applied: fileRound.applied,
                                              changes: firstChange..<changes.count, written: written)
                contents[path] = FileState(original: previous?.original ?? file.bytes, current: fileRound.result,
                                           fixes: (previous?.fixes ?? 0) + fileRound.appliedCount)
            }
            guard madeProgress else { break }
        }
        let files = contents.filter { $0.value.original != $0.value.current.bytes }.sorted { $0.key < $1.key }.map {
            FixedFile(path: $0.key, original: $0.value.original, fixed: $0.value.current.bytes, fixCount: $0.value.fixes)
        }
        pending.removeAll { refusedKeys.contains(FixKey($0)) }
        let remainingSafe = pending.filter { $0.fix?.isSafe == true }.count
        return Outcome(files: files, refusals: refused, behaviourChanges: changes,
                       remainingSafe: remainingSafe, remainingUnsafe: pending.count - remainingSafe)
    }

    /// A finding of a rule that reports more findings in `findings` than in `earlier`, on or
    /// relating to the text `written` (sorted, apart); nil when there is none.
    private static func findingMade(in findings: [Diagnostic], comparedWith earlier: [Diagnostic], writing written: [SourceRange]) -> Diagnostic? {
        var counts: [String: Int] = [:]
        for diagnostic in earlier { counts[diagnostic.ruleID, default: 0] += 1 }
        for diagnostic in findings { counts[diagnostic.ruleID, default: 0] -= 1 }
        return findings.first { finding in
            guard (counts[finding.ruleID] ?? 0) < 0 else { return false }
            let places = [finding.location] + finding.related.map(\.location).filter { $0.file == finding.location.file }
            return places.contains { touches($0.range, written) }
        }
    }

    /// Whether `range` meets one of `written`, ends included (a deletion writes an empty range).
    private static func touches(_ range: SourceRange, _ written: [SourceRange]) -> Bool {
        // The first written range that does not end before `range` starts.
        var low = 0
        var high = written.count
        while low < high {
            let middle = (low + high) / 2
            if written[middle].end < range.start { low = middle + 1 } else { high = middle }
        }
        return low < written.count && written[low].start <= range.end
    }

    /// A fix refused once is not tried again in later rounds.
    private struct FixKey: Hashable {
        let file: String
        let ruleID: String
        let pointer: JSONPointer?
        let message: String

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            ruleID = diagnostic.ruleID
            pointer = diagnostic.location.pointer
            message = diagnostic.fix?.message ?? ""
        }
    }
}

/// The fixes of one file in one round. Fixes whose edits touch those of an earlier fix wait
/// for the next round. Fixes of one mistake (the same place, or one finding's related place
/// holding the other's) are alternatives: the first is made, the others refused, never
/// combined. For AASA files the fixes are proven in groups that declare the same change (the
/// same apps and kinds), each against its own declaration, and only when that fails in halves,
/// so that a file of thousands of fixes costs a few comparisons, not thousands.
private struct FileRound {
    /// Groups of different declarations proven in one round; the others wait for the next, so
    /// that a file of thousands of differently declared fixes costs a bounded number of proofs.
    static let proofGroupsPerRound = 16

    /// The file as the round found it.
    let file: LintFile
    let configuration: Configuration
    /// At most one fix is made: an earlier round of this file made a finding it did not have,
    /// and one fix at a time tells which.
    let takesOneFix: Bool
    private(set) var appliedCount = 0
    private(set) var applied: [Diagnostic] = []
    /// The file with the fixes accepted so far.
    private(set) var result: LintFile
    private(set) var declaredChanges: [(diagnostics: [Diagnostic], statement: String, changes: [BehaviourChange])] = []
    private(set) var refusals: [(diagnostic: Diagnostic, reason: String)] = []

    init(file: LintFile, configuration: Configuration, takesOneFix: Bool) {
        self.file = file
        self.configuration = configuration
        self.takesOneFix = takesOneFix
        result = file
    }

    /// The findings that share one fix (those of one component) and the fix.
    private struct Candidate {
        let fix: Fix
        var diagnostics: [Diagnostic]
    }

    /// What a fix's declaration allows, which the fixes proven together share.
    private struct ProofScope: Hashable {
        let appIDs: Set<String>?
        let kinds: Set<BehaviourChange.Kind>
        let justified: Bool

        /// How many apps, then kinds of change, the declaration allows.
        var breadth: (apps: Int, kinds: Int) { (appIDs?.count ?? Int.max, kinds.count) }

        init(_ fix: Fix) {
            if case .changesMeaning(let declared)? = fix.effect {
                appIDs = declared.appIDs
                kinds = declared.kinds
                justified = declared.justification != nil
            } else {
                appIDs = []
                kinds = []
                justified = false
            }
        }
    }

    mutating func run(_ diagnostics: [Diagnostic]) {
        var candidates: [Candidate] = []
        var indexByEdits: [[TextEdit]: Int] = [:]
        var taken = EditOccupancy()
        var mistakes = MistakePlaces(file: file.path)
        for diagnostic in diagnostics {
            guard let fix = diagnostic.fix else { continue }
            if let index = indexByEdits[fix.edits] {
                candidates[index].diagnostics.append(diagnostic)
                continue
            }
            guard !takesOneFix || candidates.isEmpty else { break }
            guard fix.edits.allSatisfy({ $0.span.upperBound <= file.bytes.count }), taken.admits(fix.edits) else { continue }
            if let other = mistakes.alternative(to: diagnostic) {
                refusals.append((diagnostic, "it is an alternative to the fix of the same mistake made at "
                    + "\(other.location.range.start.line):\(other.location.range.start.column) [\(other.ruleID)] "
                    + "(\(other.fix?.message ?? "")); alternatives are offered, never combined: lint the result to see whether it is still wanted"))
                continue
            }
            mistakes.take(diagnostic)
            taken.take(fix.edits)
            indexByEdits[fix.edits] = candidates.count
            candidates.append(Candidate(fix: fix, diagnostics: [diagnostic]))
        }
        guard file.kind == .aasa else {
            accept(candidates, changes: [], making: LintFile(path: file.path, kind: file.kind,
                                                            bytes: TextEdit.applying(acceptedEdits + candidates.flatMap(\.fix.edits), to: file.bytes)))
            return
        }
        var groups: [ProofScope: [Candidate]] = [:]
        var order: [ProofScope] = []
        for candidate in candidates {
            let scope = ProofScope(candidate.fix)
            if groups[scope] == nil { order.append(scope) }
            groups[scope, default: []].append(candidate)
        }
        // The narrowest declarations first, against the file before the broader changes: a
        // fix inside an entry whose misspelt `appIds` another fix renames declares no app,
        // and holds only before the rename gives the entry its apps.
        let narrowestFirst = order.enumerated().sorted {
            ($0.element.breadth.apps, $0.element.breadth.kinds, $0.offset) < ($1.element.breadth.apps, $1.element.breadth.kinds, $1.offset)
        }.map(\.element)
        for scope in narrowestFirst.prefix(Self.proofGroupsPerRound) {
            prove(groups[scope, default: []][...])
        }
    }

    /// Proves `candidates` on top of the fixes already accepted; when the proof fails, proves
    /// each half, so that one bad fix costs a logarithmic number of comparisons.
    private mutating func prove(_ candidates: ArraySlice<Candidate>) {
        guard !candidates.isEmpty else { return }
        let candidate = LintFile(path: file.path, kind: .aasa, bytes: TextEdit.applying(acceptedEdits + candidates.flatMap(\.fix.edits), to: file.bytes))
        switch FixProof(fixes: candidates.map(\.fix), configuration: configuration).check(old: result, new: candidate) {
        case .holds(let changes):
            accept(Array(candidates), changes: changes, making: candidate)
        case .fails(let reason) where candidates.count == 1:
            refusals += candidates[candidates.startIndex].diagnostics.map { ($0, reason) }
        case .fails:
            let middle = candidates.startIndex + candidates.count / 2
            prove(candidates[..<middle])
            prove(candidates[middle...])
        }
    }

    private var acceptedEdits: [TextEdit] = []

    /// What the accepted edits wrote, as spans of `result`, in order.
    var writtenSpans: [Range<Int>] {
        var shift = 0
        return acceptedEdits.sorted { ($0.span.lowerBound, $0.span.upperBound) < ($1.span.lowerBound, $1.span.upperBound) }.map { edit in
            let start = edit.span.lowerBound + shift
            let length = edit.replacement.utf8.count
            shift += length - edit.span.count
            return start..<(start + length)
        }
    }

    /// Keeps `candidates`, whose edits on top of those kept before make `result`.
    private mutating func accept(_ candidates: [Candidate], changes: [BehaviourChange], making result: LintFile) {
        acceptedEdits += candidates.flatMap(\.fix.edits)
        self.result = result
        appliedCount += candidates.reduce(0) { $0 + $1.diagnostics.count }
        applied += candidates.flatMap(\.diagnostics)
        // Candidates proven together that declare the same change share what the diff showed.
        let firstOfThese = declaredChanges.count
        for candidate in candidates {
            guard case .changesMeaning(let declared)? = candidate.fix.effect else { continue }
            let own = changes.filter(declared.allows)
            guard !own.isEmpty else { continue }
            if let same = declaredChanges[firstOfThese...].firstIndex(where: { $0.statement == declared.statement && $0.changes == own }) {
                declaredChanges[same].diagnostics.append(candidate.diagnostics[0])
            } else {
                declaredChanges.append(([candidate.diagnostics[0]], declared.statement, own))
            }
        }
    }
}

/// The places of the mistakes whose fixes a round takes, to tell an alternative fix of one of
/// them: a finding at the same place, at a place another finding relates to (`exclude-shadowed`
/// names the component that shadows, which `optional-query-item` fixes), or relating to a place
/// that holds one. Indexed so that each check looks at the few prefixes of its pointers.
private struct MistakePlaces {
    let file: String
    private var own: [JSONPointer: Diagnostic] = [:]
    /// Every prefix of a taken finding's place, with the finding.
    private var ownPrefixes: [JSONPointer: Diagnostic] = [:]
    private var related: [JSONPointer: Diagnostic] = [:]

    init(file: String) {
        self.file = file
    }

    func alternative(to diagnostic: Diagnostic) -> Diagnostic? {
        if let pointer = diagnostic.location.pointer {
            if let other = own[pointer] { return other }
            if let other = Self.prefixes(of: pointer).lazy.compactMap({ related[$0] }).first { return other }
        }
        return relatedPointers(of: diagnostic).lazy.compactMap { ownPrefixes[$0] }.first
    }

    mutating func take(_ diagnostic: Diagnostic) {
        if let pointer = diagnostic.location.pointer {
            own[pointer] = own[pointer] ?? diagnostic
            for prefix in Self.prefixes(of: pointer) { ownPrefixes[prefix] = ownPrefixes[prefix] ?? diagnostic }
        }
        for pointer in relatedPointers(of: diagnostic) { related[pointer] = related[pointer] ?? diagnostic }
    }

    private func relatedPointers(of diagnostic: Diagnostic) -> [JSONPointer] {
        diagnostic.related.compactMap { $0.location.file == file ? $0.location.pointer : nil }
    }

    private static func prefixes(of pointer: JSONPointer) -> [JSONPointer] {
        (0...pointer.tokens.count).map { JSONPointer(tokens: Array(pointer.tokens.prefix($0))) }
    }
}

/// Which bytes the edits taken so far touch, by blocks of the file, so that checking a fix
/// against thousands taken before it looks only at its neighbours.
private struct EditOccupancy {
    private static let blockSize = 256
    private var editsByBlock: [Int: [TextEdit]] = [:]

    func admits(_ edits: [TextEdit]) -> Bool {
        !edits.indices.contains { index in edits[(index + 1)...].contains { $0.overlaps(edits[index]) } }
            && !edits.contains { edit in Self.blocks(of: edit).contains { editsByBlock[$0]?.contains { $0.overlaps(edit) } ?? false } }
    }

    mutating func take(_ edits: [TextEdit]) {
        for edit in edits {
            for block in Self.blocks(of: edit) { editsByBlock[block, default: []].append(edit) }
        }
    }

    private static func blocks(of edit: TextEdit) -> ClosedRange<Int> {
        (edit.span.lowerBound / blockSize)...(edit.span.upperBound / blockSize)
    }
}
