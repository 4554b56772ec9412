@testable import AASALintCore
import Foundation
import Testing

@Suite struct XcodeProjectTests {
    static let scenario = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/projects/debug-and-release")

    static func project() throws -> XcodeProject {
        let bytes = try [UInt8](Data(contentsOf: scenario.appendingPathComponent("ios/Shop.xcodeproj/project.pbxproj")))
        return try XcodeProject(path: "ios/Shop.xcodeproj", pbxproj: bytes)
    }

    @Test func readsTheOpenStepSyntaxXcodeWrites() throws {
        let text = """
            // !$*UTF8*$!
            { /* comment */ a = 1; "quoted key" = "x \\"y\\" \\U00e9\\n"; list = (one, "two", ); data = <0fbd 77>;
              path = "$(SRCROOT)/App/App.entitlements"; bare = App/App.entitlements; nested = { inner = (); }; }
            """
        let root = try OpenStepPlistReader.parse(Array(text.utf8))
        #expect(root.member("a")?.value.stringValue == "1")
        #expect(root.member("quoted key")?.value.stringValue == "x \"y\" é\n")
        #expect(root.member("list")?.value.elements?.compactMap(\.stringValue) == ["one", "two"])
        #expect(root.member("data")?.value.stringValue == "0fbd77")
        #expect(root.member("path")?.value.stringValue == "$(SRCROOT)/App/App.entitlements")
        #expect(root.member("bare")?.value.stringValue == "App/App.entitlements")
        #expect(root.member("nested")?.value.member("inner")?.value.elements?.isEmpty == true)
        let keySpan = try #require(root.member("quoted key")?.keySpan)
        #expect(String(decoding: Array(text.utf8)[keySpan], as: UTF8.self) == "\"quoted key\"")
    }

    @Test(arguments: [
        ("{ a = 1 }", 8, "expected \";\" after the value of \"a\""),
        ("{ a 1; }", 4, "expected \"=\" after the key \"a\""),
        ("{ a = \"open; }", 6, "this quoted string is not closed"),
        ("{ a = (1 2); }", 9, "expected \",\" or \")\" in an array"),
        ("/* open { }", 0, "this comment is not closed"),
        ("{ a = 1; } extra", 11, "unexpected text after the end"),
        ("{ a = 1;", 8, "the file ends inside a dictionary or array"),
    ])
    func reportsMalformedProjectFilesAtTheirPosition(text: String, offset: Int, message: String) {
        do {
            _ = try OpenStepPlistReader.parse(Array(text.utf8))
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.offset == offset)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func findsTheEntitlementsAndAppIDOfEveryConfiguration() throws {
        let project = try Self.project()
        let summary = project.configurations.map { "\($0.target) \($0.name): \($0.entitlementsPaths) \($0.appID ?? "-")" }
        #expect(summary == [
            "Shop Debug: [\"ios/Shop/ShopDebug.entitlements\"] 9JA89QQLNQ.com.example.shop",
            "Shop Release: [\"ios/Shop/Shop.entitlements\"] 9JA89QQLNQ.com.example.shop",
        ])
        #expect(project.configurations.first?.buildSettings.values["SWIFT_OPTIMIZATION_LEVEL"] == "-Onone")
    }

    @Test func resolvesConditionalAndUnresolvableEntitlementsSettings() throws {
        let text = """
            { objects = {
                P = { isa = PBXProject; buildConfigurationList = PL; targets = (T); };
                PL = { isa = XCConfigurationList; buildConfigurations = (PR); };
                PR = { isa = XCBuildConfiguration; name = Release; buildSettings = { DEVELOPMENT_TEAM = "$(TEAM)"; }; };
                T = { isa = PBXNativeTarget; name = Widget; buildConfigurationList = TL; };
                TL = { isa = XCConfigurationList; buildConfigurations = (TR); };
                TR = { isa = XCBuildConfiguration; name = Release; buildSettings = {
                    "CODE_SIGN_ENTITLEMENTS[sdk=iphoneos*]" = "$(TARGET_NAME)/../Widget/$(TARGET_NAME).entitlements";
                    "CODE_SIGN_ENTITLEMENTS[sdk=macosx*]" = "$(MAC_ENTITLEMENTS)";
                    PRODUCT_BUNDLE_IDENTIFIER = com.example.widget; }; };
            }; rootObject = P; }
            """
        let project = try XcodeProject(path: "./App.xcodeproj/", pbxproj: Array(text.utf8))
        let configuration = try #require(project.configurations.first)
        #expect(project.path == "App.xcodeproj")
        #expect(configuration.entitlementsPaths == ["Widget/Widget.entitlements"])
        #expect(configuration.unresolvedEntitlements == ["$(MAC_ENTITLEMENTS)"])
        #expect(configuration.appID == nil)
    }

    @Test(arguments: [
        (".", "App/App.entitlements", "App/App.entitlements"),
        ("ios", "./App/../App/App.entitlements", "ios/App/App.entitlements"),
        ("ios", "../shared/App.entitlements", "shared/App.entitlements"),
        ("ios", "/abs/App.entitlements", "/abs/App.entitlements"),
        (".", "../outside/App.entitlements", "../outside/App.entitlements"),
    ])
    func joinsPathsAsReportsShowThem(base: String, relative: String, expected: String) {
        #expect(PathNames.joined(base, relative) == expected)
    }

    @Test func discoversProjectsUnderTheLintedPathsAndSkipsBuildFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-xcode-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let pbxproj = try Data(contentsOf: Self.scenario.appendingPathComponent("ios/Shop.xcodeproj/project.pbxproj"))
        for folder in ["ios/Shop.xcodeproj", "node_modules/dep/Dep.xcodeproj", "broken/Broken.xcodeproj"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try pbxproj.write(to: root.appendingPathComponent("ios/Shop.xcodeproj/project.pbxproj"))
        try pbxproj.write(to: root.appendingPathComponent("node_modules/dep/Dep.xcodeproj/project.pbxproj"))
        try Data("{ a = ".utf8).write(to: root.appendingPathComponent("broken/Broken.xcodeproj/project.pbxproj"))

        let found = ProjectDiscovery().projects(under: [root.path])
        #expect(found.projects.map(\.path) == [root.path + "/ios/Shop.xcodeproj"])
        #expect(found.problems.map(\.message) == [
            root.path + "/broken/Broken.xcodeproj/project.pbxproj:1:7: cannot read this Xcode project (the file ends where a value was expected), so the release files it names are unknown",
        ])
        let named = ProjectDiscovery().projects(under: [root.path + "/ios/Shop.xcodeproj"])
        #expect(named.projects.map(\.path) == [root.path + "/ios/Shop.xcodeproj"])
    }
}
