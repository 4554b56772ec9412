@testable import AASALintCore
import AASALintRules
import AASALintTestSupport
import Foundation
import Testing

/// The app/site scenarios under `Fixtures/projects/`, linted as `aasalint lint` would inside
/// each folder (Xcode projects included); goldens in `Fixtures/projects/expected/<name>.txt`
/// in the form the command-line scenario tests record.
@Suite struct EntitlementsProjectTests {
    static let projects = FixtureSupport.packageRoot.appendingPathComponent("Fixtures/projects")
    static let scenarios = [
        "debug-and-release", "site-and-app-agree", "team-id-typo", "missing-webcredentials-app", "appclip-not-listed", "wildcard-domain",
    ]

    @Test(arguments: scenarios)
    func scenarioMatchesItsGolden(name: String) throws {
        let selection = try RuleSelection(registry: FixtureSupport.registry())
        let (diagnostics, fileCount) = try ProjectScenario.lint(Self.projects.appendingPathComponent(name), with: selection)
        let report = LintReport(diagnostics: diagnostics, fileCount: fileCount, rules: selection.entries.map(\.description))
        let status = report.fails(at: .error) ? 1 : 0
        let actual = "exit: \(status)\n--- stdout\n\(TextReporter().render(report))--- stderr\n"
        let golden = Self.projects.appendingPathComponent("expected/\(name).txt")
        let mismatch = try Golden.mismatch(of: actual, with: golden)
        #expect(mismatch == nil, "\(name): \(mismatch ?? "")\nproduced:\n\(actual)")
    }

    @Test func theXcodeProjectDecidesThatOnlyTheReleaseFileShips() throws {
        let folder = Self.projects.appendingPathComponent("debug-and-release")
        let projects = ProjectDiscovery().projects(under: [folder.path]).projects
        let release = ReleaseFiles(configuration: Configuration(), xcodeProjects: projects)
        let files = ["ios/Shop/Shop.entitlements", "ios/Shop/ShopDebug.entitlements"].map {
            LintFile(path: folder.path + "/" + $0, kind: .entitlements, bytes: [])
        }
        let lines = release.explanation(for: files).map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
        #expect(lines == [
            "ios/Shop/Shop.entitlements: release file (Xcode project ios/Shop.xcodeproj, target Shop, configuration Release)",
            "ios/Shop/ShopDebug.entitlements: not a release file (signs only Xcode project ios/Shop.xcodeproj, target Shop, configuration Debug)",
        ])
    }

    // MARK: Cross-checks on files in memory

    static let appID = "9JA89QQLNQ.com.example.shop"

    static func entitlements(_ entries: [String], path: String = "ios/App.entitlements") -> LintFile {
        let strings = entries.map { "<string>\($0)</string>" }.joined()
        let text = "<plist version=\"1.0\"><dict>\n<key>com.apple.developer.associated-domains</key>\n<array>\(strings)</array>\n</dict></plist>\n"
        return LintFile(path: path, kind: .entitlements, bytes: Array(text.utf8))
    }

    static func aasa(_ json: String, path: String = "web/apple-app-site-association") -> LintFile {
        LintFile(path: path, kind: .aasa, bytes: Array(json.utf8))
    }

    static func configuration(appID: String? = appID, hosts: [String: String] = ["example.com": "web/apple-app-site-association"],
                              entitlements: String = "ios/App.entitlements") -> Configuration {
        Configuration(directory: ".", apps: [ConfiguredApp(
            pointer: JSONPointer(tokens: ["apps", "0"]), id: appID.map { Located($0, at: JSONPointer(tokens: ["apps", "0", "id"])) },
            entitlements: Located(entitlements, at: JSONPointer(tokens: ["apps", "0", "entitlements"])), buildSettings: [:]
        )], domains: hosts.sorted { $0.key < $1.key }.map { host, path in
            ConfiguredDomain(host: Located(host, at: JSONPointer(tokens: ["domains", host])),
                             aasaPath: Located(path, at: JSONPointer(tokens: ["domains", host])))
        })
    }

    static func lint(_ files: [LintFile], _ configuration: Configuration, rules: [String]) throws -> [Diagnostic] {
        let registry = try FixtureSupport.registry()
        let selection = try RuleSelection(registry: registry, disable: registry.descriptions.map(\.id).filter { !rules.contains($0) })
        return try Linter(selection: selection, configuration: configuration).lint(files)
    }

    @Test func appIDsThatDisagreeGiveAFindingInEachFileThatNamesTheOther() throws {
        let entitlements = Self.entitlements(["applinks:example.com"])
        let site = Self.aasa(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLMQ.com.example.shop"], "components": [{"/": "/*"}]}]}}"#)
        let diagnostics = try Self.lint([entitlements, site], Self.configuration(), rules: ["app-not-in-aasa"])
        #expect(diagnostics.map(\.location.file) == ["ios/App.entitlements", "web/apple-app-site-association"])
        let (onApp, onSite) = (diagnostics[0], diagnostics[1])
        #expect(onApp.location.range.start == SourcePosition(line: 3, column: 16))
        #expect(onApp.message.contains("web/apple-app-site-association") && onApp.message.contains("9JA89QQLMQ.com.example.shop"))
        #expect(onApp.related.map(\.location.file) == ["web/apple-app-site-association"])
        #expect(onApp.related.first?.location.range.start == SourcePosition(line: 1, column: 39))
        #expect(onSite.location.range.start == SourcePosition(line: 1, column: 39))
        #expect(onSite.message.contains("ios/App.entitlements"))
        #expect(onSite.related.map(\.location) == [onApp.location])
    }

    @Test func aListedAppAndADeclaredHostAgree() throws {
        let entitlements = Self.entitlements(["applinks:example.com", "webcredentials:example.com?mode=developer"])
        let site = Self.aasa(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.shop"]}]}, "webcredentials": {"apps": ["9JA89QQLNQ.com.example.shop"]}}"#)
        let rules = ["app-not-in-aasa", "aasa-app-not-entitled", "aasa-missing-for-domain"]
        #expect(try Self.lint([entitlements, site], Self.configuration(), rules: rules).isEmpty)
    }

    @Test func aSiteThatListsAnAppForAnUndeclaredHostPointsBackAtTheEntitlements() throws {
        let entitlements = Self.entitlements(["applinks:example.com"])
        let shop = Self.aasa(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.shop"]}]}}"#, path: "shop/apple-app-site-association")
        let configuration = Self.configuration(hosts: ["shop.example.com": "shop/apple-app-site-association"])
        let diagnostics = try Self.lint([entitlements, shop], configuration, rules: ["aasa-app-not-entitled", "aasa-missing-for-domain"])
        #expect(diagnostics.map(\.ruleID) == ["aasa-missing-for-domain", "aasa-app-not-entitled"])
        let onSite = try #require(diagnostics.last)
        #expect(onSite.location.file == "shop/apple-app-site-association")
        #expect(onSite.related.map(\.location.file) == ["ios/App.entitlements"])
        #expect(onSite.related.first?.location.range.start == SourcePosition(line: 3, column: 1))
    }

    @Test func anAppWithoutIDTakesItFromTheXcodeProjectThatSignsWithItsEntitlements() throws {
        let folder = Self.projects.appendingPathComponent("debug-and-release")
        let projects = ProjectDiscovery().projects(under: [folder.path]).projects
        let configuration = Self.configuration(appID: nil, entitlements: folder.path + "/ios/Shop/Shop.entitlements")
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("ios/Shop/Shop.entitlements")))
        let file = LintFile(path: folder.path + "/ios/Shop/Shop.entitlements", kind: .entitlements, bytes: bytes)
        let context = LintContext(files: [file], configuration: configuration, xcodeProjects: projects)
        let app = try #require(context.projectApps.first)
        #expect(app.appID == Self.appID)
        #expect(app.appIDSource == .xcodeProject(folder.path + "/ios/Shop.xcodeproj"))
    }
}
