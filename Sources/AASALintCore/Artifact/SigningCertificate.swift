/// An X.509 certificate that signs an APK, with what App Links and the release checks need:
/// the SHA-256 of its DER encoding (the value `assetlinks.json` lists) and whether its subject
/// is the Android debug key's (`CN=Android Debug`, ANDROID.md 4.3).
package struct SigningCertificate: Sendable, Equatable {
    let der: [UInt8]
    /// Upper-case hex bytes joined by `:`.
    package let fingerprint: String
    /// The issuer name and serial number, DER, as a PKCS#7 signer info names its certificate.
    let issuerAndSerial: [UInt8]
    /// The subject's common name, when it has one.
    package let commonName: String?

    static let debugCommonName = "Android Debug"

    package var isAndroidDebug: Bool { commonName == Self.debugCommonName }

    init(der: [UInt8]) throws(DERSyntaxError) {
        self.der = der
        fingerprint = SHA256.fingerprint(der)
        let reader = DERReader(der)
        guard let tbs = try reader.children(of: try reader.element(at: 0)).first else {
            throw DERSyntaxError(offset: 0, message: "a certificate without its TBSCertificate")
        }
        let fields = try reader.children(of: tbs)
        let parts = try reader.elementBytes(of: tbs)
        // The version ([0]) is optional: the serial number follows it when present.
        let serial = fields.first?.isContextSpecific(0) == true ? 1 : 0
        guard fields.count > serial + 4 else { throw DERSyntaxError(offset: tbs.contents.lowerBound, message: "a TBSCertificate with too few fields") }
        issuerAndSerial = parts[serial + 2] + parts[serial]
        commonName = try Self.commonName(in: fields[serial + 4], reader)
    }

    /// The first `CN` (OID 2.5.4.3) of a Name: a sequence of sets of (type, value) sequences.
    private static func commonName(in name: DERElement, _ reader: DERReader) throws(DERSyntaxError) -> String? {
        for relativeName in try reader.children(of: name) {
            for attribute in try reader.children(of: relativeName) {
                let parts = try reader.children(of: attribute)
                guard parts.count == 2, parts[0].isUniversal(.objectIdentifier), Array(reader.bytes[parts[0].contents]) == [0x55, 0x04, 0x03] else { continue }
                return String(decoding: reader.bytes[parts[1].contents], as: UTF8.self)
            }
        }
        return nil
    }
}

extension DERReader {
    /// The encodings of a constructed element's children, each from its identifier to its end:
    /// each child starts where the one before it ends.
    func elementBytes(of parent: DERElement) throws(DERSyntaxError) -> [[UInt8]] {
        var start = parent.contents.lowerBound
        return try children(of: parent).map { child in
            defer { start = child.end }
            return Array(bytes[start ..< child.end])
        }
    }
}
