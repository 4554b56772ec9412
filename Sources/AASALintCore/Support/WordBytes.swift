/// Which of the eight bytes of a word (eight bytes of a text loaded at once) are a given byte, or
/// below or at least a bound: the scanners of the parser, the line table, the JSON writer and the
/// line reader skip a word that holds none in a few instructions ("Bit Twiddling Hacks").
///
/// Each answer is the high bit (0x80) of every byte that qualifies, and possibly of some bytes
/// above one that qualifies (the borrow or carry of the arithmetic runs upwards through it), never
/// of a byte below the first that does. So an answer is zero exactly when no byte qualifies, and
/// its lowest bit set is the first byte that does when the word was loaded little-endian
/// (`UInt64(littleEndian:)`): `trailingZeroBitCount / 8` is its index.
package enum WordBytes {
    private static let everyByte: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The bytes of `word` equal to `byte`: the exclusive or makes them zero, and subtracting one
    /// from every byte sets the high bit of a zero byte (and borrows through it only).
    @inline(__always)
    package static func equal(to byte: UInt8, in word: UInt64) -> UInt64 {
        let zeroWhereEqual = word ^ (everyByte &* UInt64(byte))
        return (zeroWhereEqual &- everyByte) & ~zeroWhereEqual & highBits
    }

    /// The bytes of `word` below `bound` (at most 0x80): subtracting the bound from every byte
    /// sets the high bit of one below it that had it clear.
    @inline(__always)
    package static func below(_ bound: UInt8, in word: UInt64) -> UInt64 {
        (word &- everyByte &* UInt64(bound)) & ~word & highBits
    }

    /// The bytes of `word` at least `bound` (1...0x80): adding 0x80 less the bound to every byte
    /// sets the high bit of one at or above it that had it clear; one that had it set is one.
    @inline(__always)
    package static func atLeast(_ bound: UInt8, in word: UInt64) -> UInt64 {
        ((word &+ everyByte &* UInt64(0x80 - bound)) | word) & highBits
    }
}
