/// The system's path normalisation, applied to path patterns and to URL paths alike
/// (AASA.md section 2): empty becomes `/`, `//` collapses to `/`, a leading `/` is added
/// unless the string starts with `*`, a trailing `/` unless it ends with `*`.
enum PathNormalization {
    /// A URL's path as scalar values, normalised as they are read: what `LinkURL` compares.
    static func normalize(scalars: some Collection<UInt32>) -> [UInt32] {
        let slash = UInt32(UInt8(ascii: "/"))
        let star = UInt32(UInt8(ascii: "*"))
        return normalize(scalars, isSlash: { $0 == slash }, isStar: { $0 == star }, slash: slash)
    }

    /// Pattern tokens normalised the same way; added slashes get an empty range where they go.
    static func normalize(_ tokens: [PatternToken]) -> [PatternToken] {
        let end = tokens.last?.range.upperBound ?? 0
        return normalize(tokens,
                         isSlash: { $0.kind == .literal("/") },
                         isStar: { $0.kind == .anyRun },
                         slash: PatternToken(.literal("/"), at: 0..<0),
                         trailingSlash: PatternToken(.literal("/"), at: end..<end))
    }

    /// One pass: the leading slash goes in before the first element, runs of slashes keep their first.
    private static func normalize<Element>(
        _ elements: some Collection<Element>,
        isSlash: (Element) -> Bool,
        isStar: (Element) -> Bool,
        slash: Element,
        trailingSlash: Element? = nil
    ) -> [Element] {
        guard let first = elements.first else { return [slash] }
        var result: [Element] = []
        result.reserveCapacity(elements.count + 2)
        var lastIsSlash = false
        if !isSlash(first), !isStar(first) {
            result.append(slash)
            lastIsSlash = true
        }
        for element in elements {
            let elementIsSlash = isSlash(element)
            if elementIsSlash, lastIsSlash { continue }
            result.append(element)
            lastIsSlash = elementIsSlash
        }
        if let last = result.last, !isSlash(last), !isStar(last) { result.append(trailingSlash ?? slash) }
        return result
    }
}
