@testable import AASALintCore
import Testing

/// `WordBytes` answers for eight bytes at once with borrows and carries that run between bytes:
/// these compare its answers on generated words with a byte-by-byte reading.
@Suite struct WordBytesPropertyTests {
    /// Words whose bytes come mostly from `interesting` (the byte sought, its neighbours, the
    /// bounds and their neighbours, 0x00, 0x7F, 0x80, 0xFF), so that borrows and carries through
    /// qualifying bytes are common; the rest are any byte.
    static func words(count: Int, interesting: [UInt8]) -> [UInt64] {
        var state: UInt64 = 0xB17E
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 24
        }
        return (0..<count).map { _ in
            (0..<8).reduce(UInt64(0)) { word, position in
                let draw = next()
                let byte = draw % 4 == 0 ? UInt8(truncatingIfNeeded: draw >> 8) : interesting[Int(draw >> 8) % interesting.count]
                return word | UInt64(byte) << (8 * UInt64(position))
            }
        }
    }

    static func bytes(of word: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) }
    }

    /// What the type promises, as `qualifies` reads each byte: zero exactly when no byte
    /// qualifies, only high bits set, the lowest of them the first byte that qualifies.
    static func expectAnswer(_ answer: UInt64, for word: UInt64, _ qualifies: (UInt8) -> Bool, _ test: String) {
        let first = bytes(of: word).firstIndex(where: qualifies)
        #expect(answer & ~0x8080_8080_8080_8080 == 0, "\(test) \(String(word, radix: 16))")
        #expect((answer == 0 ? nil : answer.trailingZeroBitCount / 8) == first, "\(test) \(String(word, radix: 16))")
        #expect(answer.trailingZeroBitCount % 8 == 7 || answer == 0, "\(test) \(String(word, radix: 16))")
    }

    @Test(arguments: [UInt8(0x00), 0x0A, 0x0D, 0x22, 0x5C, 0x7F, 0x80, 0xFF])
    func equalFindsTheFirstEqualByte(_ sought: UInt8) {
        let interesting = [sought, sought &- 1, sought &+ 1, 0x00, 0x01, 0x7F, 0x80, 0xFF]
        for word in Self.words(count: 5_000, interesting: interesting) {
            let answer = WordBytes.equal(to: sought, in: word)
            Self.expectAnswer(answer, for: word, { $0 == sought }, "equal(to: \(sought))")
            // Every equal byte is flagged, not only the first.
            for (index, byte) in Self.bytes(of: word).enumerated() where byte == sought {
                #expect(answer >> (8 * UInt64(index) + 7) & 1 == 1, "equal(to: \(sought)) \(String(word, radix: 16))")
            }
        }
    }

    @Test(arguments: [UInt8(0x01), 0x20, 0x41, 0x7F, 0x80])
    func belowFindsTheFirstByteUnderTheBound(_ bound: UInt8) {
        let interesting = [bound, bound - 1, bound &+ 1, 0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF]
        for word in Self.words(count: 5_000, interesting: interesting) {
            Self.expectAnswer(WordBytes.below(bound, in: word), for: word, { $0 < bound }, "below(\(bound))")
        }
    }

    @Test(arguments: [UInt8(0x01), 0x20, 0x7E, 0x7F, 0x80])
    func atLeastFindsTheFirstByteAtOrOverTheBound(_ bound: UInt8) {
        let interesting = [bound, bound - 1, bound &+ 1, 0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF]
        for word in Self.words(count: 5_000, interesting: interesting) {
            Self.expectAnswer(WordBytes.atLeast(bound, in: word), for: word, { $0 >= bound }, "atLeast(\(bound))")
        }
    }
}
