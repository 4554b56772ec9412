/// The parts of an entry's components written as plain text, without wildcards or variables: the
/// value of a query item, the whole query, the fragment. Two components whose plain values of one
/// part differ share no URL (`{"screen": "home"}` and `{"screen": "cart"}`), which is known without
/// building their automata: files that list one component per value of an item are then analysed
/// completely, however many items each component constrains.
struct LiteralParts: Sendable {
    private struct Value: Sendable {
        let text: String
        /// The component compares this part without regard to case.
        let folds: Bool
    }

    /// Per component asked about, its plain parts by name: `#` the fragment, `?` the whole query,
    /// `?=name` an item; and whether it compares the URL percent-encoded.
    private let parts: [[String: Value]]
    private let percentEncoded: [Bool]
    /// Per component, where its parts are in `parts`, or -1 for a component not asked about:
    /// an empty table per component of a large file was most of the cost of making and freeing these.
    private let slots: [Int32]

    /// The parts of `members`, the only components asked about: most components of a large file
    /// share a group with no other and are never told apart.
    init(components: [CompiledComponent], of members: some Sequence<Int>) {
        var slots = [Int32](repeating: -1, count: components.count)
        var percentEncoded: [Bool] = []
        var parts: [[String: Value]] = []
        for member in members {
            slots[member] = Int32(parts.count)
            percentEncoded.append(components[member].settings.percentEncoded)
            parts.append(Self.parts(of: components[member]))
        }
        self.slots = slots
        self.percentEncoded = percentEncoded
        self.parts = parts
    }

    private func parts(of component: Int) -> [String: Value] {
        slots[component] < 0 ? [:] : parts[Int(slots[component])]
    }

    private func isPercentEncoded(_ component: Int) -> Bool {
        slots[component] >= 0 && percentEncoded[Int(slots[component])]
    }

    private static func parts(of component: CompiledComponent) -> [String: Value] {
        var found: [String: Value] = [:]
        let folds = !component.settings.caseSensitive
        func record(_ pattern: CompiledPattern?, as name: String) {
            guard let pattern, Self.isPlain(pattern.text) else { return }
            found[name] = Value(text: pattern.text, folds: folds)
        }
        record(component.fragment, as: "#")
        switch component.query {
        case .any: break
        case .whole(let pattern): record(pattern, as: "?")
        case .items(let items): for item in items { record(item.pattern, as: "?=" + item.name) }
        }
        return found
    }

    /// Without `*`, `?` or a variable, a pattern matches its own text and nothing else. One pass
    /// over the bytes: the generic substring search for `$(` took 5,700 instructions a value.
    private static func isPlain(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || previous == UInt8(ascii: "$") && byte == UInt8(ascii: "(") { return false }
            previous = byte
        }
        return true
    }

    /// The text two values are compared as: folded when either component ignores case, and then
    /// only for ASCII text, whose folding is plain lower case (nil: not comparable).
    private static func compared(_ value: Value, folding: Bool) -> String? {
        guard folding else { return value.text }
        guard value.text.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        return value.text.lowercased()
    }

    /// True when components `one` and `other` share no URL because a part both write as plain
    /// text has different values.
    func areDisjoint(_ one: Int, _ other: Int) -> Bool {
        guard isPercentEncoded(one) == isPercentEncoded(other) else { return false }
        let (oneParts, otherParts) = (parts(of: one), parts(of: other))
        let (first, second) = oneParts.count <= otherParts.count ? (oneParts, otherParts) : (otherParts, oneParts)
        return first.contains { name, value in
            guard let otherValue = second[name] else { return false }
            let folding = value.folds || otherValue.folds
            guard let text = Self.compared(value, folding: folding), let otherText = Self.compared(otherValue, folding: folding) else { return false }
            return text != otherText
        }
    }

    /// `group` (ascending) in smaller groups, each ascending and ordered by its first component,
    /// such that components of different groups share no URL: split by the value of a part that
    /// every component of the group writes as plain text.
    func split(_ group: [Int]) -> [[Int]] {
        guard group.count > 1, let first = group.first else { return [group] }
        for name in parts(of: first).keys.sorted() {
            guard group.allSatisfy({ parts(of: $0)[name] != nil && isPercentEncoded($0) == isPercentEncoded(first) }) else { continue }
            let folding = group.contains { parts(of: $0)[name]?.folds == true }
            let texts = group.map { parts(of: $0)[name].flatMap { Self.compared($0, folding: folding) } }
            guard texts.allSatisfy({ $0 != nil }) else { continue }
            var buckets: [String: [Int]] = [:]
            var order: [String] = []
            for (component, text) in zip(group, texts) {
                guard let text else { continue }
                if buckets[text] == nil { order.append(text) }
                buckets[text, default: []].append(component)
            }
            guard order.count > 1 else { continue }
            return order.flatMap { split(buckets[$0] ?? []) }.sorted { $0[0] < $1[0] }
        }
        return [group]
    }
}
