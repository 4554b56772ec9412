/// How `caseSensitive: false` compares characters (AASA.md section 2): ASCII by `tolower`,
/// other scalars by Unicode simple case folding. Two scalars match when their foldings are equal.
enum CaseFolding {
    /// The simple case folding of `scalar`.
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
        }
        if let special = foldingsBeyondLowercase[scalar] { return special }
        // Simple folding is the one-scalar lower-case mapping, except for the scalars listed
        // above; a mapping to several scalars (U+0130) has no simple folding.
        let lowered = scalar.properties.lowercaseMapping.unicodeScalars
        guard lowered.count == 1, let only = lowered.first else { return scalar }
        return foldingsBeyondLowercase[only] ?? only
    }

    /// The folding of a scalar value, ASCII without leaving the caller: keys and URL paths fold
    /// every scalar they hold.
    @inline(__always)
    static func fold(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return value &- 0x41 < 26 ? value + 0x20 : value }
        return Unicode.Scalar(value).map { fold($0).value } ?? value
    }

    /// Every scalar whose folding equals that of `scalar`, itself included.
    static func equivalents(of scalar: Unicode.Scalar) -> ScalarSet {
        let folded = fold(scalar)
        let members = [folded.value] + ((folded.isASCII ? asciiUnfoldings[folded.value] : unfoldings[folded.value]) ?? [])
        return ScalarSet(members.map { $0...$0 })
    }

    /// CaseFolding.txt entries (status C and S) where folding differs from lower-casing.
    private static let foldingsBeyondLowercase: [Unicode.Scalar: Unicode.Scalar] = [
        "\u{B5}": "\u{3BC}", "\u{17F}": "s", "\u{345}": "\u{3B9}", "\u{3C2}": "\u{3C3}",
        "\u{3D0}": "\u{3B2}", "\u{3D1}": "\u{3B8}", "\u{3D5}": "\u{3C6}", "\u{3D6}": "\u{3C0}",
        "\u{3F0}": "\u{3BA}", "\u{3F1}": "\u{3C1}", "\u{3F5}": "\u{3B5}", "\u{1E9B}": "\u{1E61}",
        "\u{1FBE}": "\u{3B9}",
    ]

    /// `unfoldings` for ASCII, without scanning Unicode (which takes milliseconds, and most
    /// case-insensitive patterns are ASCII): the upper-case letter, and beyond ASCII only
    /// KELVIN SIGN and LONG S fold into ASCII.
    static let asciiUnfoldings: [UInt32: [UInt32]] = Dictionary(uniqueKeysWithValues: (UInt32(0x61)...0x7A).map { lower in
        (lower, [lower - 32] + (lower == 0x6B ? [0x212A] : lower == 0x73 ? [0x17F] : []))
    })

    /// Folded value -> the other scalars that fold to it, ascending. Cased scripts end below U+1F000.
    static let unfoldings: [UInt32: [UInt32]] = {
        var table: [UInt32: [UInt32]] = [:]
        for value in UInt32(0x41)..<0x1F000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let folded = fold(scalar)
            if folded != scalar { table[folded.value, default: []].append(value) }
        }
        return table
    }()
}
