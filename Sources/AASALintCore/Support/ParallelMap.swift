extension Array where Element: Sendable {
    /// `map` across the machine's processors (`SharedWork`), results in the original order, so that
    /// output stays deterministic however the work is scheduled.
    func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let slots = Slots<Result>(count: count)
        SharedWork.run(count) { index in
            slots.store(transform(self[index]), at: index)
        }
        return slots.values
    }
}

/// Each index is written by exactly one item, so the lock only guards the array's storage.
private final class Slots<Value: Sendable>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = Lock()

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func store(_ value: Value, at index: Int) {
        lock.withLock { storage[index] = value }
    }

    var values: [Value] {
        lock.withLock { storage.compactMap { $0 } }
    }
}
