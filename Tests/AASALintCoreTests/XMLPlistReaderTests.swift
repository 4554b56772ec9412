@testable import AASALintCore
import Testing

@Suite struct XMLPlistReaderTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    static func parse(_ text: String) throws(PlistSyntaxError) -> PositionedValue {
        try PlistReader.parse(Array(text.utf8))
    }

    /// Where `pointer` is in `text`, as `line:column-line:column`.
    static func position(of pointer: String, _ part: JSONPointerPart = .value, in text: String) throws -> String {
        let bytes = Array(text.utf8)
        let document = SourceDocument(path: "x", lines: LineTable(bytes), root: try PlistReader.parse(bytes))
        let range = document.location(try #require(JSONPointer(pointer)), part).range
        return "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
    }

    static func error(_ text: String) -> PlistSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    static let sample = header + """
        <dict>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \t\t<string>applinks:example.com</string>
        \t\t<string>applinks:example.com?mode=developer</string>
        \t</array>
        \t<key>get-task-allow</key>
        \t<true/>
        \t<key>count</key>
        \t<integer> 42 </integer>
        \t<key>ratio</key>
        \t<real>1.5</real>
        \t<key>when</key>
        \t<date>2024-01-31T12:00:00Z</date>
        \t<key>blob</key>
        \t<data>
        \tAAEC
        \tAw==
        \t</data>
        \t<key>empty</key>
        \t<string/>
        </dict>
        </plist>

        """

    @Test func buildsTheTreeWithEveryValueType() throws {
        let root = try Self.parse(Self.sample)
        let domains = try #require(root.member("com.apple.developer.associated-domains")?.value.elements)
        #expect(domains.compactMap(\.stringValue) == ["applinks:example.com", "applinks:example.com?mode=developer"])
        #expect(root.member("get-task-allow")?.value.boolValue == true)
        #expect(root.member("count").map { "\($0.value.value)" } == "number(\"42\")")
        #expect(root.member("ratio").map { "\($0.value.value)" } == "number(\"1.5\")")
        #expect(root.member("when")?.value.stringValue == "2024-01-31T12:00:00Z")
        #expect(root.member("blob")?.value.stringValue == "AAECAw==")
        #expect(root.member("empty")?.value.stringValue == "")
    }

    @Test(arguments: [
        ("/com.apple.developer.associated-domains/0", JSONPointerPart.value, "7:11-7:31"),
        ("/com.apple.developer.associated-domains/1", .value, "8:11-8:46"),
        ("/com.apple.developer.associated-domains", .key, "5:7-5:45"),
        ("/com.apple.developer.associated-domains", .value, "6:2-9:10"),
        ("/get-task-allow", .value, "11:2-11:9"),
        ("/count", .value, "13:11-13:15"),
        ("/ratio", .value, "15:8-15:11"),
        ("/when", .value, "17:8-17:28"),
        ("/empty", .value, "24:2-24:11"),
        ("", .value, "4:1-25:8"),
    ])
    func everyValueHasItsExactPosition(pointer: String, part: JSONPointerPart, expected: String) throws {
        #expect(try Self.position(of: pointer, part, in: Self.sample) == expected)
    }

    @Test func codesignOutputOnOneLineHasColumnsPerValue() throws {
        let text = #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd"><plist version="1.0"><dict><key>application-identifier</key><string>9JA89QQLNQ.com.example.shop</string><key>com.apple.developer.associated-domains</key><array><string>applinks:example.com?mode=developer</string></array></dict></plist>"#
        #expect(try Self.position(of: "/com.apple.developer.associated-domains/0", in: text) == "1:309-1:344")
        #expect(try Self.position(of: "/application-identifier", in: text) == "1:209-1:236")
    }

    @Test func readsTheEntitlementsBlobThatOlderCodesignPrints() throws {
        let xml = Array((Self.header + "<dict><key>a</key><string>b</string></dict></plist>").utf8)
        let length = UInt32(xml.count + 8)
        let blob = [0xFA, 0xDE, 0x71, 0x71] + (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) } + xml
        #expect(try PlistReader.parse(blob).member("a")?.value.stringValue == "b")
    }

    @Test func decodesReferencesCDATAAndLineBreaks() throws {
        let root = try Self.parse(Self.header + "<dict><key>k&amp;y</key><string>&lt;a&gt; &#65;&#x42; <![CDATA[<raw & text>]]>\r\nx</string></dict></plist>")
        let member = try #require(root.members?.first)
        #expect(member.key == "k&y")
        #expect(member.value.stringValue == "<a> AB <raw & text>\nx")
    }

    @Test func acceptsCommentsProcessingInstructionsABOMAndABareValue() throws {
        let text = "\u{FEFF}<?xml version=\"1.0\"?><!-- generated --><?editor hint?>\n<dict><!-- a --><key>a</key><!-- b --><true/></dict>\n<!-- end -->\n"
        #expect(try Self.parse(text).member("a")?.value.boolValue == true)
    }

    @Test func keepsDuplicateKeysInSourceOrder() throws {
        let root = try Self.parse(Self.header + "<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>")
        #expect(root.members?.map(\.key) == ["a", "a"])
        #expect(root.member("a")?.value.stringValue == "2")
    }

    @Test(arguments: [
        ("<!DOCTYPE plist [ <!ENTITY x \"y\"> ]><plist><dict/></plist>", 16),
        ("<!DOCTYPE plist SYSTEM \"p.dtd\" [ ]><plist><dict/></plist>", 31),
        ("<!ENTITY x \"y\"><plist><dict/></plist>", 0),
        ("<plist><dict/></plist><!ENTITY x \"y\">", 22),
    ])
    func refusesEntityDeclarationsAndInternalSubsets(text: String, offset: Int) {
        let error = Self.error(text)
        #expect(error?.kind == .refused)
        #expect(error?.offset == offset)
    }

    @Test(arguments: [
        ("<plist><dict><key>a</key><string>&ent;</string></dict></plist>", 33, "\"&ent;\" is not defined"),
        ("<plist><dict><key>a</key><string>a & b</string></dict></plist>", 35, "a bare \"&\" must be written as \"&amp;\""),
        ("<plist><dict><key>a</key><string>&#0;</string></dict></plist>", 33, "\"&#0;\" is not a character XML allows"),
        ("<plist><dict><key>a</key><string>x</dict></plist>", 34, "</dict> does not match the open <string>"),
        ("<plist><dict><key>a</key><string>x</string>", 43, "the file ends inside <dict>"),
        ("<plist><dict></dict></plist><plist/>", 28, "a second root element <plist>"),
        ("<plist><dict></dict></plist>trailing", 28, "text after the end of the root element"),
        ("junk<plist/>", 0, "text before the root element"),
        ("<plist><dict><key>a</key></dict></plist>", 13, "the key \"a\" has no value"),
        ("<plist><dict><string>a</string></dict></plist>", 13, "<string> in a <dict> without a <key> before it"),
        ("<plist><dict><key>a</key><integer>4x</integer></dict></plist>", 34, "<integer> holds \"4x\", not a whole number"),
        ("<plist><dict><key>a</key><date>yesterday</date></dict></plist>", 31, "<date> holds \"yesterday\""),
        ("<plist><dict><key>a</key><true>yes</true></dict></plist>", 25, "<true/> holds no text"),
        ("<plist><dict><key>a</key><string><b/></string></dict></plist>", 33, "<b> inside <string>"),
        ("<plist><dict><key>a</key><set/></dict></plist>", 25, "<set> is not a property list element"),
        ("<plist><array><key>a</key></array></plist>", 14, "<key> outside <dict>"),
        ("<plist><dict a='1' a='2'/></plist>", 19, "the attribute \"a\" appears twice"),
        ("<plist><dict a=1/></plist>", 15, "the value of \"a\" must be in quotes"),
        ("<plist><!-- a -- b --><dict/></plist>", 14, "\"--\" is not allowed inside an XML comment"),
        ("<plist><!-- unclosed <dict/></plist>", 7, "this comment is not closed"),
        ("<plist><dict/></plist><?xml version=\"1.0\"?>", 22, "the XML declaration <?xml ...?> must be the very first thing"),
        ("<plist>< dict/></plist>", 7, "\"<\" must start a tag"),
        ("<plist><![CDATA[x]]></plist>", 16, "text outside a value element"),
        ("<plist><dict/>\u{1}</plist>", 14, "the character U+0001 is not allowed in XML"),
        ("<plist></plist>", 0, "<plist> holds no value"),
        ("<plist><dict/><dict/></plist>", 14, "a second value <dict> in <plist>"),
        ("", 0, "the file is empty"),
        ("   ", 3, "the file holds no XML element"),
    ])
    func reportsMalformedXMLAtItsPosition(text: String, offset: Int, message: String) {
        let error = Self.error(text)
        #expect(error?.kind == .syntax)
        #expect(error?.offset == offset)
        #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
    }

    @Test func reportsInvalidUTF8AtTheOffendingByte() {
        let bytes = Array("<plist><string>".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)
        #expect(throws: PlistSyntaxError.self) { try PlistReader.parse(bytes) }
        do {
            _ = try PlistReader.parse(bytes)
        } catch {
            #expect(error.kind == .invalidUTF8)
            #expect(error.offset == 15)
        }
    }

    @Test func refusesUTF16() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("<".utf8) + [0]
        #expect(Self.errorKind(bytes) == .unsupported)
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let depth = XMLTokenizer.maximumDepth + 1
        let text = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(Self.error(text)?.message.contains("nested more than") == true)
    }

    static func errorKind(_ bytes: [UInt8]) -> PlistSyntaxError.Kind? {
        do {
            _ = try PlistReader.parse(bytes)
            return nil
        } catch {
            return error.kind
        }
    }
}
