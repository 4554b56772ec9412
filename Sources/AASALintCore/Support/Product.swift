extension Sequence<Int> {
    /// The product of the numbers, or nil when it does not fit in an `Int`: whether states or
    /// classes of several automata can be numbered as one `Int` each.
    var productWithoutOverflow: Int? {
        var product = 1
        for factor in self {
            let (next, overflow) = product.multipliedReportingOverflow(by: factor)
            guard !overflow else { return nil }
            product = next
        }
        return product
    }
}
