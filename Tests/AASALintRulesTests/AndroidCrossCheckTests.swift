@testable import AASALintCore
import AASALintRules
import Foundation
import Testing

/// The cross-checks between a manifest and the domains' `assetlinks.json`: a finding in each
/// file, each pointing at the other.
@Suite struct AndroidCrossCheckTests {
    static let releaseKey = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func manifest(hosts: [String], autoVerify: Bool = true) -> LintFile {
        let data = hosts.map { #"<data android:scheme="https" android:host="\#($0)"/>"# }.joined(separator: "\n")
        let text = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            <application><activity android:name=".Main">
            <intent-filter\(autoVerify ? #" android:autoVerify="true""# : "")>
            <action android:name="android.intent.action.VIEW"/>
            <category android:name="android.intent.category.DEFAULT"/>
            <category android:name="android.intent.category.BROWSABLE"/>
            \(data)
            </intent-filter></activity></application></manifest>
            """
        return LintFile(path: "app/src/main/AndroidManifest.xml", kind: .androidManifest, bytes: Array(text.utf8))
    }

    static func assetLinks(_ package: String, path: String = "web/assetlinks.json") -> LintFile {
        let text = #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(releaseKey)"]}}]"#
        return LintFile(path: path, kind: .assetLinks, bytes: Array(text.utf8))
    }

    static func configuration(hosts: [String: String] = ["example.com": "web/assetlinks.json"]) throws -> Configuration {
        let domains = hosts.sorted { $0.key < $1.key }.map { "  \($0.key): {assetlinks: \($0.value)}" }.joined(separator: "\n")
        let text = "apps:\n  - {package: com.example.shop, manifest: app/src/main/AndroidManifest.xml, fingerprints: [\"\(releaseKey)\"]}\ndomains:\n\(domains)\n"
        return try ConfigurationLoader(registry: FixtureSupport.registry()).load(bytes: Array(text.utf8), path: ".aasalint.yml", directory: ".")
    }

    @Test func aHostWhoseFileGrantsAnotherAppGivesAFindingInEachFileThatNamesTheOther() throws {
        let diagnostics = try EntitlementsProjectTests.lint([Self.manifest(hosts: ["example.com"]), Self.assetLinks("com.example.blog")],
                                                            Self.configuration(), rules: ["app-not-in-assetlinks"])
        #expect(diagnostics.map(\.location.file) == ["app/src/main/AndroidManifest.xml", "web/assetlinks.json"])
        let (onApp, onSite) = (diagnostics[0], diagnostics[1])
        #expect(onApp.location.range.start == SourcePosition(line: 7, column: 44))
        #expect(onApp.message.contains("web/assetlinks.json") && onApp.message.contains("does not grant com.example.shop"))
        #expect(onApp.related.map(\.location) == [onSite.location])
        #expect(onSite.related.map(\.location) == [onApp.location])
        #expect(onSite.message.contains("app/src/main/AndroidManifest.xml"))
    }

    @Test func aGrantedAppAndAClaimedHostAgree() throws {
        let rules = ["app-not-in-assetlinks", "assetlinks-host-not-claimed", "assetlinks-missing-for-domain"]
        #expect(try EntitlementsProjectTests.lint([Self.manifest(hosts: ["example.com"]), Self.assetLinks("com.example.shop")],
                                                  Self.configuration(), rules: rules).isEmpty)
    }

    @Test func aFilterWithoutAutoVerifyClaimsNoHost() throws {
        // Android does not verify it, so no file need grant the app; but a file that grants it is unused.
        let diagnostics = try EntitlementsProjectTests.lint([Self.manifest(hosts: ["example.com"], autoVerify: false), Self.assetLinks("com.example.blog")],
                                                            Self.configuration(), rules: ["app-not-in-assetlinks"])
        #expect(diagnostics.isEmpty)
        let unused = try EntitlementsProjectTests.lint([Self.manifest(hosts: ["example.com"], autoVerify: false), Self.assetLinks("com.example.shop")],
                                                        Self.configuration(), rules: ["assetlinks-host-not-claimed"])
        #expect(unused.map(\.message).first?.contains("claims no host in a verifying intent filter") == true)
        #expect(unused.first?.related.map(\.location.file) == ["app/src/main/AndroidManifest.xml"])
    }

    @Test func aFileThatIncludesAnotherListIsNotJudged() throws {
        let text = #"[{"include": "https://example.com/more.json"}]"#
        let site = LintFile(path: "web/assetlinks.json", kind: .assetLinks, bytes: Array(text.utf8))
        #expect(try EntitlementsProjectTests.lint([Self.manifest(hosts: ["example.com"]), site], Self.configuration(), rules: ["app-not-in-assetlinks"]).isEmpty)
    }
}
