import AASALintTestSupport
import Foundation
import Testing
@testable import AASALintCore

@Suite struct JSONParserTests {
    // MARK: Rejections

    struct Rejection: Sendable, CustomTestStringConvertible {
        let input: String
        let offset: Int
        let message: String

        init(_ input: String, at offset: Int, _ message: String) {
            self.input = input
            self.offset = offset
            self.message = message
        }

        var testDescription: String { input.debugDescription }
    }

    static let syntaxRejections: [Rejection] = [
        // Comments
        Rejection("{\"a\": 1 // note\n}", at: 8, "JSON does not allow comments; remove the comment"),
        Rejection("{/* note */\"a\": 1}", at: 1, "JSON does not allow comments; remove the comment"),
        Rejection("[1, // note\n2]", at: 4, "JSON does not allow comments; remove the comment"),
        Rejection("{} // end", at: 3, "JSON does not allow comments; remove the comment"),
        // Trailing commas, at the comma
        Rejection("{\"a\": 1,}", at: 7, "trailing comma before '}': remove it"),
        Rejection("[1, 2, ]", at: 5, "trailing comma before ']': remove it"),
        Rejection("{\"a\": [1,\n]}", at: 8, "trailing comma before ']': remove it"),
        // Quotes and keys
        Rejection("{'a': 1}", at: 1, "strings must use double quotes, not single quotes"),
        Rejection("[\"a\", 'b']", at: 6, "strings must use double quotes, not single quotes"),
        Rejection("{appIDs: []}", at: 1, "object keys must be double-quoted strings: write \"appIDs\""),
        Rejection("{\"a\": 1, paths: []}", at: 9, "object keys must be double-quoted strings: write \"paths\""),
        Rejection("{\u{201C}a\u{201D}: 1}", at: 1, "curly quote U+201C is not valid JSON: use straight double quotes"),
        Rejection("{\"a\": yes}", at: 6, "unexpected word 'yes': strings must be in double quotes: write \"yes\""),
        // Control characters in strings
        Rejection("{\"a\": \"x\ny\"}", at: 8, "control character U+000A in a string: escape it as \\n"),
        Rejection("[\"a\tb\"]", at: 3, "control character U+0009 in a string: escape it as \\t"),
        Rejection("[\"\r\"]", at: 2, "control character U+000D in a string: escape it as \\r"),
        Rejection("[\"\u{01}\"]", at: 2, "control character U+0001 in a string: escape it as \\u0001"),
        Rejection("[\"a\\n\u{1F}\"]", at: 5, "control character U+001F in a string: escape it as \\u001F"),
        // Escapes, at the backslash
        Rejection("[\"\\x41\"]", at: 2, "invalid escape \\x in a string"),
        Rejection("[\"C:\\Users\"]", at: 4, "write \\\\ for a backslash"),
        Rejection("[\"it\\'s\"]", at: 4, "invalid escape \\' in a string"),
        Rejection("[\"\\u12\"]", at: 2, "\\u must be followed by exactly four hexadecimal digits"),
        Rejection("[\"\\u12G4\"]", at: 2, "\\u must be followed by exactly four hexadecimal digits"),
        Rejection("[\"\\uD83D\"]", at: 2, "unpaired UTF-16 surrogate \\uD83D in a string"),
        Rejection("[\"\\uD83Dx\"]", at: 2, "unpaired UTF-16 surrogate \\uD83D in a string"),
        Rejection("[\"\\uD83D\\u0041\"]", at: 2, "unpaired UTF-16 surrogate \\uD83D in a string"),
        Rejection("[\"ab\\uDE00\"]", at: 4, "unpaired UTF-16 surrogate \\uDE00 in a string"),
        Rejection("[\"\\uD83D\\uZZZZ\"]", at: 8, "\\u must be followed by exactly four hexadecimal digits"),
        // Numbers
        Rejection("[01]", at: 1, "numbers must not have leading zeros: write 1 instead of 01"),
        Rejection("[-01]", at: 2, "numbers must not have leading zeros: write -1 instead of -01"),
        Rejection("[007]", at: 1, "write 7 instead of 007"),
        Rejection("[+1]", at: 1, "numbers must not start with '+'"),
        Rejection("[.5]", at: 1, "numbers need a digit before the decimal point: write 0.5"),
        Rejection("[1.]", at: 2, "a decimal point must be followed by a digit: write 1.0 or 1"),
        Rejection("[1.e5]", at: 2, "a decimal point must be followed by a digit"),
        Rejection("[1e]", at: 2, "an exponent must have digits"),
        Rejection("[1E+]", at: 2, "an exponent must have digits"),
        Rejection("[-]", at: 1, "a '-' must be followed by a digit"),
        Rejection("[- 1]", at: 1, "a '-' must be followed by a digit"),
        Rejection("[0x1F]", at: 1, "hexadecimal numbers are not valid JSON: write 0x1F in decimal, as 31"),
        Rejection("[NaN]", at: 1, "NaN is not valid JSON"),
        Rejection("[Infinity]", at: 1, "Infinity is not valid JSON"),
        Rejection("[-Infinity]", at: 1, "-Infinity is not valid JSON"),
        // Literals, at the start of the word
        Rejection("[True]", at: 1, "literals are lower case: write true"),
        Rejection("[TRUE]", at: 1, "literals are lower case: write true"),
        Rejection("{\"a\": False}", at: 6, "literals are lower case: write false"),
        Rejection("[Null]", at: 1, "literals are lower case: write null"),
        Rejection("[nul]", at: 1, "incomplete literal 'nul': write null"),
        Rejection("[tru]", at: 1, "incomplete literal 'tru': write true"),
        Rejection("[undefined]", at: 1, "undefined is not valid JSON: use null"),
        // Structure
        Rejection("{\"a\" 1}", at: 5, "expected ':' after the key \"a\", found '1'"),
        Rejection("{\"a\" = 1}", at: 5, "expected ':' after the key \"a\", found '='"),
        Rejection("{\"a\": 1 \"b\": 2}", at: 8, "expected ',' or '}' after an object member, found '\"'"),
        Rejection("[1 2]", at: 3, "expected ',' or ']' after an array element, found '2'; add a comma"),
        Rejection("[{} {}]", at: 4, "expected ',' or ']' after an array element, found '{'"),
        Rejection("[1}", at: 2, "mismatched brackets: '}' cannot close an array; close it with ']'"),
        Rejection("{\"a\": 1]", at: 7, "mismatched brackets: ']' cannot close an object; close it with '}'"),
        Rejection("{\"a\": }", at: 6, "expected a value, found '}'"),
        Rejection("[1, ,2]", at: 4, "expected a value, found ','"),
        Rejection("{\"a\":1, 2: 3}", at: 8, "object keys must be double-quoted strings: write \"2\""),
        Rejection("{,}", at: 1, "expected a double-quoted key, found ','"),
        Rejection("{\"a\": \"abc", at: 6, "unterminated string: add the closing \""),
        Rejection("[\"abc\\", at: 1, "unterminated string: add the closing \""),
        Rejection("[\"ab\\ncd", at: 1, "unterminated string: add the closing \""),
        Rejection("{\"a\": ", at: 6, "unexpected end of input: expected a value"),
        Rejection("[1, 2", at: 5, "unexpected end of input: expected ',' or ']'"),
        Rejection("{\"a\": 1", at: 7, "unexpected end of input: expected ',' or '}'"),
        Rejection("{\"a\"", at: 4, "unexpected end of input: expected ':'"),
        Rejection("{", at: 1, "unexpected end of input: expected a double-quoted key"),
        Rejection("", at: 0, "the file is empty"),
        Rejection(" \n\t ", at: 0, "the file is empty"),
        Rejection("{} {}", at: 3, "unexpected content after the end of the JSON value"),
        Rejection("{\"a\": 1}}", at: 8, "unexpected content after the end of the JSON value: found '}'"),
        Rejection("1 2", at: 2, "unexpected content after the end of the JSON value"),
        // Only space, tab, LF and CR are whitespace
        Rejection("[\u{0C}1]", at: 1, "expected a value, found a form feed (U+000C)"),
        Rejection("{\"a\":\u{A0}1}", at: 5, "a no-break space (U+00A0)"),
        Rejection("[1,\u{FEFF}2]", at: 3, "a byte order mark (U+FEFF)"),
        Rejection("\u{FEFF}\u{FEFF}{}", at: 3, "a byte order mark (U+FEFF)"),
        Rejection("[\u{0}]", at: 1, "a NUL byte"),
        Rejection("[é]", at: 1, "found 'é' (U+00E9)"),
    ]

    @Test(arguments: syntaxRejections)
    func rejectsWithPreciseMessage(_ rejection: Rejection) throws {
        let error = try #require(parseError(rejection.input))
        #expect(error.kind == .syntax)
        #expect(error.offset == rejection.offset)
        #expect(error.message.contains(rejection.message), "message was: \(error.message)")
    }

    // MARK: UTF-8

    struct InvalidUTF8: Sendable, CustomTestStringConvertible {
        let name: String
        let badBytes: [UInt8]
        var testDescription: String { name }
    }

    static let invalidUTF8Sequences: [InvalidUTF8] = [
        InvalidUTF8(name: "Latin-1 é", badBytes: [0xE9, 0x74]),
        InvalidUTF8(name: "lead byte before a quote", badBytes: [0xC3]),
        InvalidUTF8(name: "stray continuation byte", badBytes: [0x80]),
        InvalidUTF8(name: "overlong 2-byte NUL", badBytes: [0xC0, 0x80]),
        InvalidUTF8(name: "overlong 2-byte", badBytes: [0xC1, 0xBF]),
        InvalidUTF8(name: "overlong 3-byte", badBytes: [0xE0, 0x80, 0xAF]),
        InvalidUTF8(name: "overlong 4-byte", badBytes: [0xF0, 0x80, 0x80, 0xAF]),
        InvalidUTF8(name: "UTF-16 surrogate", badBytes: [0xED, 0xA0, 0x80]),
        InvalidUTF8(name: "beyond U+10FFFF", badBytes: [0xF4, 0x90, 0x80, 0x80]),
        InvalidUTF8(name: "F5 lead byte", badBytes: [0xF5, 0x80, 0x80, 0x80]),
        InvalidUTF8(name: "FF byte", badBytes: [0xFF]),
        InvalidUTF8(name: "truncated 3-byte", badBytes: [0xE2, 0x82]),
        InvalidUTF8(name: "truncated 4-byte", badBytes: [0xF0, 0x9F, 0x98]),
    ]

    /// The bad bytes come after 11 ASCII bytes so they sit past the word-at-a-time ASCII scan.
    @Test(arguments: invalidUTF8Sequences)
    func rejectsInvalidUTF8(_ sample: InvalidUTF8) throws {
        let bytes = Array("[\"abcdefghi".utf8) + sample.badBytes + Array("\"]".utf8)
        let error = try #require(parseError(bytes))
        #expect(error.kind == .invalidUTF8)
        #expect(error.offset == 11)
        let hex = "0x" + String(sample.badBytes[0], radix: 16, uppercase: true)
        #expect(error.message == "invalid UTF-8: byte \(hex) at offset 11 does not start a valid UTF-8 sequence; "
            + "save the file as UTF-8")
    }

    @Test func rejectsInvalidUTF8AtTheEndOfTheInput() throws {
        let error = try #require(parseError(Array("\"é".utf8).dropLast()))
        #expect(error.kind == .invalidUTF8)
        #expect(error.offset == 1)
        #expect(error.message.contains("byte 0xC3 at offset 1"))
    }

    @Test func rejectsUTF16WithItsOwnMessage() throws {
        let error = try #require(parseError([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]))
        #expect(error.kind == .invalidUTF8)
        #expect(error.offset == 0)
        #expect(error.message.contains("UTF-16 byte order mark; save the file as UTF-8"))
    }

    @Test func acceptsMultibyteCharactersOfEveryLength() throws {
        let root = try parse("[\"é€😀\", \"\u{10FFFF}\", \"\u{7F}\"]")
        #expect(root.elements?.map(\.stringValue) == ["é€😀", "\u{10FFFF}", "\u{7F}"])
    }

    // MARK: Values

    @Test func acceptsScalarsAtTheRoot() throws {
        #expect(try parse("\"x\"").stringValue == "x")
        #expect(try parse(" true ").boolValue == true)
        #expect(try parse("false").boolValue == false)
        #expect(try parse("null").typeName == "null")
        let number = try parse("\r\n-1.5e3\t")
        #expect(number.span == 2..<8)
        guard case .number(let text) = number.value else {
            Issue.record("expected a number, got \(number.typeName)")
            return
        }
        #expect(text == "-1.5e3")
    }

    @Test func keepsNumbersAsTheirSourceText() throws {
        let root = try parse("[-0, 0, 1E+5, 2.50e-3, 123456789012345678901234567890, -0.0]")
        let texts = root.elements?.compactMap { element -> String? in
            if case .number(let text) = element.value { text } else { nil }
        }
        #expect(texts == ["-0", "0", "1E+5", "2.50e-3", "123456789012345678901234567890", "-0.0"])
    }

    @Test func decodesEscapes() throws {
        let root = try parse(
            #"["plain", "a\"b\\c\/d\b\f\n\r\t\u00e9\u20AC\uD83D\uDE00 end", "\u0000", "\uDBFF\uDFFF"]"#
        )
        #expect(root.elements?.map(\.stringValue) == [
            "plain", "a\"b\\c/d\u{8}\u{C}\n\r\té€😀 end", "\u{0}", "\u{10FFFF}",
        ])
    }

    @Test func reusesTheEscapeBufferWithoutLeakingBetweenStrings() throws {
        let root = try parse(#"{"long\nkey": "x\ty", "k": "\u0041"}"#)
        #expect(root.members?.map(\.key) == ["long\nkey", "k"])
        #expect(root.members?.map(\.value.stringValue) == ["x\ty", "A"])
    }

    @Test func accessorsReportTypes() throws {
        let root = try parse(#"{"o": {}, "a": [], "s": "", "n": 1, "b": false, "z": null}"#)
        #expect(root.members?.map(\.value.typeName) == ["object", "array", "string", "number", "boolean", "null"])
        #expect(root.typeName == "object")
        #expect(root.elements == nil)
        #expect(root.stringValue == nil)
        #expect(root.boolValue == nil)
        #expect(root.member("o")?.value.members?.isEmpty == true)
        #expect(root.member("a")?.value.elements?.isEmpty == true)
        #expect(root.member("a")?.value.members == nil)
        #expect(root.member("s")?.value.stringValue == "")
        #expect(root.member("n")?.value.boolValue == nil)
    }

    // MARK: Spans and pointers

    static let spanDocument =
        #"{"applinks": {"details": [{"appIDs": ["A.b"], "paths": ["*"]}]}, "n": -1.5e3, "ok": true}"#

    @Test func reportsSpansOfKeysAndValues() throws {
        let root = try parse(Self.spanDocument)
        #expect(root.span == 0..<89)
        let expectations: [(pointer: String, key: Range<Int>, value: Range<Int>)] = [
            ("", 0..<89, 0..<89),
            ("/applinks", 1..<11, 13..<63),
            ("/applinks/details", 14..<23, 25..<62),
            ("/applinks/details/0", 26..<61, 26..<61),
            ("/applinks/details/0/appIDs", 27..<35, 37..<44),
            ("/applinks/details/0/appIDs/0", 38..<43, 38..<43),
            ("/applinks/details/0/paths", 46..<53, 55..<60),
            ("/n", 65..<68, 70..<76),
            ("/ok", 78..<82, 84..<88),
        ]
        for expectation in expectations {
            let pointer = try #require(JSONPointer(expectation.pointer))
            #expect(root.span(at: pointer, part: .key) == expectation.key, "key span of \(expectation.pointer)")
            #expect(root.span(at: pointer, part: .value) == expectation.value, "value span of \(expectation.pointer)")
        }
        let applinks = try #require(root.members?.first)
        #expect(applinks.key == "applinks")
        #expect(applinks.keySpan == 1..<11)
    }

    @Test func keepsDuplicateKeysInOrderAndResolvesTheLast() throws {
        let root = try parse(#"{"a": 1, "b": 2, "a": "last"}"#)
        #expect(root.members?.map(\.key) == ["a", "b", "a"])
        #expect(root.members?.map(\.keySpan) == [1..<4, 9..<12, 17..<20])
        #expect(root.member("a")?.value.stringValue == "last")
        #expect(root.member("a")?.keySpan == 17..<20)
        #expect(root.node(at: JSONPointer(tokens: ["a"]))?.stringValue == "last")
        #expect(root.span(at: JSONPointer(tokens: ["a"]), part: .key) == 17..<20)
        #expect(root.member("c") == nil)
    }

    @Test func comparesKeysByScalarsLikeNSString() throws {
        let root = try parse(#"{"e\u0301": "decomposed", "\u00e9": "precomposed"}"#)
        #expect(root.member("e\u{301}")?.value.stringValue == "decomposed")
        #expect(root.member("\u{E9}")?.value.stringValue == "precomposed")
    }

    @Test func resolvesPointers() throws {
        let root = try parse(#"{"a/b": {"m~n": [10, 20, {"": "empty"}]}, "s": "x"}"#)
        func resolved(_ text: String) throws -> PositionedValue? {
            try root.node(at: #require(JSONPointer(text)))
        }
        #expect(try resolved("")?.typeName == "object")
        #expect(try resolved("/a~1b/m~0n")?.elements?.count == 3)
        #expect(try resolved("/a~1b/m~0n/1")?.span == 21..<23)
        #expect(try resolved("/a~1b/m~0n/2/")?.stringValue == "empty")
        #expect(try resolved("/a~1b/m~0n/3") == nil)
        #expect(try resolved("/a~1b/m~0n/01") == nil)
        #expect(try resolved("/a~1b/m~0n/-") == nil)
        #expect(try resolved("/a~1b/m~0n/+1") == nil)
        #expect(try resolved("/a~1b/m~0n/-1") == nil)
        #expect(try resolved("/a~1b/m~0n/x") == nil)
        #expect(try resolved("/a~1b/m~0n/99999999999999999999999") == nil)
        #expect(try resolved("/a/b") == nil)
        #expect(try resolved("/missing") == nil)
        #expect(try resolved("/s/0") == nil)
        #expect(root.span(at: JSONPointer(tokens: ["missing"]), part: .key) == nil)
        #expect(root.span(at: JSONPointer(tokens: ["a/b", "m~n", "2", ""]), part: .key) == 26..<28)
    }

    @Test func skipsALeadingByteOrderMarkButCountsIt() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
        let root = try JSONParser.parse(bytes)
        #expect(root.span == 3..<11)
        #expect(root.members?.first?.keySpan == 4..<7)
        #expect(root.member("a")?.value.span == 9..<10)

        let onlyByteOrderMark = try #require(parseError([0xEF, 0xBB, 0xBF]))
        #expect(onlyByteOrderMark.offset == 3)
        #expect(onlyByteOrderMark.message.contains("the file is empty"))
    }

    // MARK: Depth

    @Test func acceptsNestingUpToTheMaximumDepth() throws {
        let depth = JSONParser.defaultMaximumDepth
        let root = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(root.span == 0..<(2 * depth))
        let objects = String(repeating: "{\"a\":", count: depth - 1) + "[]" + String(repeating: "}", count: depth - 1)
        #expect(try parse(objects).typeName == "object")
    }

    @Test func rejectsNestingBeyondTheMaximumDepthAtTheExcessBracket() throws {
        let depth = JSONParser.defaultMaximumDepth
        let tooDeep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        let error = try #require(parseError(tooDeep))
        #expect(error == JSONSyntaxError(kind: .tooDeep, offset: depth, message: "nesting deeper than 512 levels"))

        let custom = try #require(parseError(#"{"a": [{"b": 1}]}"#, maximumDepth: 2))
        #expect(custom == JSONSyntaxError(kind: .tooDeep, offset: 7, message: "nesting deeper than 2 levels"))
    }

    @Test func rejectsAHundredThousandOpenBracketsWithoutOverflowingTheStack() throws {
        let error = try #require(parseError(String(repeating: "[", count: 100_000)))
        #expect(error.kind == .tooDeep)
        #expect(error.offset == 512)
    }

    /// The parser keeps its own stack, so even without a depth limit it does not recurse. Only
    /// unclosed input is used: a finished 100,000-level tree would be released recursively.
    @Test func parsesDeepInputOnASmallThreadStack() throws {
        let hundredThousand = 100_000
        let arrays = Array(repeating: UInt8(ascii: "["), count: hundredThousand)
        let objects = Array(String(repeating: "{\"a\":", count: hundredThousand).utf8)
        let depth = JSONParser.defaultMaximumDepth
        let nested = Array((String(repeating: "[{\"a\":", count: depth / 2) + "1"
            + String(repeating: "}]", count: depth / 2)).utf8)

        let results = try #require(onThreadWithSmallStack {
            [
                Result { () throws(JSONSyntaxError) in try JSONParser.parse(arrays).span },
                Result { () throws(JSONSyntaxError) in try JSONParser.parse(arrays, maximumDepth: .max).span },
                Result { () throws(JSONSyntaxError) in try JSONParser.parse(objects, maximumDepth: .max).span },
                Result { () throws(JSONSyntaxError) in try JSONParser.parse(nested).span },
            ]
        })
        #expect(throws: JSONSyntaxError(kind: .tooDeep, offset: 512, message: "nesting deeper than 512 levels")) {
            try results[0].get()
        }
        #expect(throws: JSONSyntaxError(
            kind: .syntax, offset: hundredThousand, message: "unexpected end of input: expected a value"
        )) {
            try results[1].get()
        }
        #expect(throws: JSONSyntaxError(
            kind: .syntax, offset: 5 * hundredThousand, message: "unexpected end of input: expected a value"
        )) {
            try results[2].get()
        }
        #expect(try results[3].get() == 0..<nested.count)
    }

    // MARK: Corpus

    static let corpusDirectory = SpecCorpus.folder.appendingPathComponent("aasa")

    static let corpusFiles: [String] = (try? FileManager.default.contentsOfDirectory(atPath: corpusDirectory.path))?
        .sorted() ?? []

    static let invalidCorpusFiles: Set<String> = [
        "Ale-memolla__appclip__apple-app-site-association",
        "Ale-memolla__appclip__apple-app-site-association (2)",
    ]

    @Test(.enabled(if: SpecCorpus.testsRun, Comment(rawValue: SpecCorpus.absenceReason)))
    func corpusIsPresent() throws {
        _ = try SpecCorpus.subfolder("aasa")
        #expect(Self.corpusFiles.count > 50, "no corpus at \(Self.corpusDirectory.path)")
        #expect(Self.invalidCorpusFiles.isSubset(of: Self.corpusFiles))
    }

    @Test(.enabled(if: SpecCorpus.testsRun, Comment(rawValue: SpecCorpus.absenceReason)), arguments: corpusFiles)
    func agreesWithFoundationOnCorpusFile(_ name: String) throws {
        let data = try Data(contentsOf: Self.corpusDirectory.appendingPathComponent(name))
        let bytes = [UInt8](data)
        let foundationValue = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])

        if Self.invalidCorpusFiles.contains(name) {
            let error = try #require(parseError(bytes))
            #expect(error.kind == .syntax)
            #expect(error.offset == 110)
            #expect(error.message.contains("expected ':' after the key \"\", found 'p'"))
            #expect(foundationValue == nil, "Foundation accepts what the parser rejects")
            return
        }
        let root = try JSONParser.parse(bytes)
        let reference = try #require(foundationValue, "Foundation rejects what the parser accepts")
        let differences = differencesFromFoundation(root, reference, at: "")
        #expect(differences.isEmpty, "\(differences)")
    }
}

// MARK: - Helpers

// Members rather than file-scope functions, so they cannot collide with other test files' helpers.
extension JSONParserTests {
    private func parse(_ text: String, maximumDepth: Int = JSONParser.defaultMaximumDepth) throws -> PositionedValue {
        try JSONParser.parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    private func parseError(
        _ text: String,
        maximumDepth: Int = JSONParser.defaultMaximumDepth
    ) -> JSONSyntaxError? {
        parseError(Array(text.utf8), maximumDepth: maximumDepth)
    }

    private func parseError(
        _ bytes: [UInt8],
        maximumDepth: Int = JSONParser.defaultMaximumDepth
    ) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes, maximumDepth: maximumDepth)
            return nil
        } catch {
            return error
        }
    }

    /// Runs `body` on a thread with a 512 KiB stack, where deep recursion would crash.
    private func onThreadWithSmallStack<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value? {
        let box = ThreadResult<Value>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.store(body())
            finished.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        finished.wait()
        return box.value
    }

    private final class ThreadResult<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value?

        func store(_ value: Value) {
            lock.withLock { stored = value }
        }

        var value: Value? {
            lock.withLock { stored }
        }
    }

    /// Where a parsed tree and JSONSerialization's result disagree, seen the way the system sees
    /// the document: the last duplicate key wins.
    private func differencesFromFoundation(_ node: PositionedValue, _ foundation: Any, at path: String) -> [String] {
        switch node.value {
        case .object(let members):
            guard let dictionary = foundation as? [String: Any] else {
                return ["\(path): object, Foundation has \(type(of: foundation))"]
            }
            let keys = Set(members.map(\.key))
            var differences = keys.count == dictionary.count
                ? [] : ["\(path): \(keys.count) distinct keys, Foundation has \(dictionary.count)"]
            for key in keys.sorted() {
                guard let member = node.member(key), let reference = dictionary[key] else {
                    differences.append("\(path)/\(key): missing from Foundation's result")
                    continue
                }
                differences += differencesFromFoundation(member.value, reference, at: "\(path)/\(key)")
            }
            return differences
        case .array(let elements):
            guard let array = foundation as? [Any], array.count == elements.count else {
                return ["\(path): array of \(elements.count), Foundation has \(foundation)"]
            }
            return zip(elements, array).enumerated().flatMap { index, pair in
                differencesFromFoundation(pair.0, pair.1, at: "\(path)/\(index)")
            }
        case .string(let string):
            return foundation as? String == string ? [] : ["\(path): \"\(string)\", Foundation has \(foundation)"]
        case .number(let text):
            guard let number = foundation as? NSNumber, !isBoolean(number), Double(text) == number.doubleValue else {
                return ["\(path): \(text), Foundation has \(foundation)"]
            }
            return []
        case .bool(let bool):
            guard let number = foundation as? NSNumber, isBoolean(number), number.boolValue == bool else {
                return ["\(path): \(bool), Foundation has \(foundation)"]
            }
            return []
        case .null:
            return foundation is NSNull ? [] : ["\(path): null, Foundation has \(foundation)"]
        }
    }

    /// JSONSerialization returns booleans as NSNumbers whose type encoding is `c` (char).
    private func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
