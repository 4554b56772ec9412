/// A compiled regular expression of a custom rule.
///
/// Custom rules run on downloaded, possibly hostile values, so matching never backtracks: the
/// pattern becomes a Thompson NFA simulated as a Pike VM, which costs O(text length × program
/// size) whatever the pattern and the text. Syntax and meaning follow ICU (NSRegularExpression),
/// over Unicode scalars; features that only a backtracking matcher provides are rejected.
package struct RegularExpression: Sendable {
    package let pattern: String
    private let program: [RegexInstruction]

    /// Bounds memory and the work per scalar, since counted repetition is expanded by copying.
    static let maximumProgramSize = 5_000
    static let maximumGroupDepth = 200

    /// Throws UsageError("'<pattern>' is not a valid regular expression: <reason>").
    package init(_ pattern: String) throws(UsageError) {
        self.pattern = pattern
        do throws(RegexSyntaxError) {
            var parser = RegexParser(pattern)
            program = try RegexCompiler.compile(try parser.parse())
        } catch {
            throw UsageError("'\(pattern)' is not a valid regular expression: \(error.reason)")
        }
    }

    /// Whether `text` contains a match anywhere (unanchored search, as NSRegularExpression's firstMatch(in:range:) != nil).
    package func search(in text: String) -> Bool {
        var steps = 0
        return search(in: text, steps: &steps)
    }

    /// Counts VM steps so that tests can check the linear bound without timing anything.
    func search(in text: String, steps: inout Int) -> Bool {
        RegexPikeVM(program: program).search(Array(text.unicodeScalars), steps: &steps)
    }

    var programSize: Int { program.count }
}

struct RegexSyntaxError: Error {
    let reason: String

    static func needsBacktracking(_ feature: String, at offset: Int) -> RegexSyntaxError {
        RegexSyntaxError(reason: "\(feature) at offset \(offset) needs a backtracking matcher, which custom rules do not use "
            + "so that no value can make matching slow; rewrite the pattern without it")
    }
}

