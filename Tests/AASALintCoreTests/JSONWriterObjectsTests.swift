@testable import AASALintCore
import Testing

/// The fast paths of writing a `match --trace` report give the bytes of the general ones:
/// `Value.objects` those of `Value.object`s, an ASCII string with escapes those of the scalar
/// path, a pointer written token by token its `description` escaped.
@Suite struct JSONWriterObjectsTests {
    static let texts = ["", "plain", "q\"uote", "back\\slash", "tab\tand\nline", "\u{7F}\u{01}", "é", "\u{202E}x", "/a~b"]
    static let pointers = [JSONPointer.root, JSONPointer(tokens: ["applinks", "details", "0"]), JSONPointer(tokens: ["a~b", "c/d"]),
                           JSONPointer(tokens: ["q\"", "\\", "é", "\u{01}"]), JSONPointer(tokens: [""])]

    @Test func objectsAreWrittenAsObjectValues() {
        // Every shape of member, and an object without members.
        let count = Self.texts.count * Self.pointers.count + 1
        func members(_ index: Int) -> [(key: String, value: JSONWriter.Value)] {
            guard index < count - 1 else { return [] }
            let text = Self.texts[index % Self.texts.count]
            let pointer = Self.pointers[index / Self.texts.count]
            return [("compared", .string(text)), ("line", .integer(index - 3)), ("matched", .bool(index.isMultiple(of: 2))),
                    ("rule", .object([("pointer", .string(pointer.description)), ("nothing", .object([]))])),
                    ("summary", .string(text + "\"")), ("value", .array([.null, .string(text)]))]
        }
        let general = JSONWriter.Value.object([("steps", .generated(count: count) { .object(members($0)) })])
        let fast = JSONWriter.Value.object([("steps", .objects(count: count) { index, step in
            guard index < count - 1 else { return }
            let text = Self.texts[index % Self.texts.count]
            let pointer = Self.pointers[index / Self.texts.count]
            var escaped: [UInt8] = []
            JSONWriter.appendEscaped(text, to: &escaped)
            step.member("compared", escaped: escaped)
            step.member("line", integer: index - 3)
            step.member("matched", bool: index.isMultiple(of: 2))
            step.member("rule") { rule in
                rule.member("pointer", pointer: pointer)
                rule.member("nothing") { _ in }
            }
            step.member("summary", utf8: Array((text + "\"").utf8))
            step.member("value", .array([.null, .string(text)]))
        })])
        #expect(JSONWriter.prettyPrinted(fast) == JSONWriter.prettyPrinted(general))
        #expect(JSONWriter.line(fast) == JSONWriter.line(general))
    }

    /// A string that is all ASCII is escaped byte by byte; one more scalar that is not sends the
    /// same bytes through the scalar path.
    @Test func asciiIsEscapedAsTheScalarPathEscapesIt() {
        var random = SplitMix64(seed: 0x34_2026)
        for _ in 0..<2_000 {
            let text = String(decoding: (0..<random.next(below: 24)).map { _ in UInt8(random.next(below: 0x80)) }, as: UTF8.self)
            let throughScalars = JSONWriter.escaped(text + "é")
            #expect(JSONWriter.escaped(text) == throughScalars.dropLast(2) + "\"", "\(text.unicodeScalars.map(\.value))")
        }
    }
}
