/// The system's path normalisation, applied to path patterns and to URL paths alike
/// (AASA.md section 2): empty becomes `/`, `//` collapses to `/`, a leading `/` is added
/// unless the string starts with `*`, a trailing `/` unless it ends with `*`.
enum PathNormalization {
    /// Done on the UTF-8 bytes: `/` and `*` are single bytes that no other scalar's encoding holds.
    static func normalize(_ path: String) -> String {
        let bytes = normalize(Array(path.utf8), isSlash: { $0 == UInt8(ascii: "/") }, isStar: { $0 == UInt8(ascii: "*") }, slash: UInt8(ascii: "/"))
        return String(decoding: bytes, as: UTF8.self)
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

    private static func normalize<Element>(
        _ elements: [Element],
        isSlash: (Element) -> Bool,
        isStar: (Element) -> Bool,
        slash: Element,
        trailingSlash: Element? = nil
    ) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(elements.count + 2)
        for element in elements {
            if isSlash(element), let last = result.last, isSlash(last) { continue }
            result.append(element)
        }
        guard let first = result.first, let last = result.last else { return [slash] }
        if !isSlash(first), !isStar(first) { result.insert(slash, at: 0) }
        if !isSlash(last), !isStar(last) { result.append(trailingSlash ?? slash) }
        return result
    }
}
