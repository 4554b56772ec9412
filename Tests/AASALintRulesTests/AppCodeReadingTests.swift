@testable import AASALintCore
import AASALintRules
import Foundation
import Testing

/// Sources are read only for an entitlements file that claims `applinks:`: a lint of anything
/// else costs what it cost before the rules about link handlers.
@Suite struct AppCodeReadingTests {
    static func entitlements(_ domain: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>com.apple.developer.associated-domains</key><array><string>\(domain)</string></array>
        </dict></plist>
        """
    }

    /// The sources read when all rules lint the entitlements file `domain` is claimed in, beside a SwiftUI app.
    static func sourcesRead(claiming domain: String) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-app-code-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Shop"), withIntermediateDirectories: true)
        try Self.entitlements(domain).write(to: folder.appendingPathComponent("Shop/Shop.entitlements"), atomically: true, encoding: .utf8)
        try "@main struct ShopApp: App { var body: some Scene { WindowGroup { Text(\"Shop\") } } }\n"
            .write(to: folder.appendingPathComponent("Shop/ShopApp.swift"), atomically: true, encoding: .utf8)
        let path = folder.path + "/Shop/Shop.entitlements"
        let file = try FileReader().read(DiscoveredFile(path: path, kind: .entitlements))
        let appCode = AppCodeCache()
        let diagnostics = try Linter(plan: RulePlan(registry: FixtureSupport.registry(), configuration: Configuration()))
            .lint([file], appCode: appCode)
        #expect(diagnostics.contains { $0.ruleID == "no-link-handler" } == domain.hasPrefix("applinks:"))
        return appCode.documents.map { String($0.path.dropFirst(folder.path.count + 1)) }
    }

    @Test func sourcesAreReadOnlyForAnAppThatClaimsApplinks() throws {
        #expect(try Self.sourcesRead(claiming: "applinks:example.com") == ["Shop/ShopApp.swift"])
        #expect(try Self.sourcesRead(claiming: "webcredentials:example.com") == [])
    }
}
