#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// RFC 3492 Punycode, to suggest the `xn--` form of an internationalised host name.
package enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    /// `münchen.de` -> `xn--mnchen-3ya.de`: each non-ASCII label lower-cased, NFC-composed and
    /// encoded; ASCII labels unchanged.
    package static func asciiHost(_ host: String) -> String {
        host.split(separator: ".", omittingEmptySubsequences: false).map { label in
            guard !label.unicodeScalars.allSatisfy(\.isASCII) else { return String(label) }
            let prepared = Array(CanonicalComposition.of(label.lowercased()).unicodeScalars)
            return "xn--" + encode(prepared)
        }.joined(separator: ".")
    }

    static func encode(_ input: [Unicode.Scalar]) -> String {
        var output = input.filter(\.isASCII).map(Character.init)
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN, delta = 0, bias = initialBias
        while handled < input.count {
            guard let next = input.map({ Int($0.value) }).filter({ $0 >= n }).min() else { break }
            delta += (next - n) * (handled + 1)
            n = next
            for scalar in input.map({ Int($0.value) }) {
                if scalar < n { delta += 1 }
                guard scalar == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    private static func digit(_ value: Int) -> Character {
        let scalar = value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
        return Character(Unicode.Scalar(scalar))
    }

    private static func adapt(_ delta: Int, _ count: Int, _ isFirst: Bool) -> Int {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
