/// A URL the analysis found: its parts in the form the rules compare (the query structured),
/// written out as a client sends it.
struct AnalysisURL: Sendable, Hashable {
    let path: [UInt32]
    let query: [UInt32]
    let fragment: [UInt32]
    let percentEncoded: Bool

    func string(host: String) -> String {
        var url = "https://" + host + wire(path, keeping: Self.keptInPath)
        if !query.isEmpty { url += "?" + StructuredQuery.urlText(of: query, percentEncoded: percentEncoded) }
        if !fragment.isEmpty { url += "#" + wire(fragment, keeping: Self.keptInFragment) }
        return url
    }

    /// What a client leaves as it is in a path, and in a fragment.
    private static let keptInPath = ASCIIBits { ExampleURL.isUnreserved($0) || "!$&'()*+,;=:@/".unicodeScalars.contains($0) }
    private static let keptInFragment = ASCIIBits { ExampleURL.isUnreserved($0) || "!$&'()*+,;=:@/?".unicodeScalars.contains($0) }

    /// Encoded text is already as sent; decoded text is encoded here, leaving what a client
    /// leaves as it is.
    private func wire(_ values: [UInt32], keeping kept: ASCIIBits) -> String {
        let text: String
        if values.allSatisfy({ $0 < 0x80 }) {
            text = String(decoding: values.map { UInt8($0) }, as: UTF8.self)
        } else {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: values.compactMap(Unicode.Scalar.init))
            text = String(scalars)
        }
        guard !percentEncoded else { return text }
        return PercentEncoding.encode(text) { kept.contains($0.value) }
    }
}
