import AASALintCore
import AASALintRules
import Foundation
import Testing

/// The library's promise: `AASALintCore` declares few public types, each documented, and what
/// they offer is enough to lint, render a report and decide a URL. Everything else is `package`,
/// for aasalint's own targets. (Fixtures/plugin/app's `LibraryClient`, built by
/// scripts/check-plugins.sh, uses the same calls from another package, which sees only `public`.)
@Suite struct PublicAPITests {
    static let coreSources = FixtureSupport.packageRoot.appendingPathComponent("Sources/AASALintCore")
    static let publicTypeLimit = 40

    /// `(file, line, name)` of every `public struct/class/enum/protocol/actor/typealias`.
    static func publicTypes() throws -> [(file: String, line: Int, name: String, isDocumented: Bool)] {
        let declaration = try Regex(#"^\s*public\s+(?:final\s+|indirect\s+)?(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)"#)
        var found: [(file: String, line: Int, name: String, isDocumented: Bool)] = []
        let files = FileManager.default.enumerator(atPath: coreSources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files.sorted() {
            let lines = try String(contentsOf: coreSources.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard let match = try declaration.firstMatch(in: String(line)), let name = match.output[1].substring else { continue }
                // The doc comment sits above the declaration and its attributes.
                let above = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("@") }
                found.append((file, index + 1, String(name), above?.trimmingCharacters(in: .whitespaces).hasPrefix("///") == true))
            }
        }
        return found
    }

    @Test func theCoreDeclaresFewPublicTypesEachDocumented() throws {
        let types = try Self.publicTypes()
        #expect(types.count >= 10, "found only \(types.count) public types under \(Self.coreSources.path): is the scan broken?")
        #expect(types.count <= Self.publicTypeLimit,
                "AASALintCore declares \(types.count) public types (at most \(Self.publicTypeLimit)): \(types.map(\.name).sorted()); use `package` for what only aasalint's targets need")
        let undocumented = types.filter { !$0.isDocumented }.map { "\($0.file):\($0.line) \($0.name)" }
        #expect(undocumented.isEmpty, "public types without a /// comment: \(undocumented)")
    }

    @Test func aLibraryUserLintsContentsAndReadsFindingsWithTheirPlaces() throws {
        let linter = try AASALinter(rules: BuiltInRules.rules)
        let text = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/shop/*", "exclude": true}, {"/": "/shop/sale"}]}]}}"#
        let report = linter.lint(contents: Array(text.utf8), path: "site/.well-known/apple-app-site-association")
        #expect(report.fileCount == 1)
        #expect(report.problems.isEmpty)
        let shadowed = try #require(report.diagnostics.first { $0.ruleID == "exclude-shadowed" || $0.ruleID == "unreachable-component" },
                                    "findings: \(report.diagnostics.map(\.ruleID))")
        #expect(shadowed.location.file == "site/.well-known/apple-app-site-association")
        #expect(shadowed.location.range.start.line == 1)
        #expect(shadowed.location.jsonPointer == "/applinks/details/0/components/1")
        #expect(shadowed.exampleURL?.hasPrefix("https://") == true)

        let json = try JSONSerialization.jsonObject(with: Data(report.rendered(as: .json).utf8))
        #expect(json is [String: Any], "the json report is an object")
        #expect(report.rendered(as: .text).contains(shadowed.message))
    }

    @Test func aLibraryUserLintsAFolderWithTheNearestConfiguration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-public-api-\(UUID().uuidString)")
        let wellKnown = folder.appendingPathComponent(".well-known")
        try FileManager.default.createDirectory(at: wellKnown, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent(".git"))
        try Data("rules:\n  invalid-app-id: off\n".utf8).write(to: folder.appendingPathComponent(".aasalint.yml"))
        try Data(#"{"webcredentials": {"apps": ["ABCDE12345.com.example.shop"]}}"#.utf8)
            .write(to: wellKnown.appendingPathComponent("apple-app-site-association"))

        let configuration = try Configuration.resolved(from: folder.path, rules: BuiltInRules.rules)
        let withConfiguration = try AASALinter(rules: BuiltInRules.rules, configuration: configuration).lint(paths: [folder.path])
        let without = try AASALinter(rules: BuiltInRules.rules).lint(paths: [folder.path])
        #expect(withConfiguration.fileCount == 1)
        #expect(without.diagnostics.contains { $0.ruleID == "invalid-app-id" }, "findings: \(without.diagnostics.map(\.ruleID))")
        #expect(!withConfiguration.diagnostics.contains { $0.ruleID == "invalid-app-id" })
        #expect(throws: UsageError.self) { try Configuration.resolved(named: folder.appendingPathComponent("missing.yml").path, from: folder.path, rules: BuiltInRules.rules) }
    }

    /// A plugin is a program the repository chooses; only the command line starts one, with the
    /// user's consent. This one would leave a file behind, and fail the lint, if it ran.
    @Test func theLibraryNeverRunsTheConfigurationsPlugins() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-public-api-\(UUID().uuidString)")
        let wellKnown = folder.appendingPathComponent(".well-known")
        try FileManager.default.createDirectory(at: wellKnown, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent(".git"))
        try Data("plugins:\n  - id: policy\n    command: [sh, -c, \"touch ran; exit 3\"]\n".utf8)
            .write(to: folder.appendingPathComponent(".aasalint.yml"))
        try Data(#"{"webcredentials": {"apps": ["ABCDE12345.com.example.shop"]}}"#.utf8)
            .write(to: wellKnown.appendingPathComponent("apple-app-site-association"))

        let configuration = try Configuration.resolved(from: folder.path, rules: BuiltInRules.rules)
        #expect(configuration.plugins.map(\.id) == ["policy"])
        let report = try AASALinter(rules: BuiltInRules.rules, configuration: configuration).lint(paths: [folder.path])
        #expect(report.fileCount == 1)
        #expect(report.problems.isEmpty)
        #expect(!report.diagnostics.contains { $0.ruleID.hasPrefix("policy/") })
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ran").path))
    }

    @Test func aLibraryUserDecidesURLsAsTheSystemDoes() throws {
        let text = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/shop/sale", "exclude": true}, {"/": "/shop/*"}]}]}}"#
        let matcher = try AASAMatcher(contents: Array(text.utf8))
        #expect(matcher.appIDs == ["ABCDE12345.com.example.shop"])
        let opened = try matcher.decide("https://www.example.com/shop/shoes", appID: "ABCDE12345.com.example.shop")
        #expect(opened.outcome == .match)
        #expect(opened.componentPointer == "/applinks/details/0/components/1")
        let blocked = try matcher.decisions(for: "https://www.example.com/shop/sale")
        #expect(blocked.map(\.outcome) == [.blocked])
        #expect(try matcher.decide("https://www.example.com/about", appID: "ABCDE12345.com.example.shop").componentPointer == nil)
        #expect(throws: UsageError.self) { try matcher.decide("ftp://example.com/x", appID: "ABCDE12345.com.example.shop") }
        #expect(throws: UsageError.self) { try AASAMatcher(contents: Array("[1]".utf8)) }
    }
}
