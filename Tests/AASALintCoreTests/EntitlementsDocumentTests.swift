@testable import AASALintCore
import Testing

@Suite struct EntitlementsDocumentTests {
    static func document(_ body: String, settings: [String: String] = [:]) throws -> EntitlementsDocument {
        let root = try PlistReader.parse(Array("<plist version=\"1.0\"><dict>\(body)</dict></plist>".utf8))
        return EntitlementsDocument(root: root, buildSettings: BuildSettings(settings))
    }

    @Test func readsTheKeysTheReleaseGateChecksWithTheirPointers() throws {
        let document = try Self.document("""
            <key>com.apple.developer.associated-domains</key><array><string>applinks:example.com</string><true/><string>webcredentials:example.com</string></array>
            <key>get-task-allow</key><true/>
            <key>aps-environment</key><string>production</string>
            <key>application-identifier</key><string>9JA89QQLNQ.com.example.shop</string>
            <key>com.apple.developer.team-identifier</key><string>9JA89QQLNQ</string>
            """)
        #expect(document.associatedDomains.map(\.value.text) == ["applinks:example.com", "webcredentials:example.com"])
        #expect(document.associatedDomains.map(\.pointer.description) == [
            "/com.apple.developer.associated-domains/0", "/com.apple.developer.associated-domains/2",
        ])
        #expect(document.getTaskAllow?.value == true)
        #expect(document.apsEnvironment?.value.stringValue == "production")
        #expect(document.appID?.description == "9JA89QQLNQ.com.example.shop")
        #expect(document.teamIdentifier?.value == "9JA89QQLNQ")
    }

    @Test func readsTheMacOSNamesOfTheSameEntitlements() throws {
        let document = try Self.document("""
            <key>com.apple.security.get-task-allow</key><true/>
            <key>com.apple.developer.aps-environment</key><string>development</string>
            <key>com.apple.application-identifier</key><string>9JA89QQLNQ.com.example.mac</string>
            """)
        #expect(document.getTaskAllow?.pointer.description == "/com.apple.security.get-task-allow")
        #expect(document.apsEnvironment?.pointer.description == "/com.apple.developer.aps-environment")
        #expect(document.appID?.bundleID == "com.example.mac")
    }

    @Test func resolvesBuildSettingsAndLeavesUnknownOnesAsWritten() throws {
        let body = """
            <key>application-identifier</key><string>$(AppIdentifierPrefix)$(CFBundleIdentifier)</string>
            <key>com.apple.developer.associated-domains</key><array><string>applinks:${LINK_HOST}</string><string>applinks:$(OTHER)</string></array>
            """
        let unresolved = try Self.document(body)
        #expect(unresolved.appID == nil)
        #expect(unresolved.associatedDomains.allSatisfy { $0.value.hasUnresolvedReference })
        let resolved = try Self.document(body, settings: [
            "AppIdentifierPrefix": "9JA89QQLNQ.", "CFBundleIdentifier": "com.example.shop", "LINK_HOST": "example.com",
        ])
        #expect(resolved.appID?.description == "9JA89QQLNQ.com.example.shop")
        #expect(resolved.associatedDomains.map(\.value.text) == ["applinks:example.com", "applinks:$(OTHER)"])
    }

    @Test(arguments: [
        ("$(A)$(B)", "xy"), ("${A}.$(B)", "x.y"), ("$(NESTED)", "x-y"), ("$(UNKNOWN)/$(A)", "$(UNKNOWN)/x"),
        ("$(A:lower)", "$(A:lower)"), ("cost $5", "cost $5"), ("$(A", "$(A"), ("$(LOOP)", "$(LOOP)"),
    ])
    func substitutesBuildSettings(text: String, expected: String) {
        let settings = BuildSettings(["A": "x", "B": "y", "NESTED": "$(A)-$(B)", "LOOP": "$(LOOP)"])
        #expect(settings.resolve(text) == expected)
    }
}
