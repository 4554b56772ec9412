@testable import AASALintCore
import Testing

/// SHA-256 against FIPS 180-4's examples, and the signing certificates of APKs built here byte
/// by byte: a v1 JAR signature block, and v2, v3 (with a rotation lineage) and v3.1 blocks
/// spliced in before the central directory.
@Suite struct APKSignaturesTests {
    @Test func sha256GivesTheKnownAnswers() {
        func hex(_ text: String) -> String { SHA256.digest(Array(text.utf8)).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(String(repeating: "a", count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // 55 and 56 bytes: the padding spills into a second block at 56.
        #expect(hex(String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(hex(String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.fingerprint(Array("abc".utf8)).hasPrefix("BA:78:16:BF:"))
    }

    // MARK: Building DER and APKs

    static func der(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        let count = contents.count
        let length: [UInt8] = count < 128 ? [UInt8(count)] : count < 256 ? [0x81, UInt8(count)] : [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
        return [tag] + length + contents
    }

    static func sequence(_ parts: [UInt8]...) -> [UInt8] { der(0x30, parts.flatMap { $0 }) }

    static func name(_ commonName: String) -> [UInt8] {
        sequence(der(0x31, sequence(der(0x06, [0x55, 0x04, 0x03]), der(0x0C, Array(commonName.utf8)))))
    }

    /// A certificate with the fields the reader looks at (not a valid signature: nothing here verifies one).
    static func certificate(subject: String, serial: UInt8) -> [UInt8] {
        let algorithm = sequence(der(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B]), [0x05, 0x00])
        let validity = sequence(der(0x17, Array("260101000000Z".utf8)), der(0x17, Array("510101000000Z".utf8)))
        let publicKey = sequence(algorithm, der(0x03, [0x00, 0x01, 0x02]))
        let tbs = sequence(der(0xA0, der(0x02, [0x02])), der(0x02, [serial]), algorithm, name("Issuer"), validity, name(subject), publicKey)
        return sequence(tbs, algorithm, der(0x03, [0x00, 0xAB]))
    }

    /// A PKCS#7 SignedData holding `certificates`, whose signer info names `signer`.
    static func signatureBlock(_ certificates: [[UInt8]], signer: UInt8) -> [UInt8] {
        let signerInfo = sequence(der(0x02, [1]), sequence(name("Issuer"), der(0x02, [signer])))
        let signedData = sequence(der(0x02, [1]), der(0x31, []), sequence(der(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01])),
                                  der(0xA0, certificates.flatMap { $0 }), der(0x31, signerInfo))
        return sequence(der(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]), der(0xA0, signedData))
    }

    static func uint32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func uint64(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func prefixed(_ bytes: [UInt8]) -> [UInt8] { uint32(bytes.count) + bytes }

    /// A v2 or v3 block value: one signer with `certificate`, and for v3 a proof of rotation from `rotatedFrom`.
    static func blockValue(certificate: [UInt8], isV3: Bool, rotatedFrom: [[UInt8]] = []) -> [UInt8] {
        var attributes: [UInt8] = []
        if !rotatedFrom.isEmpty {
            let nodes = (rotatedFrom + [certificate]).flatMap { prefixed(prefixed(prefixed($0) + uint32(0x0103)) + uint32(0) + uint32(0x0103) + prefixed([])) }
            attributes = prefixed(uint32(Int(APKSignatures.proofOfRotationID)) + uint32(1) + nodes)
        }
        let signedData = prefixed([]) + prefixed(prefixed(certificate)) + (isV3 ? uint32(28) + uint32(0x7FFF_FFFF) : []) + prefixed(attributes)
        let signer = prefixed(signedData) + (isV3 ? uint32(28) + uint32(0x7FFF_FFFF) : []) + prefixed([]) + prefixed([0x01])
        return prefixed(prefixed(signer))
    }

    /// A zip of `entries` with an APK Signing Block of `pairs` before its central directory.
    static func apk(_ entries: [TestZipWriter.Entry], block pairs: [(UInt32, [UInt8])]) throws -> [UInt8] {
        var zip = try ZipArchiveTests.archive(entries)
        guard !pairs.isEmpty else { return zip }
        let body = pairs.flatMap { uint64($0.1.count + 4) + uint32(Int($0.0)) + $0.1 }
        let size = body.count + 8 + 16
        let block = uint64(size) + body + uint64(size) + APKSignatures.blockMagic
        let directory = ZipArchiveTests.directoryOffset(zip)
        zip.insert(contentsOf: block, at: directory)
        ZipArchiveTests.patch(&zip, at: zip.count - 22 + 16, uint32(directory + block.count))
        return zip
    }

    static func signatures(_ bytes: [UInt8]) throws -> APKSignatures {
        try APKSignatures(source: MemoryArtifactSource(bytes))
    }

    // MARK: Tests

    @Test func aJARSignatureBlockGivesItsSignersCertificate() throws {
        let release = Self.certificate(subject: "Shop", serial: 7)
        let other = Self.certificate(subject: "Intermediate", serial: 9)
        let apk = try Self.apk([
            .init("AndroidManifest.xml", [0x03, 0x00]),
            .init("META-INF/CERT.SF", Array("Signature-Version: 1.0\n".utf8)),
            .init("META-INF/CERT.RSA", Self.signatureBlock([other, release], signer: 7)),
            .init("META-INF/sub/IGNORED.RSA", [0x00]),
        ], block: [])
        let signers = try Self.signatures(apk).signers
        #expect(signers.map(\.scheme) == [APKSignatures.Scheme.v1])
        #expect(signers.first?.certificate.der == release)
        #expect(signers.first?.certificate.fingerprint == SHA256.fingerprint(release))
        #expect(signers.first?.certificate.commonName == "Shop")
        #expect(signers.first?.certificate.isAndroidDebug == false)
    }

    @Test func theSigningBlockGivesEachSchemesSignerAndV3sLineage() throws {
        let original = Self.certificate(subject: "Shop 2019", serial: 1)
        let rotated = Self.certificate(subject: "Shop 2026", serial: 2)
        let debug = Self.certificate(subject: SigningCertificate.debugCommonName, serial: 3)
        let apk = try Self.apk([.init("AndroidManifest.xml", [0x03, 0x00])], block: [
            (0x7109_871A, Self.blockValue(certificate: original, isV3: false)),
            (0x4272_6577, [0, 0, 0, 0]),
            (0xF053_68C0, Self.blockValue(certificate: original, isV3: true)),
            (0x1B93_AD61, Self.blockValue(certificate: rotated, isV3: true, rotatedFrom: [original])),
        ])
        let signers = try Self.signatures(apk).signers
        #expect(signers.map(\.scheme) == [APKSignatures.Scheme.v2, .v3, .v31])
        #expect(signers.map(\.certificate.commonName) == ["Shop 2019", "Shop 2019", "Shop 2026"])
        #expect(signers[2].lineage.map(\.der) == [original, rotated])
        #expect(signers[0].lineage.isEmpty)
        let debugAPK = try Self.apk([.init("a", [1])], block: [(0x7109_871A, Self.blockValue(certificate: debug, isV3: false))])
        #expect(try Self.signatures(debugAPK).signers.map(\.certificate.isAndroidDebug) == [true])
    }

    @Test func aDamagedSigningBlockIsRefusedWithTheReason() throws {
        var apk = try Self.apk([.init("a", [1])], block: [(0x7109_871A, Self.blockValue(certificate: Self.certificate(subject: "S", serial: 1), isV3: false))])
        let directory = ZipArchiveTests.directoryOffset(apk)
        // The first size field, at the block's start, no longer agrees with the footer's.
        let blockStart = directory - APKSignatures.integer(Array(apk[(directory - 24)...]), at: 0, width: 8) - 8
        apk[blockStart] ^= 0x01
        #expect(throws: ArtifactReaderError.self) { try Self.signatures(apk) }
        let unsigned = try Self.apk([.init("a", [1])], block: [])
        #expect(try Self.signatures(unsigned).signers.isEmpty)
    }
}
