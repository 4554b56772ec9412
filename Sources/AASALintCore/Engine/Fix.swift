/// How to repair one finding: the sentence reports show, and, when the repair is mechanical,
/// the edits that make it. Edits replace byte ranges of the file as read, so everything they do
/// not touch (comments, key order, indentation, line endings, a byte order mark, the final
/// newline) keeps its bytes.
public struct Fix: Hashable, Sendable {
    /// What to change, in one sentence.
    public let message: String
    /// In ruff's sense: a safe fix does what the finding asks and nothing a user could object
    /// to; an unsafe one rewrites more than the finding or guesses at intent, so `lint --fix`
    /// applies it only with `--unsafe-fixes`.
    public let isSafe: Bool
    /// Empty when the fix is advice that needs a person.
    package let edits: [TextEdit]
    /// For AASA files, which URLs the fix changes, so that the semantic diff can prove it; nil
    /// for files whose behaviour the diff does not model.
    package let effect: Effect?

    /// What a fix of an AASA file does to the URLs that open the app, declared by the rule and
    /// checked by the semantic diff after the edit.
    package enum Effect: Hashable, Sendable {
        /// Every URL opens the same apps as before: a pure rewrite, or a key the system already
        /// read the same way.
        case keepsMeaning
        case changesMeaning(DeclaredChange)
    }

    /// A change of behaviour a fix means to make, stated for the user and bounded for the proof:
    /// the diff may show only changes of these kinds, for these apps.
    package struct DeclaredChange: Hashable, Sendable {
        /// What changes, e.g. `the URLs of the exclusion at /applinks/details/0/components/3 are blocked`.
        package let statement: String
        /// The apps whose URLs may change; nil for every app of the file.
        package let appIDs: Set<String>?
        package let kinds: Set<BehaviourChange.Kind>
        /// Why the change is only the stated one, from the rule's own checks, for edits the
        /// semantic diff cannot compare (patterns compared encoded before and decoded after);
        /// nil when only the diff can tell.
        package let justification: String?

        package init(_ statement: String, appIDs: Set<String>?, kinds: Set<BehaviourChange.Kind> = Set(BehaviourChange.Kind.allCases),
                    justification: String? = nil) {
            self.statement = statement
            self.appIDs = appIDs
            self.kinds = kinds
            self.justification = justification
        }

        package func allows(_ change: BehaviourChange) -> Bool {
            (appIDs?.contains(change.appID) ?? true) && kinds.contains(change.kind)
        }
    }

    package init(_ message: String, isSafe: Bool = true, edits: [TextEdit] = [], effect: Effect? = nil) {
        self.message = message
        self.isSafe = isSafe
        // In source order, whatever order the rule built them in.
        self.edits = edits.sorted { ($0.span.lowerBound, $0.span.upperBound) < ($1.span.lowerBound, $1.span.upperBound) }
        self.effect = effect
    }

    /// True when `lint --fix` can make it: it has edits.
    package var isApplicable: Bool { !edits.isEmpty }

    /// The fix as advice only, for a file that cannot be rewritten (a signed artifact's part):
    /// its edits would point into bytes no one can edit.
    package var withoutEdits: Fix { Fix(message, isSafe: isSafe, effect: effect) }
}

/// One replacement of a byte range of a file; an empty span inserts, an empty replacement deletes.
package struct TextEdit: Hashable, Sendable {
    /// Byte offsets in the file as read.
    package let span: Range<Int>
    /// The same place in lines and columns, for reports; documents compute it (`SourceDocument.edit`).
    package let range: SourceRange
    package let replacement: String

    package init(span: Range<Int>, range: SourceRange, replacement: String) {
        self.span = span
        self.range = range
        self.replacement = replacement
    }

    /// The bytes with every edit made, in one pass in source order. The edits must not overlap:
    /// splicing them one at a time would move the rest of the file each time.
    package static func applying(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var copied = 0
        for edit in edits.sorted(by: { ($0.span.lowerBound, $0.span.upperBound) < ($1.span.lowerBound, $1.span.upperBound) }) {
            result += bytes[copied..<edit.span.lowerBound]
            result += edit.replacement.utf8
            copied = edit.span.upperBound
        }
        result += bytes[copied...]
        return result
    }

    /// True when the two edits touch the same bytes, or insert at the same place, so that the
    /// result of making both would depend on their order.
    package func overlaps(_ other: TextEdit) -> Bool {
        if span.isEmpty || other.span.isEmpty {
            return span.lowerBound == other.span.lowerBound
                || (span.lowerBound > other.span.lowerBound && span.lowerBound < other.span.upperBound)
                || (other.span.lowerBound > span.lowerBound && other.span.lowerBound < span.upperBound)
        }
        return span.overlaps(other.span)
    }
}
