/// A JSON pointer whose segments may be `*` (any key or index), for custom rules:
/// `/applinks/details/*/appIDs/*` names every appID of every details entry.
package struct PointerSelector: Sendable, CustomStringConvertible {
    package let segments: [String?]
    package let text: String

    /// nil when the text is not a pointer.
    package init?(_ text: String) {
        guard let pointer = JSONPointer(text) else { return nil }
        self.text = text
        segments = pointer.tokens.map { $0 == "*" ? nil : $0 }
    }

    package var description: String { text }

    /// Every node the selector names, with its concrete pointer, in document order.
    package func matches(in root: PositionedValue) -> [(pointer: JSONPointer, node: PositionedValue)] {
        Self.matches(segments[...], from: root, at: .root)
    }

    /// The nodes that would hold the last segment (for `required`), and that segment.
    package func parents(in root: PositionedValue) -> (parents: [(pointer: JSONPointer, node: PositionedValue)], last: String?) {
        guard let last = segments.last else { return ([], nil) }
        return (Self.matches(segments.dropLast(), from: root, at: .root), last)
    }

    private static func matches(_ segments: ArraySlice<String?>, from node: PositionedValue, at pointer: JSONPointer)
        -> [(pointer: JSONPointer, node: PositionedValue)] {
        guard let segment = segments.first else { return [(pointer, node)] }
        let rest = segments.dropFirst()
        switch (segment, node.value) {
        case (nil, .object(let members)):
            return members.flatMap { matches(rest, from: $0.value, at: pointer.appending($0.key)) }
        case (nil, .array(let elements)):
            return elements.enumerated().flatMap { matches(rest, from: $1, at: pointer.appending($0)) }
        case (let key?, _):
            let child = JSONPointer(tokens: [key])
            return node.node(at: child).map { matches(rest, from: $0, at: pointer.appending(key)) } ?? []
        default:
            return []
        }
    }
}
