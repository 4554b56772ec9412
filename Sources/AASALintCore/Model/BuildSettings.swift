/// Xcode build settings, for the `$(NAME)` and `${NAME}` references that source
/// `.entitlements` files and Xcode projects hold (`$(AppIdentifierPrefix)$(CFBundleIdentifier)`).
package struct BuildSettings: Sendable, Equatable {
    /// Settings may refer to settings; deeper chains than this are left unresolved.
    static let maximumNesting = 8

    package let values: [String: String]

    package init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// True when `text` still holds a reference, which then is not a literal value to check.
    package static func containsReference(_ text: String) -> Bool {
        text.contains("$(") || text.contains("${")
    }

    /// `text` with every reference to a known setting replaced; references to unknown
    /// settings (and forms with modifiers, such as `$(PRODUCT_NAME:rfc1034identifier)`) stay.
    package func resolve(_ text: String) -> String {
        resolve(text, depth: 0)
    }

    package func merging(_ other: BuildSettings) -> BuildSettings {
        BuildSettings(values.merging(other.values) { _, new in new })
    }

    private func resolve(_ text: String, depth: Int) -> String {
        guard depth < Self.maximumNesting, Self.containsReference(text), !values.isEmpty else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, let close = Self.closing(rest[afterDollar]),
                  let end = rest[afterDollar...].firstIndex(of: close)
            else {
                result.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let name = String(rest[rest.index(after: afterDollar)..<end])
            if let value = values[name] {
                result += resolve(value, depth: depth + 1)
            } else {
                result += rest[dollar...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    private static func closing(_ opening: Character) -> Character? {
        switch opening {
        case "(": ")"
        case "{": "}"
        default: nil
        }
    }
}
