@testable import AASALintCore
import AASALintRules
import Foundation
import Testing

/// The package name of built Android apps, from the binary XML manifest of an APK and the
/// protocol buffer manifest of an app bundle, with their signers; and how lint finds them.
@Suite struct AndroidPackageTests {
    // MARK: Building manifests

    static func chunk(_ type: Int, header: [UInt8], _ body: [UInt8]) -> [UInt8] {
        uint16(type) + uint16(8 + header.count) + APKSignaturesTests.uint32(8 + header.count + body.count) + header + body
    }

    static func uint16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// A string pool of `strings`, UTF-16 or UTF-8 (aapt2 writes both).
    static func stringPool(_ strings: [String], utf8: Bool) -> [UInt8] {
        var data: [UInt8] = []
        var offsets: [UInt8] = []
        for string in strings {
            offsets += APKSignaturesTests.uint32(data.count)
            if utf8 {
                let bytes = Array(string.utf8)
                data += [UInt8(string.utf16.count), UInt8(bytes.count)] + bytes + [0]
            } else {
                let units = Array(string.utf16)
                data += uint16(units.count) + units.flatMap { uint16(Int($0)) } + [0, 0]
            }
        }
        data += Array(repeating: 0, count: (4 - data.count % 4) % 4)
        let header = [strings.count, 0, utf8 ? 0x100 : 0, 28 + offsets.count, 0].flatMap(APKSignaturesTests.uint32)
        return chunk(0x0001, header: header, offsets + data)
    }

    /// `<root attributes...>` compiled: each attribute (namespace string or -1, name, value
    /// string), its value written raw or only as a typed string value.
    static func binaryManifest(root: String = "manifest", package: String?, raw: Bool = true, utf8: Bool = false) -> [UInt8] {
        let none = 0xFFFF_FFFF
        var strings = [root, "versionCode", "package"]
        var attributes: [UInt8] = []
        // An attribute in the android namespace first, typed as an integer: skipped.
        attributes += [1, 1, none].flatMap(APKSignaturesTests.uint32) + uint16(8) + [0, 0x10] + APKSignaturesTests.uint32(7)
        strings.append("http://schemas.android.com/apk/res/android")
        if let package {
            strings.append(package)
            let value = strings.count - 1
            attributes += [none, 2, raw ? value : none].flatMap(APKSignaturesTests.uint32) + uint16(8) + [0, 0x03] + APKSignaturesTests.uint32(value)
        }
        let count = attributes.count / 20
        let element = chunk(0x0102, header: APKSignaturesTests.uint32(1) + APKSignaturesTests.uint32(none),
                            [none, 0].flatMap(APKSignaturesTests.uint32) + [20, 20, count, 0, 0, 0].flatMap(uint16) + attributes)
        let resourceMap = chunk(0x0180, header: [], APKSignaturesTests.uint32(0x0101_021B))
        return chunk(0x0003, header: [], stringPool(strings, utf8: utf8) + resourceMap + element)
    }

    static func protoField(_ number: Int, _ payload: [UInt8]) -> [UInt8] {
        var length = payload.count
        var encoded: [UInt8] = []
        repeat {
            encoded.append(UInt8(length & 0x7F) | (length > 0x7F ? 0x80 : 0))
            length >>= 7
        } while length > 0
        return [UInt8(number << 3 | 2)] + encoded + payload
    }

    static func protoManifest(package: String, root: String = "manifest") -> [UInt8] {
        let android = protoField(1, Array("http://schemas.android.com/apk/res/android".utf8)) + protoField(2, Array("versionName".utf8))
            + protoField(3, Array("1.0".utf8))
        let attribute = protoField(2, Array("package".utf8)) + protoField(3, Array(package.utf8))
        // A varint field (the source line) between them, skipped.
        let element = protoField(3, Array(root.utf8)) + [0x30, 0x96, 0x01] + protoField(4, android) + protoField(4, attribute)
        return protoField(1, element)
    }

    // MARK: Tests

    @Test func theBinaryManifestGivesThePackageWrittenRawOrTyped() throws {
        #expect(try AndroidBinaryXML.manifestPackage(Self.binaryManifest(package: "com.example.shop")) == "com.example.shop")
        #expect(try AndroidBinaryXML.manifestPackage(Self.binaryManifest(package: "com.example.shop", raw: false)) == "com.example.shop")
        #expect(try AndroidBinaryXML.manifestPackage(Self.binaryManifest(package: "com.example.été", utf8: true)) == "com.example.été")
        #expect(try AndroidBinaryXML.manifestPackage(Self.binaryManifest(package: nil)) == nil)
    }

    @Test func aManifestThatIsNotOneIsRefusedWithTheReason() {
        func reason(_ bytes: [UInt8]) -> String? {
            do { _ = try AndroidBinaryXML.manifestPackage(bytes); return nil } catch { return error.message }
        }
        #expect(reason(Array("<manifest package=\"a.b\"/>".utf8))?.contains("not Android's binary XML") == true)
        #expect(reason(Self.binaryManifest(root: "application", package: "a.b"))?.contains("<application>, not <manifest>") == true)
        var truncated = Self.binaryManifest(package: "com.example.shop")
        truncated.removeLast(30)
        #expect(reason(truncated)?.contains("do not fit") == true)
        // Each prefix fails cleanly (no crash), whatever is cut.
        let whole = Self.binaryManifest(package: "com.example.shop")
        for length in 0..<whole.count { _ = reason(Array(whole.prefix(length))) }
    }

    @Test func theProtocolBufferManifestGivesThePackage() throws {
        #expect(try AndroidProtoXML.manifestPackage(Self.protoManifest(package: "com.example.shop")) == "com.example.shop")
        #expect(throws: ArtifactReaderError.self) { try AndroidProtoXML.manifestPackage(Self.protoManifest(package: "a.b", root: "application")) }
        let whole = Self.protoManifest(package: "com.example.shop")
        for length in 0..<whole.count { _ = try? AndroidProtoXML.manifestPackage(Array(whole.prefix(length))) }
    }

    @Test func anAPKGivesItsPackageAndSignersAndAnUnreadableManifestOnlyLosesThePackage() throws {
        let release = APKSignaturesTests.certificate(subject: "Shop", serial: 7)
        let rotated = APKSignaturesTests.certificate(subject: "Shop 2026", serial: 8)
        let apk = try APKSignaturesTests.apk([
            .init("AndroidManifest.xml", Self.binaryManifest(package: "com.example.shop"), method: 8),
            .init("META-INF/CERT.RSA", APKSignaturesTests.signatureBlock([release], signer: 7)),
        ], block: [(0x1B93_AD61, APKSignaturesTests.blockValue(certificate: rotated, isV3: true, rotatedFrom: [release]))])
        let package = try AndroidPackage.read(MemoryArtifactSource(apk), format: .apk)
        #expect(package.packageName == "com.example.shop")
        #expect(package.packageNameProblem == nil)
        #expect(package.currentCertificate?.commonName == "Shop 2026")
        #expect(package.fingerprints == [SHA256.fingerprint(release), SHA256.fingerprint(rotated)])

        let broken = try APKSignaturesTests.apk([.init("AndroidManifest.xml", Array("<manifest/>".utf8))], block: [])
        let unread = try AndroidPackage.read(MemoryArtifactSource(broken), format: .apk)
        #expect(unread.packageName == nil)
        #expect(unread.packageNameProblem?.contains("not Android's binary XML") == true)
        #expect(unread.signers.isEmpty)
    }

    @Test func anAppBundleGivesItsPackageAndUploadCertificate() throws {
        let upload = APKSignaturesTests.certificate(subject: "Upload", serial: 3)
        let bundle = try APKSignaturesTests.apk([
            .init("base/manifest/AndroidManifest.xml", Self.protoManifest(package: "com.example.shop")),
            .init("META-INF/UPLOAD.RSA", APKSignaturesTests.signatureBlock([upload], signer: 3)),
        ], block: [])
        let package = try AndroidPackage.read(MemoryArtifactSource(bundle), format: .appBundle)
        #expect(package.packageName == "com.example.shop")
        #expect(package.signers.map(\.scheme) == [.v1])
        #expect(package.currentCertificate?.commonName == "Upload")
        let withoutManifest = try APKSignaturesTests.apk([.init("BundleConfig.pb", [1])], block: [])
        #expect(try AndroidPackage.read(MemoryArtifactSource(withoutManifest), format: .appBundle).packageNameProblem == "there is no base/manifest/AndroidManifest.xml")
    }

    /// apk-not-in-assetlinks against a statement list granting com.example.shop `granted`, for
    /// an APK rotated from "Shop 2019" to "Shop 2026" (v3.1 with its lineage).
    static func apkFindings(granting granted: [[UInt8]], packageInManifest: Bool = true, configuredPackages: [String] = []) throws -> [Diagnostic] {
        let original = APKSignaturesTests.certificate(subject: "Shop 2019", serial: 1)
        let rotated = APKSignaturesTests.certificate(subject: "Shop 2026", serial: 2)
        let manifest = packageInManifest ? Self.binaryManifest(package: "com.example.shop") : Array("<manifest/>".utf8)
        // Only the v3.1 signer: the original certificate is in its lineage alone.
        let bytes = try APKSignaturesTests.apk([.init("AndroidManifest.xml", manifest)], block: [
            (0x1B93_AD61, APKSignaturesTests.blockValue(certificate: rotated, isV3: true, rotatedFrom: [original])),
        ])
        let apk = LintFile(path: "shop.apk", androidPackage: try AndroidPackage.read(MemoryArtifactSource(bytes), format: .apk))
        let fingerprints = granted.map { "\"\(SHA256.fingerprint($0))\"" }.joined(separator: ", ")
        let assetLinks = LintFile(path: "assetlinks.json", kind: .assetLinks, bytes: Array("""
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": [\(fingerprints)]}}]
            """.utf8))
        var configuration = Configuration()
        configuration.androidApps = configuredPackages.enumerated().map { index, name in
            ConfiguredAndroidApp(pointer: JSONPointer.root.appending("apps").appending(index), packageName: Located(name, at: .root), manifest: nil, releaseFingerprints: [])
        }
        let registry = try BuiltInRules.registry()
        let selection = try RuleSelection(registry: registry, enable: ["apk-not-in-assetlinks"],
                                          disable: registry.descriptions.map(\.id).filter { $0 != "apk-not-in-assetlinks" })
        return try Linter(selection: selection, configuration: configuration).lint([apk, assetLinks])
    }

    @Test func anyCertificateOfTheRotationLineageGrantsTheAPK() throws {
        let original = APKSignaturesTests.certificate(subject: "Shop 2019", serial: 1)
        let rotated = APKSignaturesTests.certificate(subject: "Shop 2026", serial: 2)
        // The original key alone grants it (Android offers the lineage), with a note to list the current one.
        let originalOnly = try Self.apkFindings(granting: [original])
        #expect(originalOnly.map(\.severity) == [.note], "\(originalOnly)")
        #expect(originalOnly.first?.message.contains("add \"\(SHA256.fingerprint(rotated))\" beside it") == true, "\(originalOnly)")
        #expect(try Self.apkFindings(granting: [rotated]).isEmpty)
        let other = APKSignaturesTests.certificate(subject: "Upload", serial: 3)
        let findings = try Self.apkFindings(granting: [other])
        #expect(findings.map(\.location.file) == ["shop.apk"])
        // The certificate to add is the newest signer's, the one Android 13 and later verify with.
        #expect(findings.first?.message.contains("add \"\(SHA256.fingerprint(rotated))\"") == true)
        #expect(findings.first?.related.map(\.location.file) == ["assetlinks.json"])
    }

    @Test func anUnreadableManifestTakesThePackageFromTheConfigurationOnlyWhenItNamesOne() throws {
        let other = APKSignaturesTests.certificate(subject: "Upload", serial: 3)
        let fromConfiguration = try Self.apkFindings(granting: [other], packageInManifest: false, configuredPackages: ["com.example.shop"])
        #expect(fromConfiguration.count == 1)
        #expect(fromConfiguration.first?.message.contains("the package of the configuration's apps entry, as the app's own manifest cannot be read") == true)
        #expect(try Self.apkFindings(granting: [other], packageInManifest: false, configuredPackages: ["com.example.shop", "com.example.blog"]).isEmpty)
        #expect(try Self.apkFindings(granting: [other], packageInManifest: false).isEmpty)
    }

    @Test func lintFindsAPKsAndAppBundlesAsArtifacts() throws {
        let folder = try TemporaryFolder("android-packages")
        let apk = try folder.place("app/build/outputs/shop.apk")
        try Data(try APKSignaturesTests.apk([.init("AndroidManifest.xml", Self.binaryManifest(package: "com.example.shop"))], block: [
            (0x7109_871A, APKSignaturesTests.blockValue(certificate: APKSignaturesTests.certificate(subject: "Shop", serial: 1), isV3: false)),
        ])).write(to: apk)
        let bundle = try folder.place("app/build/outputs/shop.AAB")
        try Data(try APKSignaturesTests.apk([.init("base/manifest/AndroidManifest.xml", Self.protoManifest(package: "com.example.shop"))], block: [])).write(to: bundle)
        let found = FileDiscovery().discover([folder.url.path]).files
        #expect(found.map(\.kind) == [.artifact, .artifact])
        #expect(FileDiscovery.kind(ofNamed: "shop.apk") == .artifact)

        let read = ArtifactReader.read(apk.path, shownAs: "shop.apk")
        #expect(read.problems.isEmpty)
        #expect(read.files.map(\.path) == ["shop.apk"])
        #expect(read.files.first?.kinds == [.artifact])
        #expect(read.files.first?.androidPackage?.packageName == "com.example.shop")
        let unsigned = ArtifactReader.read(bundle.path, shownAs: "shop.AAB")
        #expect(unsigned.files.first?.androidPackage?.format == .appBundle)
        #expect(unsigned.warnings == ["shop.AAB: not signed, so no certificate of it can be checked against assetlinks.json"])
        let explained = try BinaryRunner.run(["lint", "--no-config", "--explain-release", "app"], workingDirectory: folder.url)
        #expect(explained.standardOutput.contains("app/build/outputs/shop.apk: not a release file"), "\(explained.standardOutput)")
        let released = try BinaryRunner.run(["lint", "--no-config", "--release", "--explain-release", "app"], workingDirectory: folder.url)
        #expect(released.standardOutput.contains("app/build/outputs/shop.apk: release file (--release)"), "\(released.standardOutput)")
        let notZip = try folder.place("notes.apk")
        try Data("not a zip".utf8).write(to: notZip)
        #expect(ArtifactReader.read(notZip.path, shownAs: "notes.apk").problems.first?.message.hasPrefix("notes.apk: cannot read this APK: ") == true)
    }
}
