/// The signing certificates of an APK or an app bundle (ANDROID.md 4): the v1 JAR signature
/// blocks (`META-INF/*.RSA`, `.DSA`, `.EC`, PKCS#7 `SignedData`), and the signers of the APK
/// Signing Block's v2, v3 and v3.1 schemes with v3's proof-of-rotation lineage. Each
/// certificate with the SHA-256 fingerprint `assetlinks.json` must list.
package struct APKSignatures: Sendable {
    /// One signer's certificate, as one scheme presents it.
    package struct Signer: Sendable, Equatable {
        package let scheme: Scheme
        package let certificate: SigningCertificate
        /// The certificates this signer rotated from, oldest first, the signer's own last (v3's
        /// proof of rotation); empty without rotation.
        package let lineage: [SigningCertificate]
    }

    package enum Scheme: String, Sendable, Equatable {
        case v1 = "v1 (JAR)"
        case v2
        case v3
        case v31 = "v3.1"

        /// Newer schemes take precedence on the Android versions that read them.
        var rank: Int {
            switch self {
            case .v1: 1
            case .v2: 2
            case .v3: 3
            case .v31: 4
            }
        }
    }

    package let signers: [Signer]

    /// Block IDs (ANDROID.md 4.1).
    static let blockIDs: [(id: UInt32, scheme: Scheme)] = [(0x7109_871A, .v2), (0xF053_68C0, .v3), (0x1B93_AD61, .v31)]
    /// The v3 signer attribute that holds the signing-certificate lineage [?: from apksig's
    /// `V3SchemeConstants.PROOF_OF_ROTATION_ATTR_ID`, not re-read].
    static let proofOfRotationID: UInt32 = 0x3BA0_6F8C
    static let blockMagic = Array("APK Sig Block 42".utf8)

    init(source: any ArtifactReaderSource) throws(ArtifactReaderError) {
        try self.init(archive: try ZipArchive(source: source), source: source)
    }

    init(archive: ZipArchive, source: any ArtifactReaderSource) throws(ArtifactReaderError) {
        var signers: [Signer] = []
        for entry in archive.entries where Self.isSignatureBlock(entry.name) {
            let bytes = try archive.contents(of: entry)
            do throws(DERSyntaxError) {
                signers += try Self.jarSignerCertificates(bytes).map { Signer(scheme: .v1, certificate: $0, lineage: []) }
            } catch {
                throw ArtifactReaderError("\(entry.name): not a PKCS#7 signature block (\(error.message) at offset \(error.offset))")
            }
        }
        for (id, value) in try Self.signingBlockPairs(source: source, centralDirectoryOffset: archive.centralDirectoryOffset) {
            guard let scheme = Self.blockIDs.first(where: { $0.id == id })?.scheme else { continue }
            signers += try Self.blockSigners(value, scheme: scheme)
        }
        self.signers = signers
    }

    /// `META-INF/CERT.RSA` and the like; not files in subfolders of META-INF.
    static func isSignatureBlock(_ name: String) -> Bool {
        guard name.hasPrefix("META-INF/"), !name.dropFirst(9).contains("/") else { return false }
        let upper = name.uppercased()
        return upper.hasSuffix(".RSA") || upper.hasSuffix(".DSA") || upper.hasSuffix(".EC")
    }

    // MARK: v1

    /// The certificates of a PKCS#7 `SignedData`: the signers' (matched by issuer and serial
    /// number), or all of them when no signer info names one.
    static func jarSignerCertificates(_ bytes: [UInt8]) throws(DERSyntaxError) -> [SigningCertificate] {
        let reader = DERReader(bytes)
        let contentInfo = try reader.children(of: try reader.element(at: 0))
        guard contentInfo.count == 2, contentInfo[1].isContextSpecific(0), let signedData = try reader.children(of: contentInfo[1]).first else {
            throw DERSyntaxError(offset: 0, message: "no SignedData content")
        }
        let fields = try reader.children(of: signedData)
        guard let certificateSet = fields.first(where: { $0.isContextSpecific(0) }) else { return [] }
        var certificates: [SigningCertificate] = []
        for element in try reader.elementBytes(of: certificateSet) { certificates.append(try SigningCertificate(der: element)) }
        var signerIDs: [[UInt8]] = []
        let signerInfos = fields.count > 1 ? try reader.children(of: fields[fields.count - 1]) : []
        for signerInfo in signerInfos {
            let parts = try reader.children(of: signerInfo)
            if parts.count > 1, parts[1].isUniversal(.sequence) { signerIDs.append(Array(bytes[parts[1].contents])) }
        }
        let named = certificates.filter { certificate in signerIDs.contains { $0 == certificate.issuerAndSerial } }
        return named.isEmpty ? certificates : named
    }

    // MARK: APK Signing Block

    /// The ID-value pairs of the block just before the central directory; none when there is no block.
    static func signingBlockPairs(source: any ArtifactReaderSource, centralDirectoryOffset: Int) throws(ArtifactReaderError) -> [(UInt32, [UInt8])] {
        let footerLength = 24
        guard centralDirectoryOffset >= footerLength + 8 else { return [] }
        let footer = try source.bytes(at: centralDirectoryOffset - footerLength, length: footerLength, what: "the APK Signing Block footer")
        guard Array(footer[8...]) == blockMagic else { return [] }
        let size = Self.integer(footer, at: 0, width: 8)
        guard size >= footerLength, size <= centralDirectoryOffset - 8 else {
            throw ArtifactReaderError("the APK Signing Block declares \(size) bytes, more than lie before the central directory")
        }
        let start = centralDirectoryOffset - size - 8
        let block = try source.bytes(at: start, length: size + 8, what: "the APK Signing Block")
        guard Self.integer(block, at: 0, width: 8) == size else {
            throw ArtifactReaderError("the APK Signing Block's two size fields differ, so Android refuses its signatures")
        }
        var pairs: [(UInt32, [UInt8])] = []
        var offset = 8
        let pairsEnd = block.count - footerLength
        while offset < pairsEnd {
            guard pairsEnd - offset >= 12 else { throw ArtifactReaderError("the APK Signing Block ends inside an ID-value pair") }
            let length = Self.integer(block, at: offset, width: 8)
            guard length >= 4, length <= pairsEnd - offset - 8 else { throw ArtifactReaderError("an ID-value pair of the APK Signing Block runs past its end") }
            let id = UInt32(Self.integer(block, at: offset + 8, width: 4))
            pairs.append((id, Array(block[(offset + 12) ..< (offset + 8 + length)])))
            offset += 8 + length
        }
        return pairs
    }

    /// The signers of a v2, v3 or v3.1 block: a length-prefixed sequence of length-prefixed
    /// signers, each starting with its signed data (digests, certificates, for v3 the SDK
    /// range, then attributes).
    static func blockSigners(_ value: [UInt8], scheme: Scheme) throws(ArtifactReaderError) -> [Signer] {
        var signers: [Signer] = []
        var block = LengthPrefixed(value, what: "the \(scheme.rawValue) block")
        var sequence = try block.slice()
        while !sequence.isAtEnd {
            var signer = try sequence.slice()
            var signedData = try signer.slice()
            _ = try signedData.slice()
            var certificates = try signedData.slice()
            var own: [SigningCertificate] = []
            while !certificates.isAtEnd { own.append(try certificate(try certificates.bytes())) }
            guard let first = own.first else { throw ArtifactReaderError("a \(scheme.rawValue) signer has no certificate") }
            var lineage: [SigningCertificate] = []
            if scheme != .v2 {
                _ = try signedData.uint32()
                _ = try signedData.uint32()
                var attributes = try signedData.slice()
                while !attributes.isAtEnd {
                    var attribute = try attributes.slice()
                    guard try attribute.uint32() == proofOfRotationID else { continue }
                    lineage = try rotationLineage(attribute.rest())
                }
            }
            signers.append(Signer(scheme: scheme, certificate: first, lineage: lineage))
        }
        return signers
    }

    /// The proof of rotation: a version, then length-prefixed nodes, each with its signed data
    /// (a length-prefixed certificate, then the algorithm) [?: layout from apksig's
    /// `V3SigningCertificateLineage`, not re-read].
    static func rotationLineage(_ value: [UInt8]) throws(ArtifactReaderError) -> [SigningCertificate] {
        var reader = LengthPrefixed(value, what: "the proof of rotation")
        _ = try reader.uint32()
        var lineage: [SigningCertificate] = []
        while !reader.isAtEnd {
            var node = try reader.slice()
            var signedData = try node.slice()
            lineage.append(try certificate(try signedData.bytes()))
        }
        return lineage
    }

    private static func certificate(_ der: [UInt8]) throws(ArtifactReaderError) -> SigningCertificate {
        do throws(DERSyntaxError) {
            return try SigningCertificate(der: der)
        } catch {
            throw ArtifactReaderError("a signing certificate is not DER X.509 (\(error.message) at offset \(error.offset))")
        }
    }

    static func integer(_ bytes: [UInt8], at offset: Int, width: Int) -> Int {
        (0..<width).reduce(0) { value, index in value | Int(bytes[offset + index]) << (8 * index) }
    }
}

/// Reads the little-endian, uint32-length-prefixed fields of the APK Signing Block.
struct LengthPrefixed {
    private let buffer: [UInt8]
    private var offset: Int
    private let end: Int
    private let what: String

    init(_ bytes: [UInt8], what: String) {
        self.init(bytes, from: 0, to: bytes.count, what: what)
    }

    private init(_ bytes: [UInt8], from offset: Int, to end: Int, what: String) {
        buffer = bytes
        self.offset = offset
        self.end = end
        self.what = what
    }

    var isAtEnd: Bool { offset >= end }

    mutating func uint32() throws(ArtifactReaderError) -> Int {
        guard end - offset >= 4 else { throw ArtifactReaderError("\(what) ends inside a field") }
        defer { offset += 4 }
        return APKSignatures.integer(buffer, at: offset, width: 4)
    }

    mutating func slice() throws(ArtifactReaderError) -> LengthPrefixed {
        let length = try uint32()
        guard length <= end - offset else { throw ArtifactReaderError("\(what) declares \(length) bytes, more than it holds") }
        defer { offset += length }
        return LengthPrefixed(buffer, from: offset, to: offset + length, what: what)
    }

    mutating func bytes() throws(ArtifactReaderError) -> [UInt8] {
        try slice().rest()
    }

    func rest() -> [UInt8] {
        Array(buffer[offset ..< end])
    }
}
