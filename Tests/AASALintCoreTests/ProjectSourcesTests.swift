@testable import AASALintCore
import Foundation
import Testing

/// The project files other tools generate Xcode projects from, read into the same model.
@Suite struct ProjectSourcesTests {
    static let projects = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/projects")

    private func spec(_ text: String, path: String = "project.yml") throws -> XcodeGenProject.SpecFile {
        let bytes = Array(text.utf8)
        return XcodeGenProject.SpecFile(path: path, bytes: bytes, root: try YAMLReader.parse(bytes))
    }

    @Test func xcodeGenSettingsLayerProjectTargetAndConfiguration() throws {
        let included = try spec("settings:\n  base:\n    DEVELOPMENT_TEAM: AAAAAAAAAA\n", path: "ios/base.yml")
        let main = try spec("""
            include: [base.yml]
            options: {bundleIdPrefix: com.example}
            configs: {Debug: debug, Staging: release}
            settings: {DEVELOPMENT_TEAM: 9JA89QQLNQ}
            targets:
              Shop:
                settings:
                  configs:
                    staging: {PRODUCT_BUNDLE_IDENTIFIER: com.example.shop.staging}
                entitlements: {path: Shop/Shop.entitlements}
            """, path: "ios/project.yml")
        let project = try #require(XcodeGenProject(files: [included, main])?.project)
        #expect(project.kind == .xcodeGen)
        #expect(project.configurations.map { "\($0.name) \($0.isRelease()) \($0.appID ?? "-") \($0.entitlementsPaths)" } == [
            "Debug false 9JA89QQLNQ.com.example.Shop [\"ios/Shop/Shop.entitlements\"]",
            "Staging true 9JA89QQLNQ.com.example.shop.staging [\"ios/Shop/Shop.entitlements\"]",
        ])
    }

    @Test func xcodeGenInlinePropertiesAreEntitlementsPositionedInTheSpec() throws {
        let main = try spec("""
            targets:
              Shop:
                sources: [Shop, {path: Widgets}]
                entitlements:
                  properties:
                    com.apple.developer.associated-domains: [applinks:example.com]
            """)
        let read = try #require(XcodeGenProject(files: [main]))
        let file = try #require(read.inlineEntitlements.first)
        #expect(file.path == "project.yml" && !file.isFixable)
        let entry = try #require(file.entitlements?.associatedDomains.first)
        #expect(entry.value.text == "applinks:example.com")
        #expect(file.location(entry.pointer).range.start == SourcePosition(line: 6, column: 50))
        #expect(read.project.configurations.map(\.entitlementsPaths) == [["project.yml"], ["project.yml"]])
        #expect(read.project.sourceFolders["Shop"] == ["Shop", "Widgets"])
    }

    /// One spec may hold the inline entitlements of several targets: each is an app of its own,
    /// with its own appID, though all have the spec's path.
    @Test func targetsWithInlinePropertiesInOneSpecAreAppsOfTheirOwn() throws {
        let main = try spec("""
            settings: {DEVELOPMENT_TEAM: 9JA89QQLNQ}
            targets:
              Shop:
                settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.shop}
                entitlements: {properties: {com.apple.developer.associated-domains: [applinks:example.com]}}
              ShopClip:
                settings: {PRODUCT_BUNDLE_IDENTIFIER: com.example.shop.Clip}
                entitlements: {properties: {com.apple.developer.associated-domains: [appclips:example.com]}}
            """)
        let read = try #require(XcodeGenProject(files: [main]))
        let context = LintContext(files: read.inlineEntitlements, xcodeProjects: [read.project])
        #expect(context.projectApps.map { "\($0.appID ?? "-") \($0.checkableDomains.map(\.value.text))" } == [
            "9JA89QQLNQ.com.example.shop [\"applinks:example.com\"]",
            "9JA89QQLNQ.com.example.shop.Clip [\"appclips:example.com\"]",
        ])
        let clip = try #require(read.inlineEntitlements.last)
        #expect(context.apps(signedWith: clip).map(\.appID) == ["9JA89QQLNQ.com.example.shop.Clip"])
    }

    /// Folder walks find every kind of project file outside the skipped folders; a spec that
    /// includes itself through another file is read once, and a broken one is a problem that
    /// names its position.
    @Test func discoveryReadsEveryKindOfProjectOnceAndNamesBrokenOnes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-sources-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "ios/project.yml": "include: [more.yml]\ntargets: {Shop: {entitlements: {path: Shop.entitlements}}}\n",
            "ios/more.yml": "include: [project.yml]\nconfigs: {Release: release}\n",
            "mobile/app.json": #"{"expo": {"ios": {"associatedDomains": ["applinks:example.com"]}}}"#,
            "mobile/app.config.ts": "export default {}\n",
            "dotnet/Shop.csproj": "<Project><PropertyGroup><CodesignEntitlements>Entitlements.plist</CodesignEntitlements></PropertyGroup></Project>",
            "node_modules/dep/project.yml": "targets: {Dep: {}}\n",
            "broken/project.yml": "targets: [\n",
            "web/project.json": "{\"targets\": {\"build\": {}}, // Nx allows comments\n}",
            "web/app.json": "not JSON",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let found = ProjectDiscovery().projects(under: [root.path])
        #expect(found.projects.map { "\(PathNames.lastComponent(of: $0.path)) \($0.kind)" } == ["Shop.csproj maui", "project.yml xcodeGen", "app.json expo"])
        #expect(found.projects.first { $0.kind == .xcodeGen }?.configurations.map(\.name) == ["Release"])
        #expect(found.entitlements.map(\.path) == [root.path + "/mobile/app.json"])
        #expect(found.problems.map(\.message) == [
            root.path + "/broken/project.yml:2:1: cannot read this XcodeGen project (invalid YAML: did not find expected node content while parsing a flow node), so the release files it names are unknown",
        ])
        #expect(found.notes.count == 1 && found.notes[0].hasPrefix(root.path + "/mobile/app.config.ts: not read"))
    }

    @Test func aSpecWithoutXcodeGenTargetsIsNotXcodeGen() throws {
        #expect(XcodeGenProject(files: [try spec("name: something else\n")]) == nil)
        let nx = #"{"name": "web", "targets": {"build": {"executor": "@nx/vite:build", "options": {}}}}"#
        #expect(XcodeGenProject(files: [try spec(nx, path: "project.json")]) == nil)
    }

    @Test func expoDeclaresTheAppIDAndAssociatedDomains() throws {
        let text = #"{"expo": {"name": "Shop", "ios": {"bundleIdentifier": "com.example.shop", "appleTeamId": "9JA89QQLNQ", "associatedDomains": ["applinks:example.com"]}}}"#
        let bytes = Array(text.utf8)
        let config = try #require(ExpoAppConfig(path: "app.json", bytes: bytes, root: try JSONParser.parse(bytes)))
        #expect(config.project.configurations.map { "\($0.target) \($0.isRelease()) \($0.appID ?? "-")" } == ["Shop true 9JA89QQLNQ.com.example.shop"])
        let entry = try #require(config.entitlements?.entitlements?.associatedDomains.first)
        #expect(config.entitlements?.location(entry.pointer).range.start == SourcePosition(line: 1, column: 126))
        let android = Array(#"{"expo": {"android": {"package": "com.example.shop"}}}"#.utf8)
        #expect(ExpoAppConfig(path: "app.json", bytes: android, root: try JSONParser.parse(android)) == nil)
    }

    @Test func dotNetConfigurationsChooseTheirCodesignEntitlements() throws {
        let text = """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><CodesignEntitlements>Entitlements.plist</CodesignEntitlements></PropertyGroup>
              <PropertyGroup Condition=" '$(Configuration)' == 'Debug' ">
                <CodesignEntitlements>Platforms\\iOS\\Entitlements.Debug.plist</CodesignEntitlements>
              </PropertyGroup>
              <PropertyGroup Condition="'$(Configuration)' != 'Debug'"><CodesignEntitlements>Ignored.plist</CodesignEntitlements></PropertyGroup>
            </Project>
            """
        let project = try #require(try MAUIProject(path: "src/Shop.csproj", bytes: Array(text.utf8))?.project)
        #expect(project.configurations.map { "\($0.target) \($0.name) \($0.entitlementsPaths)" } == [
            "Shop Debug [\"src/Platforms/iOS/Entitlements.Debug.plist\"]",
            "Shop Release [\"src/Entitlements.plist\"]",
        ])
        #expect(try MAUIProject(path: "Lib.csproj", bytes: Array("<Project><PropertyGroup/></Project>".utf8)) == nil)
    }

    @Test func aNamedPlistWithEntitlementKeysIsEntitlements() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-sniff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = folder.appendingPathComponent("signing-output")
        try Data("<?xml version=\"1.0\"?><plist><dict><key>com.apple.developer.associated-domains</key><array/></dict></plist>".utf8).write(to: plist)
        let json = folder.appendingPathComponent("site-file")
        try Data("{\"applinks\": {}}".utf8).write(to: json)
        #expect(FileDiscovery.kind(ofExplicitName: plist.path) == .entitlements)
        #expect(FileDiscovery.kind(ofExplicitName: json.path) == .aasa)
        #expect(FileDiscovery.kind(ofExplicitName: "Platforms/iOS/Entitlements.Release.plist") == .entitlements)
        #expect(FileDiscovery.kind(ofDiscoveredName: "Entitlements.plist") == .entitlements)
        #expect(FileDiscovery.kind(ofDiscoveredName: "Info.plist") == nil)
    }
}
