/// Where each Unicode scalar of a decoded JSON string is in the source. Escapes make the two
/// differ (`\u00e9` is six bytes for one scalar, `\/` two for one), so a finding inside a
/// pattern needs this map to point at the exact characters.
struct JSONStringSourceMap {
    /// Byte offset of each scalar, then of the closing quote.
    private let offsets: [Int]

    /// `span` is the string's span including its quotes; nil when the bytes there are not a
    /// JSON string holding `decoded`.
    init?(bytes: [UInt8], span: Range<Int>, decoded: String) {
        guard span.count >= 2, span.upperBound <= bytes.count, bytes[span.lowerBound] == UInt8(ascii: "\"") else { return nil }
        var offsets: [Int] = []
        var index = span.lowerBound + 1
        let end = span.upperBound - 1
        while index < end {
            offsets.append(index)
            index += Self.length(ofScalarAt: index, in: bytes)
        }
        guard index == end, offsets.count == decoded.unicodeScalars.count else { return nil }
        offsets.append(end)
        self.offsets = offsets
    }

    /// The source bytes of the scalars `range`.
    func span(of range: Range<Int>) -> Range<Int> {
        let lower = offsets[max(0, min(range.lowerBound, offsets.count - 1))]
        let upper = offsets[max(0, min(range.upperBound, offsets.count - 1))]
        return lower..<max(lower, upper)
    }

    private static func length(ofScalarAt index: Int, in bytes: [UInt8]) -> Int {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "\\") else {
            switch byte {
            case 0xF0...: return 4
            case 0xE0...: return 3
            case 0xC0...: return 2
            default: return 1
            }
        }
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return 2 }
        // A high surrogate escape and its low surrogate escape are one scalar.
        let isHighSurrogate = index + 2 < bytes.count && (bytes[index + 2] | 0x20) == UInt8(ascii: "d")
            && index + 3 < bytes.count && "89abAB".utf8.contains(bytes[index + 3])
        return isHighSurrogate ? 12 : 6
    }
}

extension LintFile {
    /// The scalars `range` of the JSON string at `pointer`, counted in the decoded string;
    /// the whole string when the source cannot be mapped.
    package func location(ofScalars range: Range<Int>, inStringAt pointer: JSONPointer) -> Location {
        guard let node = root?.node(at: pointer), let text = node.stringValue,
              let map = JSONStringSourceMap(bytes: bytes, span: node.span, decoded: text)
        else { return location(pointer) }
        return location(span: map.span(of: range), pointer: pointer)
    }
}
