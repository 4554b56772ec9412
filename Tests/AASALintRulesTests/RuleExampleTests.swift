@testable import AASALintCore
import AASALintRules
import Foundation
import Testing

/// The examples a rule publishes (docs/rules.md, `aasalint rules ID`, SARIF help) are linted:
/// a "Reported" one must trigger its rule and a "Fine" one must not, as `RuleExample` describes,
/// and a "Reported" one that is the text the rule reads marks with `↓` where the rule reports.
@Suite struct RuleExampleTests {
    struct ExampleCase: CustomTestStringConvertible, Sendable {
        let rule: RuleDescription
        /// Checks what a host served rather than a file.
        let isRemote: Bool
        let index: Int
        var example: RuleExample { rule.examples[index] }
        var testDescription: String { "\(rule.id) example \(index + 1)" }
        /// A triggering example that is the text the rule reads, so it can say with `↓` where the
        /// rule fires; a `fixture:` case or a server's answer is more than the published text.
        var marksWhereItFires: Bool { example.triggers && example.fixture == nil && !isRemote }
    }

    static let allCases: [ExampleCase] = BuiltInRules.all.flatMap { type in
        type.description.examples.indices.map { ExampleCase(rule: type.description, isRemote: type is any RemoteCheck.Type, index: $0) }
    }

    @Test("a Reported example triggers its rule, a Fine one does not", arguments: allCases)
    func exampleBehavesAsLabelled(example: ExampleCase) throws {
        let diagnostics = try Self.diagnostics(of: example)
        #expect(diagnostics.allSatisfy { $0.ruleID == example.rule.id })
        if example.example.triggers {
            #expect(!diagnostics.isEmpty, "\(example.testDescription) is shown as reported, but the rule finds nothing")
        } else {
            #expect(diagnostics.isEmpty, "\(example.testDescription) is shown as fine, but:\n\(FixtureSupport.reportLines(diagnostics))")
        }
    }

    @Test("a triggering example that is text the rule reads is reported where its ↓ marker stands",
          arguments: allCases.filter(\.marksWhereItFires))
    func triggeringExampleIsReportedAtItsMarker(example: ExampleCase) throws {
        let markers = example.example.markedText.count { $0 == RuleExample.marker }
        try #require(markers == 1, "\(example.testDescription) must mark with one \(RuleExample.marker) where the rule reports, not \(markers)")
        let marked = ExampleInput.fileBytes(of: example.example.markedText, kind: Self.kind(of: example))
        let markerBytes = Array(String(RuleExample.marker).utf8)
        let offset = try #require(marked.firstRange(of: markerBytes)?.lowerBound)
        var unmarked = marked
        unmarked.removeSubrange(offset..<offset + markerBytes.count)
        let expected = LineTable(unmarked).position(ofOffset: offset)
        let starts = try Self.diagnostics(of: example).map(\.location.range.start)
        #expect(starts.contains(expected), "\(example.testDescription) marks \(expected), but the rule reports at \(starts)")
    }

    @Test("only a triggering example that is text the rule reads has a ↓ marker",
          arguments: allCases.filter { !$0.marksWhereItFires })
    func otherExampleIsNotMarked(example: ExampleCase) {
        #expect(!example.example.isMarked, "\(example.testDescription) cannot mark where the rule fires: it is not text the rule reads")
    }

    static func diagnostics(of example: ExampleCase) throws -> [Diagnostic] {
        let id = example.rule.id
        if let fixture = example.example.fixture {
            let input = FixtureSupport.rulesFolder.appendingPathComponent(id).appendingPathComponent(fixture)
            try #require(FileManager.default.fileExists(atPath: input.path), "\(example.testDescription) names a missing fixture \(fixture)")
            return try RuleFixtureTests.diagnostics(of: .init(ruleID: id, input: input))
        }
        let selection = try FixtureSupport.selection(of: id)
        let text = example.example.text
        if example.isRemote {
            return try RemoteFixture.check(answer: Array(text.utf8), with: selection)
        }
        let kind = Self.kind(of: example)
        let bytes = ExampleInput.fileBytes(of: text, kind: kind)
        // The rules named "...-in-release" read only release entitlements; no other rule minds.
        return try FixtureSupport.lint(LintFile(path: "example", kind: kind, bytes: bytes), with: selection, asRelease: true)
    }

    private static func kind(of example: ExampleCase) -> FileKind {
        [FileKind.entitlements, .assetLinks, .androidManifest].first(where: example.rule.fileKinds.contains) ?? .aasa
    }
}

/// How an example that is a part of a file becomes the whole file the linter reads.
enum ExampleInput {
    /// The bytes of the whole file that `text` stands for.
    static func fileBytes(of text: String, kind: FileKind) -> [UInt8] {
        switch kind {
        case .entitlements: Array(entitlements(text).utf8)
        case .assetLinks: bytes(text)
        case .androidManifest: Array(androidManifest(text).utf8)
        default: bytes(aasa(text))
        }
    }

    static func aasa(_ text: String) -> String {
        if text.hasPrefix(#"{"/""#) {
            return #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["# + text + "]}]}}"
        }
        if text.hasPrefix(#"{"appIDs""#) {
            return #"{"applinks": {"details": ["# + text + "]}}"
        }
        return text
    }

    /// A whole manifest, or an `<intent-filter>` placed in an activity of one.
    static func androidManifest(_ text: String) -> String {
        if text.hasPrefix("<manifest") { return text }
        return #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app"><application><activity android:name=".MainActivity">"#
            + text + "</activity></application></manifest>"
    }

    static func entitlements(_ text: String) -> String {
        if text.hasPrefix("<plist") { return text }
        let keys = text.hasPrefix("<string>")
            ? "<key>com.apple.developer.associated-domains</key><array>\(text)</array>"
            : text
        return #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + keys + "</dict></plist>"
    }

    /// The UTF-8 of `text`, with each `\xNN` as the byte NN.
    static func bytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Substring(text)
        while let escape = rest.range(of: #"\x"#) {
            bytes += Array(rest[..<escape.lowerBound].utf8)
            let digits = rest[escape.upperBound...].prefix(2)
            guard digits.count == 2, let byte = UInt8(digits, radix: 16) else {
                bytes += Array(#"\x"#.utf8)
                rest = rest[escape.upperBound...]
                continue
            }
            bytes.append(byte)
            rest = rest[escape.upperBound...].dropFirst(2)
        }
        return bytes + Array(rest.utf8)
    }
}
