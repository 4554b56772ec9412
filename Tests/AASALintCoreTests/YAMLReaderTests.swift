@testable import AASALintCore
import Testing

@Suite struct YAMLReaderTests {
    private func parse(_ text: String) throws -> (PositionedValue, LineTable) {
        let bytes = Array(text.utf8)
        return (try YAMLReader.parse(bytes), LineTable(bytes))
    }

    @Test func keysAndValuesKeepTheirPositions() throws {
        let (root, lines) = try parse("rules:\n  legacy-format: off\n  file-too-large: {severity: error, max_bytes: 10}\nexclude: [\"a/**\", b]\n")
        let key = try #require(root.span(at: JSONPointer("/rules/legacy-format")!, part: .key))
        #expect(lines.range(ofOffsets: key) == SourceRange(start: .init(line: 2, column: 3), end: .init(line: 2, column: 16)))
        let value = try #require(root.span(at: JSONPointer("/rules/file-too-large/max_bytes")!, part: .value))
        #expect(lines.range(ofOffsets: value).start == SourcePosition(line: 3, column: 48))
        let glob = try #require(root.span(at: JSONPointer("/exclude/1")!, part: .value))
        #expect(lines.range(ofOffsets: glob).start == SourcePosition(line: 4, column: 19))
    }

    @Test func plainScalarsFollowTheCoreSchemaSoOffStaysText() throws {
        let (root, _) = try parse("a: off\nb: yes\nc: true\nd: 12\ne: ~\nf: \"true\"\ng: -3.5\nh: 1.2.3\n")
        #expect(root.member("a")?.value.stringValue == "off")
        #expect(root.member("b")?.value.stringValue == "yes")
        #expect(root.member("c")?.value.boolValue == true)
        #expect(root.member("d")?.value.numberText == "12")
        #expect(root.member("e")?.value.typeName == "null")
        #expect(root.member("f")?.value.stringValue == "true")
        #expect(root.member("g")?.value.numberText == "-3.5")
        #expect(root.member("h")?.value.stringValue == "1.2.3")
    }

    @Test func nonASCIITextBeforeAValueKeepsColumnsInCharacters() throws {
        let (root, lines) = try parse("reason: \"café ok\"\nbaseline: x.json\n# é\nfail_on: note\n")
        let value = try #require(root.span(at: JSONPointer("/fail_on")!, part: .value))
        #expect(lines.range(ofOffsets: value).start == SourcePosition(line: 4, column: 10))
        #expect(root.member("reason")?.value.stringValue == "café ok")
    }

    @Test func aliasesExpandToTheAnchoredValue() throws {
        let (root, _) = try parse("base: &globs [\"a/**\", \"b/**\"]\nexclude: *globs\n")
        #expect(root.member("exclude")?.value.elements?.compactMap(\.stringValue) == ["a/**", "b/**"])
    }

    @Test func anAliasBombIsRefusedQuickly() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        #expect {
            try YAMLReader.parse(Array(text.utf8))
        } throws: { error in
            (error as? YAMLSyntaxError)?.message.contains("aliases expand to more than 100000 values") == true
        }
    }

    /// Few values, but each a long string: the bytes aliases repeat are bounded too.
    @Test func aliasesOfALongStringAreRefusedByTheirSize() throws {
        let long = String(repeating: "a", count: 100_000)
        let aliases = { (count: Int) in "s: &s \(long)\nl: [\(Array(repeating: "*s", count: count).joined(separator: ", "))]\n" }
        let (root, _) = try parse(aliases(10))
        #expect(root.member("l")?.value.elements?.count == 10)
        #expect {
            try YAMLReader.parse(Array(aliases(11).utf8))
        } throws: { error in
            (error as? YAMLSyntaxError)?.message == "aliases expand to more than 1 MB of keys and values; a configuration file does not need this much (is this an alias bomb?)"
        }
    }

    @Test func syntaxErrorsCarryTheirPosition() {
        let text = "rules:\n  a: [1, 2\nb: c\n"
        #expect {
            try YAMLReader.parse(Array(text.utf8))
        } throws: { error in
            guard let error = error as? YAMLSyntaxError else { return false }
            return error.message.hasPrefix("invalid YAML: ") && LineTable(Array(text.utf8)).position(ofOffset: error.offset).line == 3
        }
    }

    @Test func anEmptyFileIsNull() throws {
        #expect(try parse("").0.typeName == "null")
        #expect(try parse("# only a comment\n").0.typeName == "null")
    }

    @Test func complexKeysAreRefused() {
        #expect(throws: YAMLSyntaxError.self) {
            try YAMLReader.parse(Array("? [a, b]\n: c\n".utf8))
        }
    }
}
