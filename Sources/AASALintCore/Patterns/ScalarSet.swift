/// A set of Unicode scalar values, kept as sorted, disjoint, non-adjacent ranges: the labels
/// of automaton transitions. Values are `UInt32` code points; the surrogate range never occurs
/// in input, so sets may include it freely.
package struct ScalarSet: Hashable, Sendable {
    package static let maximum: UInt32 = 0x10FFFF

    /// Sorted, disjoint and never adjacent, so equal sets have equal ranges.
    package let ranges: [ClosedRange<UInt32>]

    package static let empty = ScalarSet(normalized: [])
    package static let all = ScalarSet(normalized: [0...maximum])

    package init(_ scalar: Unicode.Scalar) {
        ranges = [scalar.value...scalar.value]
    }

    package init(_ ranges: some Sequence<ClosedRange<UInt32>>) {
        self.init(normalized: Self.normalize(Array(ranges)))
    }

    /// `ranges` already sorted, disjoint and never adjacent.
    init(normalized ranges: [ClosedRange<UInt32>]) {
        self.ranges = ranges
    }

    package var isEmpty: Bool { ranges.isEmpty }

    package func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle - 1
            } else {
                return true
            }
        }
        return false
    }

    package func union(_ other: ScalarSet) -> ScalarSet {
        ScalarSet(ranges + other.ranges)
    }

    package func complement() -> ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            guard range.upperBound < Self.maximum else { return ScalarSet(normalized: result) }
            next = range.upperBound + 1
        }
        result.append(next...Self.maximum)
        return ScalarSet(normalized: result)
    }

    package func intersection(_ other: ScalarSet) -> ScalarSet {
        complement().union(other.complement()).complement()
    }

    /// The most readable member, for example URLs: a lower-case letter, a digit, other printable
    /// ASCII, then the smallest scalar that is not a surrogate.
    package var representative: Unicode.Scalar? {
        for preferred in Self.readableOrder where contains(preferred.value) {
            return preferred
        }
        return representativeBeyondReadable
    }

    /// The representative of a set that holds no scalar of `readableOrder`.
    var representativeBeyondReadable: Unicode.Scalar? {
        for range in ranges {
            for value in [range.lowerBound, max(range.lowerBound, 0xE000)] where range.contains(value) {
                if let scalar = Unicode.Scalar(value), value >= 0x20, value != 0x7F { return scalar }
            }
        }
        return ranges.lazy.compactMap { Unicode.Scalar($0.lowerBound) }.first
    }

    /// Lower is more readable in an example URL: letters, digits, then other ASCII.
    static func readability(of scalar: Unicode.Scalar) -> Int {
        switch scalar {
        case "a"..."z": 0
        case "0"..."9": 1
        case "A"..."Z": 2
        case "-", "_", ".", "~": 3
        default: scalar.isASCII ? 4 : 5
        }
    }

    static let readableOrder = Array("abcdefghijklmnopqrstuvwxyz0123456789-_ABCDEFGHIJKLMNOPQRSTUVWXYZ.~!$&'()*+,;=:@/?".unicodeScalars)

    private static func normalize(_ input: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let sorted = input.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<UInt32>] = []
        for range in sorted {
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}

/// A set of ASCII scalars as two words of bits: membership is one test, for sets asked about
/// every scalar of every URL.
struct ASCIIBits: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init() {}

    /// The scalars of bits `low` (0-63) and `high` (64-127).
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    init(where holds: (Unicode.Scalar) -> Bool) {
        for value in UInt8(0)..<128 where holds(Unicode.Scalar(value)) { insert(UInt32(value)) }
    }

    /// Adds an ASCII scalar; any other value is left out.
    @inline(__always)
    mutating func insert(_ value: UInt32) {
        if value < 64 { low |= 1 << UInt64(value) } else if value < 128 { high |= 1 << UInt64(value - 64) }
    }

    mutating func formUnion(_ other: ASCIIBits) {
        low |= other.low
        high |= other.high
    }

    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        value < 64 ? low & 1 << UInt64(value) != 0 : value < 128 && high & 1 << UInt64(value - 64) != 0
    }
}
