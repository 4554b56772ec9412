@testable import AASALintCore
import Testing

@Suite struct AssetLinksDocumentTests {
    @Test("assetlinks.json is found by name, with the prefixes and copies AASA files may have", arguments: [
        ("assetlinks.json", true), ("web__assetlinks.json", true), ("example.com.assetlinks.json", true),
        ("AssetLinks.JSON", true), ("assetlinks (2).json", true), ("assetlinks", false), ("assetlinks.json.bak", false),
        ("my-assetlinks.yaml", false),
    ])
    func discoveryByName(name: String, isAssetLinks: Bool) {
        #expect((FileDiscovery.kind(ofDiscoveredName: name) == .assetLinks) == isAssetLinks)
    }

    @Test func namedAssetLinksFileIsNotReadAsAASA() {
        #expect(FileDiscovery.kind(ofExplicitName: "public/.well-known/assetlinks.json") == .assetLinks)
    }

    @Test("fingerprint problems are each named", arguments: [
        ("14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5", [CertificateFingerprint.Problem]()),
        ("14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5", [.lowerCase]),
        ("146DE983C5730650D8EEB9952F34FC6416A08342E61DBEA88A0496B23FCF44E5", [.missingColons]),
        ("146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5", [.lowerCase, .missingColons]),
        ("14 6D E9 83 C5 73 06 50 D8 EE B9 95 2F 34 FC 64 16 A0 83 42 E6 1D BE A8 8A 04 96 B2 3F CF 44 E5", [.spaces]),
        ("5E:8F:16:06:2E:A3:CD:2C:4A:0D:54:78:76:BA:A6:F3:8C:AB:F6:25", [.sha1]),
        ("14:6D", [.wrongLength(bytes: 2)]),
        ("REPLACE_ME", [.malformed]),
        ("", [.malformed]),
        ("１４:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5", [.malformed]),
    ])
    func fingerprintProblems(text: String, expected: [CertificateFingerprint.Problem]) {
        #expect(CertificateFingerprint.problems(of: text).problems == expected)
    }

    @Test("relation grammar (Google's compatibility suite 2107-2125)", arguments: [
        ("delegate_permission/common.handle_all_urls", true), ("navigate/yellow_brick_road", true),
        ("delegate_permission/common.handle_all_URLS", false), (" delegate_permission/common.handle_all_urls", false),
        ("delegate_permission/", false), ("/common.handle_all_urls", false), ("a/b/c", false), ("a+b/c", false),
        ("delegate_permission", false), ("a/b*", false),
    ])
    func relationGrammar(relation: String, isValid: Bool) {
        #expect((AssetLinkRelation.problem(of: relation) == nil) == isValid)
    }

    @Test("package names (Google's compatibility suite 2303-2308)", arguments: [
        ("com.example.app", true), ("com.example_1.App", true), ("B A D", false), ("", false), ("com..example", false),
        ("com.1example", false), ("example", false), ("com.exam-ple", false),
    ])
    func packageNames(name: String, isValid: Bool) {
        #expect((AndroidPackageName.problem(of: name) == nil) == isValid)
    }

    @Test func modelKeepsPointersOfStatements() throws {
        let text = #"[{"include": "https://example.com/x.json"}, {"relation": ["r/x"], "target": {"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprints": ["F"]}}]"#
        let root = try JSONParser.parse(Array(text.utf8))
        let document = try #require(AssetLinksDocument(root: root))
        #expect(document.statements.count == 2)
        #expect(document.statements[0].include?.value == "https://example.com/x.json")
        #expect(document.statements[1].relations?.map(\.pointer.description) == ["/1/relation/0"])
        #expect(document.statements[1].target?.fingerprints?.first?.pointer.description == "/1/target/sha256_cert_fingerprints/0")
        #expect(AssetLinksDocument(root: try JSONParser.parse(Array("{}".utf8))) == nil)
    }
}
