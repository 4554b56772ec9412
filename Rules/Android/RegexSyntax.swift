import AASALintCore

/// Regular-expression syntax in Android's path globs, and the advanced glob it stands for.
enum RegexSyntax {
    static let classes: [Character: String] = ["d": "[0-9]", "w": "[a-zA-Z0-9_]"]

    /// The regular-expression constructs of `pattern` (as the matcher receives it) that the
    /// glob `kind` reads as characters, in order of appearance; nil for paths that are not globs.
    static func constructs(in pattern: String, kind: AndroidPathPattern.Kind) -> [String]? {
        guard kind == .simpleGlob || kind == .advancedGlob else { return nil }
        let characters = Array(pattern)
        var found: [String] = []
        func note(_ construct: String) { if !found.contains(construct) { found.append(construct) } }
        var index = 0
        var inSet = false
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                if "dwsDWS".contains(characters[index + 1]) { note("\\" + String(characters[index + 1])) }
                index += 2
                continue
            }
            if inSet {
                if character == "]" { inSet = false }
                index += 1
                continue
            }
            switch character {
            case "[" where kind == .simpleGlob && characters[index...].contains("]"):
                let end = characters[index...].firstIndex(of: "]") ?? index
                note(String(characters[index...end]))
            case "[": inSet = true
            case "+" where kind == .simpleGlob && index > 0 && ".])".contains(characters[index - 1]): note("+")
            case "{" where kind == .simpleGlob && index > 0 && characters[index...].contains("}"): note("{")
            case "?": note("?")
            case "^" where index == 0: note("^")
            case "$" where index == characters.count - 1: note("$")
            case "(":
                if let end = characters[index...].firstIndex(of: ")"), characters[index..<end].contains("|") { note(String(characters[index...end])) }
            default: break
            }
            index += 1
        }
        return found
    }

    /// The advanced glob a regular expression stands for: `\d` and `\w` as sets, without
    /// anchors; nil when it uses what advanced globs lack (`?`, groups, alternatives) or does
    /// not parse as one.
    static func advancedPattern(for pattern: String) -> String? {
        var text = Substring(pattern)
        if text.hasPrefix("^") { text = text.dropFirst() }
        if text.hasSuffix("$") && !text.hasSuffix("\\$") { text = text.dropLast() }
        var result = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            if "?()|".contains(character) { return nil }
            guard character == "\\", let escaped = characters.next() else {
                result.append(character)
                continue
            }
            if "sDWS".contains(escaped) { return nil }
            result += classes[escaped] ?? "\\" + String(escaped)
        }
        guard (try? AndroidPathPattern(kind: .advancedGlob, pattern: result)) != nil else { return nil }
        return result
    }

    /// A path the advanced glob matches, each token taken once (`{n}` n times, `*` not at all),
    /// for the message; nil when none is found this way.
    static func samplePath(for advanced: String) -> String? {
        let characters = Array(advanced)
        var sample = ""
        var index = 0
        while index < characters.count {
            var piece: String
            switch characters[index] {
            case "\\":
                index += 1
                piece = index < characters.count ? String(characters[index]) : ""
            case "[":
                guard let end = characters[index...].firstIndex(of: "]"), index + 1 < end, characters[index + 1] != "^" else { return nil }
                piece = String(characters[index + 1])
                index = end
            case ".": piece = "a"
            default: piece = String(characters[index])
            }
            index += 1
            if index < characters.count {
                switch characters[index] {
                case "*":
                    piece = ""
                    index += 1
                case "+": index += 1
                case "{":
                    guard let end = characters[index...].firstIndex(of: "}"),
                          let count = Int(String(characters[(index + 1)..<end]).split(separator: ",").first ?? "") else { return nil }
                    piece = String(repeating: piece, count: count)
                    index = end + 1
                default: break
                }
            }
            sample += piece
        }
        guard let pattern = try? AndroidPathPattern(kind: .advancedGlob, pattern: advanced), pattern.matches(sample) else { return nil }
        return sample
    }
}
