/// Text from a linted file, a configuration, a file name or a remote host, made harmless for a
/// terminal or a CI log: control characters would let a hostile file move the cursor, rewrite
/// earlier lines or change the terminal's title, a line break would start a line that reads as
/// an aasalint finding or a GitHub workflow command (`::error`, `::stop-commands::`), and
/// bidirectional overrides would let it disguise what a line says. Each becomes its Swift
/// escape (`\u{1B}`); tabs stay, since they only move to the next tab stop.
///
/// Every human-readable output goes through here: reports, `match`, `diff`, and every message
/// on standard error. JSON and SARIF escape in their own syntax, GitHub annotations with `%0A`.
package enum TerminalText {
    package static func escaped(_ text: String) -> String {
        // Almost every message needs no escape; building it anew scalar by scalar is what costs.
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            result += escaped(scalar)
        }
        return result
    }

    /// Output of several lines, each escaped whole (a line break inside one is shown as `\u{A}`),
    /// each ended by a line break.
    package static func lines(_ lines: some Sequence<String>) -> String {
        lines.map { escaped($0) + "\n" }.joined()
    }

    static func escaped(_ scalar: Unicode.Scalar) -> String {
        needsEscape(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
    }

    /// Characters that drive a terminal, break a line or reorder text; tab is not one.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
