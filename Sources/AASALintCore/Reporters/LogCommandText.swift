/// The message or a property of a CI service's log command (GitHub's workflow commands, Azure
/// Pipelines' logging commands): `%` as the service spells it, CR and LF as `%0D` and `%0A`, so
/// that text from files cannot start a command on a line of its own; other control characters
/// would reach the log raw, so they are escaped as in the text format.
enum LogCommandText {
    static func escaped(_ text: String, percent: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += percent
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result += TerminalText.escaped(scalar)
            }
        }
        return result
    }
}
