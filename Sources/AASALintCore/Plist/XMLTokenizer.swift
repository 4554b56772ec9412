/// Reads XML 1.0 over bytes, with exact spans, enforcing well-formedness: one root element,
/// matching tags, valid names, references and comments.
///
/// Deliberately small: it knows the XML declaration, comments, processing instructions,
/// CDATA, the five predefined entities and character references, and a DOCTYPE with an
/// external identifier only. Entity declarations and internal subsets are refused rather than
/// expanded, and nothing is ever fetched.
struct XMLTokenizer {
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var offset: Int
    private let documentStart: Int
    private var openElements: [String] = []
    private var hasSeenRoot = false
    private var hasSeenDoctype = false
    private var tokens: [XMLToken] = []

    /// The tokens of the document in `bytes` from `start` on (spans are offsets into `bytes`).
    static func tokens(of bytes: [UInt8], from start: Int = 0) throws(PlistSyntaxError) -> [XMLToken] {
        try XMLCharacters.validate(bytes, from: start)
        var tokenizer = XMLTokenizer(bytes: bytes, start: start)
        try tokenizer.readDocument()
        return tokenizer.tokens
    }

    private init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        let hasBOM = bytes.count >= start + 3 && bytes[start] == 0xEF && bytes[start + 1] == 0xBB && bytes[start + 2] == 0xBF
        documentStart = hasBOM ? start + 3 : start
        offset = documentStart
    }

    private mutating func readDocument() throws(PlistSyntaxError) {
        while offset < bytes.count {
            if bytes[offset] == ascii("<") {
                try readMarkup()
            } else {
                try readCharacterData()
            }
        }
        if let open = openElements.last {
            throw error(at: bytes.count, "the file ends inside <\(open)>; close it with </\(open)>")
        }
        guard hasSeenRoot else {
            throw error(at: bytes.count, "the file holds no XML element; a property list starts with <plist>")
        }
    }

    // MARK: Markup

    private mutating func readMarkup() throws(PlistSyntaxError) {
        if starts(with: "<?") {
            try readProcessingInstruction()
        } else if starts(with: "<!--") {
            try readComment()
        } else if starts(with: "<![CDATA[") {
            try readCDATA()
        } else if starts(with: "<!DOCTYPE") {
            try readDoctype()
        } else if starts(with: "<!ENTITY") {
            throw refusedEntity(at: offset)
        } else if starts(with: "<!") {
            throw error(at: offset, "unexpected markup \"<!\"; only comments, CDATA and the DOCTYPE start with \"<!\"")
        } else if starts(with: "</") {
            try readEndTag()
        } else {
            try readStartTag()
        }
    }

    private mutating func readProcessingInstruction() throws(PlistSyntaxError) {
        let start = offset
        offset += 2
        let target = try readName(what: "a processing instruction")
        guard let end = find("?>", from: offset) else {
            throw error(at: start, "\"<?\(target)\" is not closed by \"?>\"")
        }
        if target.lowercased() == "xml" {
            guard start == documentStart else {
                throw error(at: start, "the XML declaration <?xml ...?> must be the very first thing in the file")
            }
            guard let version = declaredVersion(in: offset..<end), version.hasPrefix("1.") else {
                throw error(at: start, "the XML declaration must say version=\"1.0\"")
            }
        }
        offset = end + 2
    }

    private func declaredVersion(in range: Range<Int>) -> String? {
        let text = String(decoding: bytes[range], as: UTF8.self)
        guard let key = text.firstRange(of: "version") else { return nil }
        let rest = text[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    private mutating func readComment() throws(PlistSyntaxError) {
        let start = offset
        let bodyStart = offset + 4
        guard let end = find("-->", from: bodyStart) else {
            throw error(at: start, "this comment is not closed by \"-->\"")
        }
        if let doubleHyphen = find("--", from: bodyStart, before: end) {
            throw error(at: doubleHyphen, "\"--\" is not allowed inside an XML comment")
        }
        if end > bodyStart, bytes[end - 1] == ascii("-") {
            throw error(at: end - 1, "an XML comment may not end with \"--->\"; remove the extra \"-\"")
        }
        offset = end + 3
    }

    private mutating func readCDATA() throws(PlistSyntaxError) {
        let start = offset
        guard !openElements.isEmpty else {
            throw error(at: start, "a CDATA section outside the root element")
        }
        let contentStart = offset + 9
        guard let end = find("]]>", from: contentStart) else {
            throw error(at: start, "this CDATA section is not closed by \"]]>\"")
        }
        let text = XMLCharacters.normalizingLineBreaks(bytes[contentStart..<end])
        tokens.append(.text(text, span: contentStart..<end))
        offset = end + 3
    }

    private mutating func readDoctype() throws(PlistSyntaxError) {
        let start = offset
        guard !hasSeenRoot, !hasSeenDoctype else {
            throw error(at: start, "a DOCTYPE may appear only once, before the root element")
        }
        hasSeenDoctype = true
        offset += 9
        guard skipWhitespace() else { throw error(at: offset, "expected a space after <!DOCTYPE") }
        _ = try readName(what: "the DOCTYPE")
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw error(at: start, "this DOCTYPE is not closed by \">\"") }
            switch bytes[offset] {
            case ascii(">"):
                offset += 1
                return
            case ascii("["):
                throw PlistSyntaxError(
                    kind: .refused, offset: offset,
                    message: "a DOCTYPE with an internal subset (\"[...]\") can declare entities; aasalint refuses it rather than expand them; use the standard plist DOCTYPE without \"[...]\""
                )
            case ascii("\""), ascii("'"):
                let quote = bytes[offset]
                guard let close = bytes[(offset + 1)...].firstIndex(of: quote) else {
                    throw error(at: offset, "this quoted identifier in the DOCTYPE is not closed")
                }
                offset = close + 1
            default:
                let keywordStart = offset
                let keyword = try readName(what: "the DOCTYPE")
                guard keyword == "PUBLIC" || keyword == "SYSTEM" else {
                    throw error(at: keywordStart, "unexpected \"\(keyword)\" in the DOCTYPE; expected PUBLIC or SYSTEM")
                }
            }
        }
    }

    private mutating func readEndTag() throws(PlistSyntaxError) {
        let start = offset
        offset += 2
        let name = try readName(what: "an end tag")
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == ascii(">") else {
            throw error(at: offset, "expected \">\" to close </\(name)")
        }
        offset += 1
        guard let open = openElements.last else {
            throw error(at: start, "</\(name)> closes an element that was never opened")
        }
        guard open == name else {
            throw error(at: start, "</\(name)> does not match the open <\(open)>; close it with </\(open)> first")
        }
        openElements.removeLast()
        tokens.append(.endTag(name: name, span: start..<offset))
    }

    private mutating func readStartTag() throws(PlistSyntaxError) {
        let start = offset
        offset += 1
        guard offset < bytes.count, XMLCharacters.isNameStart(bytes[offset]) else {
            throw error(at: start, "\"<\" must start a tag; write &lt; for a literal \"<\"")
        }
        let name = try readName(what: "a tag")
        if hasSeenRoot, openElements.isEmpty {
            throw error(at: start, "a second root element <\(name)>; an XML file has exactly one")
        }
        var attributeNames = Set<String>()
        while true {
            let hadSpace = skipWhitespace()
            guard offset < bytes.count else { throw error(at: start, "<\(name) is not closed by \">\"") }
            if starts(with: "/>") {
                offset += 2
                hasSeenRoot = true
                tokens.append(.startTag(name: name, isEmpty: true, span: start..<offset))
                tokens.append(.endTag(name: name, span: offset..<offset))
                return
            }
            if bytes[offset] == ascii(">") {
                offset += 1
                hasSeenRoot = true
                guard openElements.count < Self.maximumDepth else {
                    throw error(at: start, "elements are nested more than \(Self.maximumDepth) levels deep")
                }
                openElements.append(name)
                tokens.append(.startTag(name: name, isEmpty: false, span: start..<offset))
                return
            }
            guard hadSpace else { throw error(at: offset, "expected a space, \">\" or \"/>\" in <\(name)") }
            let attributeStart = offset
            let attribute = try readName(what: "an attribute")
            guard attributeNames.insert(attribute).inserted else {
                throw error(at: attributeStart, "the attribute \"\(attribute)\" appears twice in <\(name)>")
            }
            try readAttributeValue(of: attribute)
        }
    }

    private mutating func readAttributeValue(of attribute: String) throws(PlistSyntaxError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == ascii("=") else {
            throw error(at: offset, "expected \"=\" after the attribute \"\(attribute)\"")
        }
        offset += 1
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == ascii("\"") || bytes[offset] == ascii("'") else {
            throw error(at: offset, "the value of \"\(attribute)\" must be in quotes")
        }
        let quote = bytes[offset]
        offset += 1
        while offset < bytes.count, bytes[offset] != quote {
            switch bytes[offset] {
            case ascii("<"):
                throw error(at: offset, "\"<\" is not allowed in an attribute value; write &lt;")
            case ascii("&"):
                var ignored: [UInt8] = []
                try readReference(into: &ignored)
            default:
                offset += 1
            }
        }
        guard offset < bytes.count else { throw error(at: offset, "the value of \"\(attribute)\" is not closed") }
        offset += 1
    }

    // MARK: Character data

    private mutating func readCharacterData() throws(PlistSyntaxError) {
        let start = offset
        var decoded: [UInt8] = []
        while offset < bytes.count, bytes[offset] != ascii("<") {
            if bytes[offset] == ascii("&") {
                guard !openElements.isEmpty else { throw textOutsideRoot(at: offset) }
                try readReference(into: &decoded)
                continue
            }
            if openElements.isEmpty, !XMLCharacters.isWhitespace(bytes[offset]) {
                throw textOutsideRoot(at: offset)
            }
            if starts(with: "]]>") {
                throw error(at: offset, "\"]]>\" is not allowed in text; write ]]&gt;")
            }
            decoded.append(bytes[offset])
            offset += 1
        }
        guard !openElements.isEmpty else { return }
        tokens.append(.text(XMLCharacters.normalizingLineBreaks(decoded[...]), span: start..<offset))
    }

    private func textOutsideRoot(at position: Int) -> PlistSyntaxError {
        error(at: position, hasSeenRoot
              ? "text after the end of the root element; remove it"
              : "text before the root element; a property list starts with <?xml ...?> or <plist>")
    }

    /// Appends the UTF-8 of the reference at `offset` and moves past it.
    private mutating func readReference(into decoded: inout [UInt8]) throws(PlistSyntaxError) {
        let start = offset
        guard let semicolon = bytes[start..<min(bytes.count, start + 34)].firstIndex(of: ascii(";")) else {
            throw error(at: start, "a bare \"&\" must be written as \"&amp;\"")
        }
        let name = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
        let scalar: Unicode.Scalar?
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        case _ where name.hasPrefix("#x"):
            scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(XMLCharacters.allowedScalar)
        case _ where name.hasPrefix("#"):
            scalar = UInt32(name.dropFirst(), radix: 10).flatMap(XMLCharacters.allowedScalar)
        case _ where XMLCharacters.isName(name):
            throw PlistSyntaxError(
                kind: .syntax, offset: start,
                message: "\"&\(name);\" is not defined; XML property lists know only &lt; &gt; &amp; &quot; &apos; and numeric references, and aasalint expands no other entities"
            )
        default:
            throw error(at: start, "a bare \"&\" must be written as \"&amp;\"")
        }
        guard let scalar else {
            throw error(at: start, "\"&\(name);\" is not a character XML allows")
        }
        decoded += Array(String(Character(scalar)).utf8)
        offset = semicolon + 1
    }

    // MARK: Scanning

    private mutating func readName(what: String) throws(PlistSyntaxError) -> String {
        let start = offset
        guard offset < bytes.count, XMLCharacters.isNameStart(bytes[offset]) else {
            throw error(at: offset, "expected a name in \(what)")
        }
        while offset < bytes.count, XMLCharacters.isNameCharacter(bytes[offset]) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = offset
        while offset < bytes.count, XMLCharacters.isWhitespace(bytes[offset]) { offset += 1 }
        return offset > start
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return text.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
        }
    }

    /// The offset of the first `text` that starts at or after `start` and ends by `limit`.
    private func find(_ text: StaticString, from start: Int, before limit: Int? = nil) -> Int? {
        let end = min(limit ?? bytes.count, bytes.count)
        return text.withUTF8Buffer { needle in
            guard let first = needle.first else { return nil }
            var index = start
            while index + needle.count <= end {
                if bytes[index] == first, (1..<needle.count).allSatisfy({ bytes[index + $0] == needle[$0] }) {
                    return index
                }
                index += 1
            }
            return nil
        }
    }

    private func refusedEntity(at position: Int) -> PlistSyntaxError {
        PlistSyntaxError(
            kind: .refused, offset: position,
            message: "entity declarations (<!ENTITY) are refused: aasalint never expands entities; write the text itself"
        )
    }

    private func error(at position: Int, _ message: String) -> PlistSyntaxError {
        PlistSyntaxError(kind: .syntax, offset: position, message: message)
    }
}

private func ascii(_ character: Unicode.Scalar) -> UInt8 {
    UInt8(ascii: character)
}
