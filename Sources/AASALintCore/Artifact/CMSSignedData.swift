/// The content a CMS SignedData message (RFC 5652) carries inside it, as provisioning profiles
/// and iOS 8's signed AASA files have it: ContentInfo { id-signedData, [0] SignedData {
/// version, digestAlgorithms, encapContentInfo { eContentType, [0] eContent OCTET STRING } ... } }.
///
/// Only the structure is read. The signature and Apple's certificate chain are not verified: a
/// profile is trusted as far as the file is, which is enough to lint what it says.
package struct CMSSignedData: Sendable {
    /// The encapsulated content: for a profile, an XML property list; for a signed AASA, JSON.
    package let content: [UInt8]
    /// Where the content starts in the message, when it is one primitive OCTET STRING (in a
    /// constructed BER string it is pieced together, and offsets into it are not the file's).
    package let contentOffset: Int?

    /// 1.2.840.113549.1.7.2
    static let signedDataIdentifier: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

    /// Whether the bytes start like a ContentInfo of signed data, before reading it all: a
    /// SEQUENCE (any length form) whose first element is the id-signedData identifier.
    package static func looksSigned(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == 0x30, bytes.count > 2 else { return false }
        let lengthBytes = bytes[1] & 0x80 == 0 || bytes[1] == 0x80 ? 1 : 1 + Int(bytes[1] & 0x7F)
        let identifier = [0x06, UInt8(signedDataIdentifier.count)] + signedDataIdentifier
        return bytes.dropFirst(1 + lengthBytes).starts(with: identifier)
    }

    package init(_ bytes: [UInt8]) throws(DERSyntaxError) {
        let reader = DERReader(bytes, encoding: .ber)
        let (signedData, fields) = try Self.signedDataFields(reader)
        // version, digestAlgorithms, encapContentInfo, [certificates], [crls], signerInfos SET.
        guard fields.count >= 4, let last = fields.last, last.isUniversal(.set) else {
            throw DERSyntaxError(offset: signedData.contents.lowerBound, message: "SignedData has no signerInfos: the signature itself is missing")
        }
        (content, contentOffset) = try Self.encapsulatedContent(reader, fields)
    }

    /// The content of a message whose structure is broken after it (no signerInfos, say): what
    /// can still be read of a signed file; nil when the content itself cannot be found.
    package static func salvagedContent(_ bytes: [UInt8]) -> [UInt8]? {
        let reader = DERReader(bytes, encoding: .ber)
        do throws(DERSyntaxError) {
            return try encapsulatedContent(reader, signedDataFields(reader).fields).content
        } catch {
            return nil
        }
    }

    private static func signedDataFields(_ reader: DERReader) throws(DERSyntaxError) -> (signedData: DERElement, fields: [DERElement]) {
        let contentInfo = try reader.element(at: 0)
        let info = try Self.expect(reader, contentInfo, .sequence, "ContentInfo", count: 2)
        try Self.expectIdentifier(reader, info[0], Self.signedDataIdentifier, "id-signedData")
        let signedData = try Self.explicit(reader, info[1], "SignedData")
        return (signedData, try Self.expect(reader, signedData, .sequence, "SignedData", count: 3))
    }

    private static func encapsulatedContent(_ reader: DERReader, _ fields: [DERElement]) throws(DERSyntaxError) -> (content: [UInt8], offset: Int?) {
        let encapsulated = try Self.expect(reader, fields[2], .sequence, "EncapsulatedContentInfo", count: 1)
        guard encapsulated.count >= 2 else {
            throw DERSyntaxError(offset: fields[2].contents.lowerBound,
                                 message: "the signed data carries no content (a detached signature)")
        }
        let octets = try Self.explicit(reader, encapsulated[1], "eContent")
        guard octets.isUniversal(.octetString) else {
            throw DERSyntaxError(offset: octets.contents.lowerBound, message: "eContent is not an OCTET STRING")
        }
        return (try reader.stringContents(of: octets), octets.isConstructed ? nil : octets.contents.lowerBound)
    }

    private static func expect(_ reader: DERReader, _ element: DERElement, _ tag: DERTag, _ name: String,
                               count: Int) throws(DERSyntaxError) -> [DERElement] {
        guard element.isUniversal(tag), element.isConstructed else {
            throw DERSyntaxError(offset: element.contents.lowerBound, message: "\(name) is not a \(tag)")
        }
        let children = try reader.children(of: element)
        guard children.count >= count else {
            throw DERSyntaxError(offset: element.contents.lowerBound,
                                 message: "\(name) has \(children.count) elements; at least \(count) expected")
        }
        return children
    }

    private static func expectIdentifier(_ reader: DERReader, _ element: DERElement, _ identifier: [UInt8],
                                         _ name: String) throws(DERSyntaxError) {
        guard element.isUniversal(.objectIdentifier), !element.isConstructed,
              reader.bytes[element.contents].elementsEqual(identifier) else {
            throw DERSyntaxError(offset: element.contents.lowerBound, message: "the content type is not \(name)")
        }
    }

    /// The one element inside an explicit [0] tag.
    private static func explicit(_ reader: DERReader, _ element: DERElement, _ name: String) throws(DERSyntaxError) -> DERElement {
        guard element.isContextSpecific(0), element.isConstructed,
              let inner = try reader.children(of: element).first else {
            throw DERSyntaxError(offset: element.contents.lowerBound, message: "\(name) is not inside an explicit [0] tag")
        }
        return inner
    }
}
