/// The rules for the host names of associated domains: fully qualified, lower-case DNS names.
enum HostName {
    static let maximumLength = 253
    static let maximumLabelLength = 63

    static func isIPv4Address(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && (Int(part) ?? 256) <= 255
        }
    }

    /// Why `name` (ASCII, lower case, without a wildcard) is not a fully qualified host
    /// name, for a message; nil when it is one.
    static func problem(_ name: String) -> String? {
        if name.hasSuffix(".") { return "it ends with a dot; remove it" }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return "it has no dot; write the fully qualified domain, such as example.com" }
        if labels.contains(where: \.isEmpty) { return "it has an empty label (\"..\" or a leading dot)" }
        if name.count > maximumLength { return "it is longer than \(maximumLength) characters" }
        if let long = labels.first(where: { $0.count > maximumLabelLength }) {
            return "the label \"\(long.prefix(20))...\" is longer than \(maximumLabelLength) characters"
        }
        if let character = name.first(where: { !($0.isASCIIDigit || ("a"..."z").contains($0) || $0 == "-" || $0 == ".") }) {
            return "\"\(character)\" is not allowed; host names hold letters, digits, \"-\" and \".\""
        }
        if let label = labels.first(where: { $0.hasPrefix("-") || $0.hasSuffix("-") }) {
            return "the label \"\(label)\" starts or ends with \"-\""
        }
        if let last = labels.last, last.allSatisfy(\.isASCIIDigit) {
            return "its last label is a number, which is neither a domain nor an IPv4 address"
        }
        return nil
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
