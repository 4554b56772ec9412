/// Reads the package name from the manifest of a built Android app: `AndroidManifest.xml` in an
/// APK is Android's binary XML (aapt2's `ResXMLTree`): a chunk of type `RES_XML_TYPE` holding a
/// string pool, then one chunk per start and end element. Only what the package name needs is
/// read: the string pool and the first start element's attributes.
enum AndroidBinaryXML {
    /// The root element's `package` attribute; nil when the root has none.
    static func manifestPackage(_ bytes: [UInt8]) throws(ArtifactReaderError) -> String? {
        guard bytes.count >= 8, integer(bytes, at: 0, width: 2) == xmlType else {
            throw ArtifactReaderError("AndroidManifest.xml is not Android's binary XML (it does not start with the chunk type 0x0003)")
        }
        let document = try Chunk(bytes, at: 0, what: "the binary manifest")
        var strings: [String]?
        var offset = document.headerSize
        while offset < document.end {
            let chunk = try Chunk(bytes, at: offset, limit: document.end, what: "a chunk of the binary manifest")
            switch chunk.type {
            case stringPoolType:
                strings = try stringPool(bytes, chunk)
            case startElementType:
                guard let strings else { throw ArtifactReaderError("AndroidManifest.xml: an element comes before the string pool") }
                return try rootPackage(bytes, chunk, strings)
            default:
                break
            }
            offset = chunk.end
        }
        throw ArtifactReaderError("AndroidManifest.xml holds no element")
    }

    static let xmlType = 0x0003
    static let stringPoolType = 0x0001
    static let startElementType = 0x0102
    /// A string index that names no string (`ResStringPool_ref` -1).
    static let noString = 0xFFFF_FFFF
    /// `Res_value::TYPE_STRING`.
    static let stringValueType = 0x03

    /// A chunk's header: `uint16 type, uint16 headerSize, uint32 size`, little-endian.
    struct Chunk {
        let type: Int
        let start: Int
        let headerSize: Int
        let end: Int

        init(_ bytes: [UInt8], at start: Int, limit: Int? = nil, what: String) throws(ArtifactReaderError) {
            let limit = limit ?? bytes.count
            guard start + 8 <= limit else { throw ArtifactReaderError("AndroidManifest.xml: \(what) starts past the end") }
            type = AndroidBinaryXML.integer(bytes, at: start, width: 2)
            headerSize = AndroidBinaryXML.integer(bytes, at: start + 2, width: 2)
            let size = AndroidBinaryXML.integer(bytes, at: start + 4, width: 4)
            guard headerSize >= 8, size >= headerSize, size <= limit - start else {
                throw ArtifactReaderError("AndroidManifest.xml: \(what) at offset \(start) declares \(size) bytes, which do not fit")
            }
            self.start = start
            end = start + size
        }
    }

    /// The strings of a `ResStringPool`: a header with the count, the UTF-8 flag and where the
    /// string data starts, then one offset per string.
    static func stringPool(_ bytes: [UInt8], _ chunk: Chunk) throws(ArtifactReaderError) -> [String] {
        guard chunk.headerSize >= 28 else { throw ArtifactReaderError("AndroidManifest.xml: the string pool's header is too short") }
        let count = integer(bytes, at: chunk.start + 8, width: 4)
        let isUTF8 = integer(bytes, at: chunk.start + 16, width: 4) & 0x100 != 0
        let dataStart = chunk.start + integer(bytes, at: chunk.start + 20, width: 4)
        let offsets = chunk.start + chunk.headerSize
        guard count <= (chunk.end - offsets) / 4, dataStart <= chunk.end else {
            throw ArtifactReaderError("AndroidManifest.xml: the string pool declares more strings than it holds")
        }
        var strings: [String] = []
        strings.reserveCapacity(count)
        for index in 0..<count {
            let start = dataStart + integer(bytes, at: offsets + 4 * index, width: 4)
            strings.append(try isUTF8 ? utf8String(bytes, at: start, end: chunk.end) : utf16String(bytes, at: start, end: chunk.end))
        }
        return strings
    }

    /// Two lengths (UTF-16 units, then bytes), each one byte or two with the high bit set, then the bytes.
    private static func utf8String(_ bytes: [UInt8], at start: Int, end: Int) throws(ArtifactReaderError) -> String {
        var offset = start
        func length() throws(ArtifactReaderError) -> Int {
            guard offset < end else { throw ArtifactReaderError("AndroidManifest.xml: a string runs past the string pool") }
            let first = Int(bytes[offset])
            offset += 1
            guard first & 0x80 != 0 else { return first }
            guard offset < end else { throw ArtifactReaderError("AndroidManifest.xml: a string runs past the string pool") }
            defer { offset += 1 }
            return (first & 0x7F) << 8 | Int(bytes[offset])
        }
        _ = try length()
        let count = try length()
        guard count <= end - offset else { throw ArtifactReaderError("AndroidManifest.xml: a string runs past the string pool") }
        return String(decoding: bytes[offset ..< offset + count], as: UTF8.self)
    }

    /// A length in UTF-16 units (one unit, or two with the high bit set), then the units.
    private static func utf16String(_ bytes: [UInt8], at start: Int, end: Int) throws(ArtifactReaderError) -> String {
        guard start + 2 <= end else { throw ArtifactReaderError("AndroidManifest.xml: a string runs past the string pool") }
        var count = integer(bytes, at: start, width: 2)
        var offset = start + 2
        if count & 0x8000 != 0 {
            guard offset + 2 <= end else { throw ArtifactReaderError("AndroidManifest.xml: a string runs past the string pool") }
            count = (count & 0x7FFF) << 16 | integer(bytes, at: offset, width: 2)
            offset += 2
        }
        guard count <= (end - offset) / 2 else { throw ArtifactReaderError("AndroidManifest.xml: a string runs past the string pool") }
        let units = (0..<count).map { UInt16(integer(bytes, at: offset + 2 * $0, width: 2)) }
        return String(decoding: units, as: UTF16.self)
    }

    /// The `package` attribute (no namespace) of the root element, which must be `<manifest>`.
    /// A start element: the chunk header, line number and comment, then `ResXMLTree_attrExt`
    /// (namespace, name, where the attributes start, their size and count), then the attributes.
    private static func rootPackage(_ bytes: [UInt8], _ chunk: Chunk, _ strings: [String]) throws(ArtifactReaderError) -> String? {
        let extensionStart = chunk.start + chunk.headerSize
        guard extensionStart + 20 <= chunk.end else { throw ArtifactReaderError("AndroidManifest.xml: the root element is cut short") }
        func string(_ index: Int) -> String? { index < strings.count ? strings[index] : nil }
        let name = string(integer(bytes, at: extensionStart + 4, width: 4))
        guard name == "manifest" else {
            throw ArtifactReaderError("AndroidManifest.xml: the root element is <\(name ?? "?")>, not <manifest>")
        }
        let attributesStart = extensionStart + integer(bytes, at: extensionStart + 8, width: 2)
        let attributeSize = integer(bytes, at: extensionStart + 10, width: 2)
        let attributeCount = integer(bytes, at: extensionStart + 12, width: 2)
        guard attributeSize >= 20, attributeCount <= (chunk.end - attributesStart) / attributeSize else {
            throw ArtifactReaderError("AndroidManifest.xml: the <manifest> element's attributes run past it")
        }
        for index in 0..<attributeCount {
            let attribute = attributesStart + index * attributeSize
            guard integer(bytes, at: attribute, width: 4) == noString, string(integer(bytes, at: attribute + 4, width: 4)) == "package" else { continue }
            let raw = integer(bytes, at: attribute + 8, width: 4)
            if raw != noString { return string(raw) }
            return Int(bytes[attribute + 15]) == stringValueType ? string(integer(bytes, at: attribute + 16, width: 4)) : nil
        }
        return nil
    }

    static func integer(_ bytes: [UInt8], at offset: Int, width: Int) -> Int {
        APKSignatures.integer(bytes, at: offset, width: width)
    }
}

/// Reads the package name from the manifest of an app bundle: `base/manifest/AndroidManifest.xml`
/// is aapt2's protocol buffer `XmlNode` (field 1, the root `XmlElement`: field 3 its name, field 4
/// each `XmlAttribute`: field 1 its namespace, 2 its name, 3 its value).
enum AndroidProtoXML {
    static func manifestPackage(_ bytes: [UInt8]) throws(ArtifactReaderError) -> String? {
        guard let element = try fields(bytes).last(where: { $0.number == 1 })?.bytes else {
            throw ArtifactReaderError("base/manifest/AndroidManifest.xml holds no element")
        }
        let elementFields = try fields(element)
        let name = elementFields.last { $0.number == 3 }.map { String(decoding: $0.bytes, as: UTF8.self) }
        guard name == "manifest" else {
            throw ArtifactReaderError("base/manifest/AndroidManifest.xml: the root element is <\(name ?? "?")>, not <manifest>")
        }
        for attribute in elementFields where attribute.number == 4 {
            let parts = try fields(attribute.bytes)
            func text(_ number: Int) -> String { parts.last { $0.number == number }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "" }
            if text(1).isEmpty, text(2) == "package" { return text(3) }
        }
        return nil
    }

    /// The length-delimited fields of a message, in order; other wire types are skipped.
    static func fields(_ bytes: [UInt8]) throws(ArtifactReaderError) -> [(number: Int, bytes: [UInt8])] {
        var offset = 0
        func varint() throws(ArtifactReaderError) -> Int {
            var value = 0
            var shift = 0
            while true {
                guard offset < bytes.count, shift < 64 else { throw ArtifactReaderError("base/manifest/AndroidManifest.xml is not a protocol buffer (a number runs past its end)") }
                let byte = bytes[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }
        var fields: [(number: Int, bytes: [UInt8])] = []
        while offset < bytes.count {
            let key = try varint()
            let skip: Int
            switch key & 7 {
            case 0: _ = try varint(); continue
            case 1: skip = 8
            case 5: skip = 4
            case 2:
                let length = try varint()
                guard length >= 0, length <= bytes.count - offset else {
                    throw ArtifactReaderError("base/manifest/AndroidManifest.xml is not a protocol buffer (a field runs past its end)")
                }
                fields.append((key >> 3, Array(bytes[offset ..< offset + length])))
                skip = length
            default:
                throw ArtifactReaderError("base/manifest/AndroidManifest.xml is not a protocol buffer (wire type \(key & 7))")
            }
            guard skip <= bytes.count - offset else { throw ArtifactReaderError("base/manifest/AndroidManifest.xml is not a protocol buffer (a field runs past its end)") }
            offset += skip
        }
        return fields
    }
}
