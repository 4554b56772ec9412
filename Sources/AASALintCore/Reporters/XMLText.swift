/// Text from files and messages as XML character data or a double-quoted attribute value.
/// The five special characters become entities; characters that XML 1.0 forbids even as
/// references (most control characters, U+FFFE, U+FFFF) and those that would drive a terminal
/// when a log prints the report are escaped as the text format shows them (`\u{1B}`); line
/// breaks too, so that an attribute keeps them as written rather than as spaces.
enum XMLText {
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\u{FFFE}", "\u{FFFF}": result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result += TerminalText.escaped(scalar)
            }
        }
        return result
    }

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    /// `name="value" ...`, each value escaped.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0)=\"\(escaped($1))\"" }.joined()
    }
}
