@testable import AASALintCore
import AASALintTestSupport
import Foundation
import Testing

/// A compiled component is placed from the span the model read it at, without resolving its
/// pointer: the place must be the one its pointer resolves to, for components (with defaults,
/// duplicate keys, entries of several apps) and legacy `paths` strings, and in every corpus file.
@Suite struct ComponentLocationTests {
    static func mismatches(in file: LintFile) -> [String] {
        guard let matcher = AASAMatcher(file: file) else { return [] }
        return matcher.entries.flatMap(\.components).compactMap { component in
            component.location(in: file) == file.location(component.pointer) ? nil : "\(file.path) \(component.pointer)"
        }
    }

    @Test func aComponentIsWhereItsPointerResolves() {
        let json = """
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "defaults": {"caseSensitive": false},
               "components": [{"/": "/a/*"}, {"/": "/b", "?": {"q": "1"}, "exclude": true}]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shadowed"}]},
              {"appIDs": ["ABCDE12345.com.example.other"], "paths": ["/old/*", "NOT /old/secret"]},
              {"appIDs": ["ABCDE12345.com.example.third"], "components": [{"/": "/first"}], "components": [{"/": "/last", "/": "/twice"}]}
            ]}}
            """
        let file = LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(json.utf8))
        #expect(AASAMatcher(file: file).map { $0.entries.flatMap(\.components).count } == 6)
        #expect(Self.mismatches(in: file).isEmpty, "\(Self.mismatches(in: file))")
    }

    @Test(.enabled(if: SpecCorpus.testsRun, Comment(rawValue: SpecCorpus.absenceReason)))
    func everyCorpusComponentIsWhereItsPointerResolves() throws {
        let folder = try SpecCorpus.subfolder("aasa")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var mismatches: [String] = []
        var components = 0
        for name in names {
            let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
            let file = LintFile(path: name, kind: .aasa, bytes: bytes)
            components += AASAMatcher(file: file)?.entries.reduce(0) { $0 + $1.components.count } ?? 0
            mismatches += Self.mismatches(in: file)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(components > 100, "the corpus must hold components: \(components)")
    }
}
