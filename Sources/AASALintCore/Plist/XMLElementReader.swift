/// An element of an XML document with its attributes and children, every part with its span:
/// what documents whose meaning is in attributes (Android manifests) are read into.
package struct XMLElementNode: Sendable {
    package let name: String
    package let attributes: [XMLAttribute]
    package let children: [XMLElementNode]
    /// The start tag, `<` to `>`.
    package let span: Range<Int>

    /// The attribute with `name` (a qualified name as written, such as `android:host`).
    package func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.name == name }
    }

    package func children(named name: String) -> [XMLElementNode] {
        children.filter { $0.name == name }
    }
}

package struct XMLAttribute: Sendable {
    package let name: String
    /// With references (`&amp;`, `&#x41;`) decoded.
    package let value: String
    package let nameSpan: Range<Int>
    /// The value between its quotes.
    package let valueSpan: Range<Int>
}

/// Reads an XML document into elements, on top of `XMLTokenizer`, which checks well-formedness,
/// refuses entity declarations and bounds the depth; text is dropped. Linear in the input: each
/// start tag is scanned once more for its attributes.
enum XMLElementReader {
    static func root(of bytes: [UInt8]) throws(PlistSyntaxError) -> XMLElementNode {
        let tokens = try XMLTokenizer.tokens(of: bytes)
        // Each open element's name, attributes, span and the children read so far.
        var open: [(name: String, attributes: [XMLAttribute], span: Range<Int>, children: [XMLElementNode])] = []
        var root: XMLElementNode?
        for token in tokens {
            switch token {
            case .startTag(let name, _, let span):
                open.append((name, attributes(inTagAt: span, of: bytes), span, []))
            case .endTag:
                guard let element = open.popLast() else { continue }
                let node = XMLElementNode(name: element.name, attributes: element.attributes, children: element.children, span: element.span)
                if open.isEmpty {
                    root = node
                } else {
                    open[open.count - 1].children.append(node)
                }
            case .text:
                continue
            }
        }
        guard let root else { throw PlistSyntaxError(kind: .syntax, offset: bytes.count, message: "the file holds no XML element") }
        return root
    }

    /// The attributes of the well-formed start tag at `span` (the tokenizer has checked its syntax
    /// and references).
    static func attributes(inTagAt span: Range<Int>, of bytes: [UInt8]) -> [XMLAttribute] {
        var attributes: [XMLAttribute] = []
        var offset = span.lowerBound + 1
        // Past the element's name.
        while offset < span.upperBound, !XMLCharacters.isWhitespace(bytes[offset]), bytes[offset] != UInt8(ascii: ">"), bytes[offset] != UInt8(ascii: "/") {
            offset += 1
        }
        while offset < span.upperBound {
            while offset < span.upperBound, XMLCharacters.isWhitespace(bytes[offset]) { offset += 1 }
            guard offset < span.upperBound, XMLCharacters.isNameStart(bytes[offset]) else { break }
            let nameStart = offset
            while offset < span.upperBound, XMLCharacters.isNameCharacter(bytes[offset]) { offset += 1 }
            let nameSpan = nameStart..<offset
            while offset < span.upperBound, bytes[offset] != UInt8(ascii: "\"") && bytes[offset] != UInt8(ascii: "'") { offset += 1 }
            guard offset < span.upperBound else { break }
            let quote = bytes[offset]
            let valueStart = offset + 1
            offset = valueStart
            while offset < span.upperBound, bytes[offset] != quote { offset += 1 }
            let valueSpan = valueStart..<min(offset, span.upperBound)
            offset += 1
            attributes.append(XMLAttribute(name: String(decoding: bytes[nameSpan], as: UTF8.self),
                                           value: decodedValue(bytes[valueSpan]), nameSpan: nameSpan, valueSpan: valueSpan))
        }
        return attributes
    }

    /// The value with its references replaced and whitespace characters normalised to spaces, as
    /// XML's attribute-value normalisation does.
    private static func decodedValue(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(where: { $0 == UInt8(ascii: "&") || $0 < 0x20 }) else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "&"), let semicolon = raw[index...].prefix(34).firstIndex(of: UInt8(ascii: ";")) {
                let name = String(decoding: raw[(index + 1)..<semicolon], as: UTF8.self)
                decoded += Array(referenced(name).utf8)
                index = semicolon + 1
                continue
            }
            decoded.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func referenced(_ name: String) -> String {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let number = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
            return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
        }
    }
}
