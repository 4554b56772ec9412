/// A URL the analysis found: its parts in the form the rules compare (the query structured),
/// written out as a client sends it.
struct AnalysisURL: Sendable, Hashable {
    let path: [UInt32]
    let query: [UInt32]
    let fragment: [UInt32]
    let percentEncoded: Bool

    func string(host: String) -> String {
        var url = "https://" + host + wire(path, keeping: "/")
        if !query.isEmpty { url += "?" + StructuredQuery.urlText(of: query, percentEncoded: percentEncoded) }
        if !fragment.isEmpty { url += "#" + wire(fragment, keeping: "/?") }
        return url
    }

    /// Encoded text is already as sent; decoded text is encoded here, leaving what a client
    /// leaves as it is.
    private func wire(_ values: [UInt32], keeping extra: String) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: values.compactMap(Unicode.Scalar.init))
        guard !percentEncoded else { return String(text) }
        return PercentEncoding.encode(String(text)) { scalar in
            ExampleURL.isUnreserved(scalar) || "!$&'()*+,;=:@".unicodeScalars.contains(scalar) || extra.unicodeScalars.contains(scalar)
        }
    }
}
