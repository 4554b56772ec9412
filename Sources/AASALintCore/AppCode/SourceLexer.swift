/// One token of Swift or Objective-C source: identifiers (keywords included, backticks
/// removed), `#` directives, string literals (as one token; the code inside their
/// interpolations is tokens of its own), and single punctuation bytes. Comments, whitespace
/// and numbers leave no token.
struct SourceToken: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        case identifier
        /// `#if`, `#selector`, `#define`: the text is the name without `#`.
        case directive
        case string
        case punctuation
    }

    let kind: Kind
    /// Byte offsets in the file.
    let span: Range<Int>
    /// The identifier or directive name; the byte for punctuation; empty for strings.
    let text: String

    func isPunctuation(_ byte: UInt8) -> Bool {
        kind == .punctuation && text.utf8.first == byte && text.utf8.count == 1
    }

    func isIdentifier(_ name: String) -> Bool {
        kind == .identifier && text == name
    }
}

/// A lexical reader of Swift and Objective-C, not a compiler: it tells code from comments and
/// string literals (Swift's nested `/* */`, multi-line `"""`, raw `#"..."#` strings and
/// `\( )` interpolation; Objective-C's `@"..."` and character literals), so that names are
/// found only where they are code. Linear in the input: every byte is looked at a bounded
/// number of times, whatever the nesting or the number of `#`s (hostile-input suites hold it
/// to that). What it cannot read to the end (an unterminated comment or string) it says.
struct SourceLexer {
    enum Language: Sendable {
        case swift
        case objectiveC
    }

    /// The tokens, and whether the whole file was read as well-formed code.
    struct Result: Sendable {
        let tokens: [SourceToken]
        /// False after an unterminated comment, string or interpolation.
        let isWellFormed: Bool
    }

    /// Where the reader is: code (inside an interpolation, with its open parentheses) or a string.
    private enum Context {
        case code(interpolationParentheses: Int)
        case string(start: Int, quotes: Int, hashes: Int)
    }

    private let bytes: [UInt8]
    private let language: Language

    init(_ bytes: [UInt8], language: Language) {
        self.bytes = bytes
        self.language = language
    }

    func tokens() -> Result {
        var tokens: [SourceToken] = []
        var wellFormed = true
        // The bottom context is the file's code, which no `)` closes.
        var stack: [Context] = [.code(interpolationParentheses: -1)]
        var index = 0
        let count = bytes.count
        while index < count {
            guard let context = stack.last else { break }
            switch context {
            case .string(let start, let quotes, let hashes):
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") {
                    let afterHashes = skip(UInt8(ascii: "#"), from: index + 1, atMost: hashes)
                    guard afterHashes - index - 1 == hashes else { index = afterHashes; continue }
                    if afterHashes < count, bytes[afterHashes] == UInt8(ascii: "(") {
                        stack.append(.code(interpolationParentheses: 0))
                        index = afterHashes + 1
                    } else {
                        index = min(afterHashes + 1, count)
                    }
                } else if byte == UInt8(ascii: "\"") {
                    let afterQuotes = skip(UInt8(ascii: "\""), from: index, atMost: quotes)
                    let afterHashes = skip(UInt8(ascii: "#"), from: afterQuotes, atMost: hashes)
                    if afterQuotes - index == quotes, afterHashes - afterQuotes == hashes {
                        stack.removeLast()
                        tokens.append(SourceToken(kind: .string, span: start..<afterHashes, text: ""))
                    }
                    // Quotes and hashes that do not close the string cannot start its end either.
                    index = max(afterHashes, index + 1)
                } else if byte == UInt8(ascii: "\n"), quotes == 1 {
                    // A one-line string ends with its line, closed or not.
                    stack.removeLast()
                    wellFormed = false
                    tokens.append(SourceToken(kind: .string, span: start..<index, text: ""))
                    index += 1
                } else {
                    index += 1
                }
            case .code(let parentheses):
                index = readCode(at: index, parentheses: parentheses, stack: &stack, tokens: &tokens, wellFormed: &wellFormed)
            }
        }
        if stack.count > 1 { wellFormed = false }
        return Result(tokens: tokens, isWellFormed: wellFormed)
    }

    /// Reads one token, comment or blank of code at `index`; returns where the next begins.
    private func readCode(at index: Int, parentheses: Int, stack: inout [Context], tokens: inout [SourceToken],
                          wellFormed: inout Bool) -> Int {
        let count = bytes.count
        let byte = bytes[index]
        let next = index + 1 < count ? bytes[index + 1] : 0
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
            return index + 1
        case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
            var end = index + 2
            while end < count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
            let (end, closed) = blockCommentEnd(from: index + 2)
            if !closed { wellFormed = false }
            return end
        case UInt8(ascii: "\""):
            return openString(at: index, start: index, hashes: 0, stack: &stack)
        case UInt8(ascii: "@") where next == UInt8(ascii: "\"") && language == .objectiveC:
            return openString(at: index + 1, start: index, hashes: 0, stack: &stack)
        case UInt8(ascii: "'"):
            // A character literal (Objective-C); Swift has none, so a stray one reads to the line's end at most.
            var end = index + 1
            while end < count, bytes[end] != UInt8(ascii: "'"), bytes[end] != UInt8(ascii: "\n") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(end + 1, count)
        case UInt8(ascii: "#"):
            let afterHashes = skip(UInt8(ascii: "#"), from: index, atMost: Int.max)
            if afterHashes < count, bytes[afterHashes] == UInt8(ascii: "\""), language == .swift {
                return openString(at: afterHashes, start: index, hashes: afterHashes - index, stack: &stack)
            }
            var nameStart = afterHashes
            while nameStart < count, bytes[nameStart] == UInt8(ascii: " ") || bytes[nameStart] == UInt8(ascii: "\t") { nameStart += 1 }
            let nameEnd = identifierEnd(from: nameStart)
            guard nameEnd > nameStart else {
                tokens.append(SourceToken(kind: .punctuation, span: index..<index + 1, text: "#"))
                return index + 1
            }
            tokens.append(SourceToken(kind: .directive, span: index..<nameEnd, text: text(nameStart..<nameEnd)))
            return nameEnd
        case UInt8(ascii: "`"):
            let end = identifierEnd(from: index + 1)
            guard end > index + 1 else { return index + 1 }
            tokens.append(SourceToken(kind: .identifier, span: index + 1..<end, text: text(index + 1..<end)))
            return end < count && bytes[end] == UInt8(ascii: "`") ? end + 1 : end
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return max(identifierEnd(from: index), index + 1)
        default:
            let end = identifierEnd(from: index)
            if end > index {
                tokens.append(SourceToken(kind: .identifier, span: index..<end, text: text(index..<end)))
                return end
            }
            if parentheses >= 0, byte == UInt8(ascii: ")") || byte == UInt8(ascii: "(") {
                // Inside an interpolation: its own `)` goes back to the string.
                let depth = parentheses + (byte == UInt8(ascii: "(") ? 1 : -1)
                guard depth >= 0 else {
                    stack.removeLast()
                    return index + 1
                }
                stack[stack.count - 1] = .code(interpolationParentheses: depth)
            }
            tokens.append(SourceToken(kind: .punctuation, span: index..<index + 1, text: String(UnicodeScalar(byte))))
            return index + 1
        }
    }

    /// Pushes the string whose first quote is at `quote` (after `hashes` `#`s that began at `start`).
    private func openString(at quote: Int, start: Int, hashes: Int, stack: inout [Context]) -> Int {
        let afterQuotes = skip(UInt8(ascii: "\""), from: quote, atMost: 3)
        switch afterQuotes - quote {
        case 3:
            stack.append(.string(start: start, quotes: 3, hashes: hashes))
            return afterQuotes
        case 2 where language == .swift:
            // `""` is an empty string, `#""#` an empty raw one.
            let end = skip(UInt8(ascii: "#"), from: afterQuotes, atMost: hashes)
            return end
        default:
            stack.append(.string(start: start, quotes: 1, hashes: hashes))
            return quote + 1
        }
    }

    /// The end of a block comment whose text starts at `start`; Swift's nest, Objective-C's do not.
    private func blockCommentEnd(from start: Int) -> (end: Int, closed: Bool) {
        var depth = 1
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let next = index + 1 < count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "*"), next == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return (index, true) }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*"), language == .swift {
                depth += 1
                index += 2
            } else {
                index += 1
            }
        }
        return (count, false)
    }

    /// The index after at most `limit` repeats of `byte` from `start`.
    private func skip(_ byte: UInt8, from start: Int, atMost limit: Int) -> Int {
        var index = start
        while index < bytes.count, index - start < limit, bytes[index] == byte { index += 1 }
        return index
    }

    /// The end of the identifier (letters, digits, `_`, `$`, any non-ASCII byte) from `start`.
    private func identifierEnd(from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            let isPart = byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isPart else { break }
            index += 1
        }
        return index
    }

    private func text(_ span: Range<Int>) -> String {
        String(decoding: bytes[span], as: UTF8.self)
    }
}
