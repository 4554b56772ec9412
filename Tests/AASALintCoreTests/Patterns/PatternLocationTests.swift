@testable import AASALintCore
import Testing

/// Findings inside patterns point at the exact characters, through JSON escapes too.
@Suite struct PatternLocationTests {
    func column(of range: Range<Int>, in json: String, pointer: String) throws -> (Int, Int) {
        let file = LintFile(path: "f.json", kind: .aasa, bytes: Array(json.utf8))
        let location = file.location(ofScalars: range, inStringAt: try #require(JSONPointer(pointer)))
        return (location.range.start.column, location.range.end.column)
    }

    @Test func plainStringsMapOneToOne() throws {
        // {"p": "/a$(x)b"}: the reference is scalars 2..<6, columns 10..<14.
        #expect(try column(of: 2..<6, in: #"{"p": "/a$(x)b"}"#, pointer: "/p") == (10, 14))
    }

    @Test func escapesWidenTheSourceSpan() throws {
        // "\/caf\u00e9\/$(x)": decoded "/café/$(x)"; é is scalar 4, $(x) scalars 6..<10.
        let json = #"{"p": "\/caf\u00e9\/$(x)"}"#
        #expect(try column(of: 4..<5, in: json, pointer: "/p") == (13, 19))
        #expect(try column(of: 6..<10, in: json, pointer: "/p") == (21, 25))
    }

    @Test func surrogatePairsAreOneScalar() throws {
        let json = #"{"p": "\ud83d\ude00*"}"#
        #expect(try column(of: 1..<2, in: json, pointer: "/p") == (20, 21))
    }

    @Test func legacyNotPrefixShiftsThePattern() throws {
        let json = #"{"applinks": {"details": [{"appID": "A", "paths": ["NOT /$(nope)"]}]}}"#
        let file = LintFile(path: "f.json", kind: .aasa, bytes: Array(json.utf8))
        let occurrence = try #require(PatternCatalog(file: file).occurrences.first)
        let reference = try #require(occurrence.pattern.variableReferences.first)
        let location = file.location(of: reference.range, in: occurrence)
        #expect(location.range.start.column == json.distance(from: json.startIndex, to: try #require(json.range(of: "$(nope)")).lowerBound) + 1)
    }
}
