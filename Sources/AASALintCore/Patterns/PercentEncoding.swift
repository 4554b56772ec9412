/// `%XX` sequences in URLs and patterns.
package enum PercentEncoding {
    /// One `%` of a text and what follows it.
    package enum Escape: Equatable, Sendable {
        /// `%` and two hex digits: the byte they encode.
        case byte(UInt8)
        /// `%` not followed by two hex digits.
        case malformed
    }

    /// Every `%` of `scalars`, with the range of its escape (3 scalars when well-formed, or
    /// as many of the next two as there are).
    package static func escapes(in scalars: [Unicode.Scalar]) -> [(range: Range<Int>, escape: Escape)] {
        var result: [(Range<Int>, Escape)] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            if index + 2 < scalars.count, let high = hexValue(scalars[index + 1]), let low = hexValue(scalars[index + 2]) {
                result.append((index..<index + 3, .byte(high << 4 | low)))
                index += 3
            } else {
                result.append((index..<min(index + 3, scalars.count), .malformed))
                index += 1
            }
        }
        return result
    }

    /// Runs of consecutive well-formed escapes, with the bytes they encode.
    package static func encodedRuns(in scalars: [Unicode.Scalar]) -> [(range: Range<Int>, bytes: [UInt8])] {
        var runs: [(range: Range<Int>, bytes: [UInt8])] = []
        for (range, escape) in escapes(in: scalars) {
            guard case .byte(let byte) = escape else { continue }
            if let last = runs.last, last.range.upperBound == range.lowerBound {
                runs[runs.count - 1] = (last.range.lowerBound..<range.upperBound, last.bytes + [byte])
            } else {
                runs.append((range, [byte]))
            }
        }
        return runs
    }

    /// The text with every well-formed escape decoded; nil when the bytes are not UTF-8.
    /// Malformed escapes stay as they are.
    package static func decode(_ text: String) -> String? {
        guard holdsPercent(text) else { return text }
        return String(validating: decodedBytes(text.utf8), as: UTF8.self)
    }

    /// The scalars of a URL part with every well-formed escape decoded; nil when it holds no
    /// `%` or the bytes are not UTF-8 (the part is then compared as sent).
    static func decode(scalars: [UInt32]) -> [UInt32]? {
        guard scalars.contains(UInt32(UInt8(ascii: "%"))) else { return nil }
        let isASCII = scalars.allSatisfy { $0 < 0x80 }
        let bytes = isASCII ? decodedBytes(scalars.lazy.map { UInt8($0) }) : decodedBytes(LinkURL.Text.string(of: scalars).utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.map(UInt32.init) }
        return String(validating: bytes, as: UTF8.self)?.unicodeScalars.map(\.value)
    }

    /// Whether `text` holds a `%`: on a native string's bytes in one pass (the generic search
    /// of its UTF-8 view steps index by index, a few hundred instructions for a URL).
    private static func holdsPercent(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "%")) } ?? text.utf8.contains(UInt8(ascii: "%"))
    }

    /// The bytes `text` stands for, every well-formed escape decoded; malformed ones stay as they are.
    static func decodedBytes(_ text: some Collection<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        let utf8 = Array(text)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = hexValue(Unicode.Scalar(utf8[index + 1])), let low = hexValue(Unicode.Scalar(utf8[index + 2])) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return bytes
    }

    /// `text` with what a client would encode in a URL part written as `%XX` (upper case).
    package static func encode(_ text: String, keeping allowed: (Unicode.Scalar) -> Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, allowed(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
                }
            }
        }
        return result
    }

    static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 0x30)
        case "a"..."f": UInt8(scalar.value - 0x61 + 10)
        case "A"..."F": UInt8(scalar.value - 0x41 + 10)
        default: nil
        }
    }
}
