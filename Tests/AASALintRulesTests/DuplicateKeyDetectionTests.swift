@testable import AASALintCore
import Testing

/// `duplicate-key` looks for a repeated key before it walks the file naming pointers, pair by
/// pair in small objects and by hashing in large ones: every object of a few keys from a small
/// alphabet, and large objects with and without a repeat, nested in arrays and objects, get one
/// finding per member whose key an earlier member of the same object has.
@Suite struct DuplicateKeyDetectionTests {
    static let alphabet = ["a", "b", "ab", "/"]

    @Test func findsEveryRepeatedKey() throws {
        let selection = try FixtureSupport.selection(of: "duplicate-key")
        var objects: [[String]] = [[]]
        for length in 1...4 {
            objects += Self.sequences(of: length)
        }
        // Large objects, hashed: distinct keys, then the same with one key repeated at either end.
        for count in [16, 17, 40] {
            let distinct = (0..<count).map { "key\($0 * 7 % count)" }
            objects += [distinct, distinct + ["key3"], ["key\(count - 1)"] + distinct]
        }
        var findings = 0
        for (index, keys) in objects.enumerated() {
            let object = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
            let text = #"{"applinks": {"details": [], "x": [1, {"y": \#(object)}]}}"#
            let file = LintFile(path: "d\(index)/apple-app-site-association", kind: .aasa, bytes: Array(text.utf8))
            let expected = keys.indices.filter { keys[..<$0].contains(keys[$0]) }.count
            #expect(try FixtureSupport.lint([file], with: selection).count == expected, "\(text)")
            findings += expected
        }
        #expect(findings > 300)
    }

    private static func sequences(of length: Int) -> [[String]] {
        guard length > 0 else { return [[]] }
        return sequences(of: length - 1).flatMap { prefix in alphabet.map { prefix + [$0] } }
    }
}
