/// Counts in words for people: `1 finding`, `2 findings`, `1 baseline entry`.
package enum Quantity {
    package static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
