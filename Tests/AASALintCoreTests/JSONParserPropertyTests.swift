@testable import AASALintCore
import Testing

/// The parser moves children out of its stacks and reuses the strings it has read: these compare
/// its trees, spans included, with the ones a generator meant when it wrote the text.
@Suite struct JSONParserPropertyTests {
    /// What the generator wrote, with the spans it wrote it at.
    indirect enum Written {
        case object([(key: String, keySpan: Range<Int>, value: Written)], Range<Int>)
        case array([Written], Range<Int>)
        case string(String, Range<Int>)
        case number(String, Range<Int>)
        case bool(Bool, Range<Int>)
        case null(Range<Int>)
    }

    struct Generator {
        var state: UInt64
        var bytes: [UInt8] = []

        /// Short strings repeat (the parser's cache), long ones and escaped ones do not.
        static let strings: [(text: String, written: String)] = [
            ("/", "/"), ("?", "?"), ("exclude", "exclude"), ("caseSensitive", "caseSensitive"), ("", ""),
            ("?*", "?*"), ("details", "details"), ("fifteen-chars-x", "fifteen-chars-x"), ("sixteen-chars-xy", "sixteen-chars-xy"),
            ("seven-c", "seven-c"), ("eight-ch", "eight-ch"), ("nine-char", "nine-char"),
            ("\u{E9}t\u{E9}", "\u{E9}t\u{E9}"), ("e\u{301}", "e\u{301}"), ("中文字", "中文字"), ("😀", "😀"),
            ("a\"b", #"a\"b"#), ("tab\t", #"tab\t"#), ("\u{E9}", #"\u00e9"#), ("😀", #"\ud83d\ude00"#),
            ("/stores/hats-2701/*", "/stores/hats-2701/*"),
        ]

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }

        mutating func write(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        mutating func whitespace() {
            write(["", " ", "\n  ", "\t", "\r\n"][next(5)])
        }

        mutating func string() -> (String, Range<Int>) {
            var (text, written) = Self.strings[next(Self.strings.count)]
            if next(4) == 0 {
                let suffix = String(next(10_000))
                text += suffix
                written += suffix
            }
            let start = bytes.count
            write("\"" + written + "\"")
            return (text, start..<bytes.count)
        }

        mutating func value(depth: Int) -> Written {
            let start = bytes.count
            switch next(depth > 4 ? 4 : 7) {
            case 0:
                let (text, span) = string()
                return .string(text, span)
            case 1:
                let number = ["0", "-1.5e3", "42", "3.25"][next(4)]
                write(number)
                return .number(number, start..<bytes.count)
            case 2:
                let flag = next(2) == 0
                write(flag ? "true" : "false")
                return .bool(flag, start..<bytes.count)
            case 3:
                write("null")
                return .null(start..<bytes.count)
            case 4, 5:
                write("{")
                var members: [(key: String, keySpan: Range<Int>, value: Written)] = []
                for index in 0..<next(5) {
                    if index > 0 { write(",") }
                    whitespace()
                    let (key, keySpan) = string()
                    whitespace()
                    write(":")
                    whitespace()
                    members.append((key, keySpan, value(depth: depth + 1)))
                    whitespace()
                }
                write("}")
                return .object(members, start..<bytes.count)
            default:
                write("[")
                var elements: [Written] = []
                for index in 0..<next(5) {
                    if index > 0 { write(",") }
                    whitespace()
                    elements.append(value(depth: depth + 1))
                    whitespace()
                }
                write("]")
                return .array(elements, start..<bytes.count)
            }
        }
    }

    static func differences(_ node: PositionedValue, _ written: Written, at path: String) -> [String] {
        switch (node.value, written) {
        case let (.object(members), .object(expected, span)):
            guard node.span == span, members.count == expected.count else { return ["\(path): object \(node.span) vs \(span)"] }
            return zip(members, expected).flatMap { member, expected in
                member.key.unicodeScalars.elementsEqual(expected.key.unicodeScalars) && member.keySpan == expected.keySpan
                    ? differences(member.value, expected.value, at: path + "/" + expected.key)
                    : ["\(path): key \(member.key.debugDescription) \(member.keySpan) vs \(expected.key.debugDescription) \(expected.keySpan)"]
            }
        case let (.array(elements), .array(expected, span)):
            guard node.span == span, elements.count == expected.count else { return ["\(path): array \(node.span) vs \(span)"] }
            return zip(elements, expected).enumerated().flatMap { index, pair in differences(pair.0, pair.1, at: "\(path)/\(index)") }
        case let (.string(text), .string(expected, span)):
            return text.unicodeScalars.elementsEqual(expected.unicodeScalars) && node.span == span ? [] : ["\(path): string \(text.debugDescription)"]
        case let (.number(text), .number(expected, span)):
            return text == expected && node.span == span ? [] : ["\(path): number \(text)"]
        case let (.bool(flag), .bool(expected, span)):
            return flag == expected && node.span == span ? [] : ["\(path): bool \(flag)"]
        case let (.null, .null(span)):
            return node.span == span ? [] : ["\(path): null \(node.span)"]
        default:
            return ["\(path): \(node.typeName) where something else was written"]
        }
    }

    /// Odd seeds write an array of values past 4 KB, the size from which the parser caches short strings.
    @Test(arguments: 0..<200)
    func treesAndSpansAreTheOnesWritten(seed: Int) throws {
        var generator = Generator(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var written = generator.value(depth: 0)
        if seed % 2 == 1 {
            generator.bytes = Array("[".utf8)
            var elements: [Written] = []
            while generator.bytes.count < 6_000 {
                if !elements.isEmpty { generator.write(",") }
                generator.whitespace()
                elements.append(generator.value(depth: 1))
            }
            generator.write("]")
            written = .array(elements, 0..<generator.bytes.count)
        }
        let root = try JSONParser.parse(generator.bytes)
        let found = Self.differences(root, written, at: "")
        #expect(found.isEmpty, "\(String(decoding: generator.bytes, as: UTF8.self)): \(found)")
    }
}
