import Testing
@testable import aasalint

/// Reports reach their destination in order, in writes of about 64 KB rather than one per
/// finding, and nothing is left behind once flushed.
@Suite struct BufferedOutputTests {
    @Test func piecesAreHandedOnInLargeWritesAndInOrder() {
        var writes: [String] = []
        var buffer = BufferedOutput { writes.append($0) }
        let line = String(repeating: "x", count: 99) + "\n"
        for _ in 0..<1_000 { buffer.write(line) }
        // 100,000 bytes: one write once 64 KB had gathered, the rest held back.
        #expect(writes.map(\.utf8.count) == [65_600])
        buffer.flush()
        #expect(writes.map(\.utf8.count) == [65_600, 34_400])
        #expect(writes.joined() == String(repeating: line, count: 1_000))
        buffer.flush()
        #expect(writes.count == 2)
    }
}
