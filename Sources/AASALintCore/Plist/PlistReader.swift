/// Reads a property list in whichever form an entitlements file comes: XML (as Xcode writes
/// it, or as `codesign -d --entitlements - --xml` prints it, often on one line), the blob
/// older `codesign --entitlements :-` prints (an 8-byte header before the XML), or binary.
enum PlistReader {
    /// The magic and length that precede the XML in an embedded entitlements blob.
    static let entitlementsBlobMagic: [UInt8] = [0xFA, 0xDE, 0x71, 0x71]

    static func parse(_ bytes: [UInt8]) throws(PlistSyntaxError) -> PositionedValue {
        guard !bytes.isEmpty else {
            throw PlistSyntaxError(kind: .syntax, offset: 0, message: "the file is empty; an entitlements file is a property list starting with <?xml")
        }
        if bytes.starts(with: BinaryPlistReader.magic) {
            return try BinaryPlistReader.parse(bytes)
        }
        return try XMLPlistReader.parse(bytes, from: xmlStart(in: bytes))
    }

    private static func xmlStart(in bytes: [UInt8]) -> Int {
        guard bytes.count >= 8, bytes.starts(with: entitlementsBlobMagic) else { return 0 }
        let length = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        return length == bytes.count ? 8 : 0
    }
}
