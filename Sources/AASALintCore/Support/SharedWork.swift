import CThreads

/// Work of many items that the calling thread shares with helper threads started for it.
///
/// The calling thread runs items from the start; each helper takes items in order as soon as it
/// runs, and the caller waits only for the items a helper has taken, never for a helper to
/// start: one that starts after every item is taken does nothing. libdispatch's
/// `concurrentPerform` waits for every worker it asked for, and on Linux a busy worker pool or a
/// worker woken on the caller's processor held a lint of the 128 KB catalog up to 3 ms.
package enum SharedWork {
    /// The processors this process may run on.
    package static let processorCount = max(1, Int(aasalint_processor_count()))

    /// Runs `item` once for every index of `0..<count`, in no set order and on as many as
    /// `helpers` threads besides this one; returns when every item has run.
    package static func run(_ count: Int, helpers: Int = processorCount - 1, _ item: @Sendable (Int) -> Void) {
        let helpers = min(helpers, count - 1)
        guard helpers > 0 else {
            for index in 0..<count { item(index) }
            return
        }
        withoutActuallyEscaping(item) { item in
            let share = ItemShare(count: count, item: item)
            for _ in 0..<helpers where !share.startHelper() { break }
            share.runItems()
            share.finish()
        }
    }
}

/// The items of one `SharedWork.run` and who runs them. Helpers hold it until they end, which may
/// be after `run` returns; they hold `item` only while running one.
private final class ItemShare: @unchecked Sendable {
    private let lock = WaitableLock()
    private let count: Int
    private var next = 0
    /// Items taken and not yet done.
    private var running = 0
    /// Nil once `run` has returned: `item` does not outlive it.
    private var item: (@Sendable (Int) -> Void)?

    init(count: Int, item: @escaping @Sendable (Int) -> Void) {
        self.count = count
        self.item = item
    }

    /// False when the system starts no thread: the caller then runs the items itself.
    func startHelper() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = aasalint_start_thread({ context in
            Unmanaged<ItemShare>.fromOpaque(context!).takeRetainedValue().runItems()
        }, context)
        guard status == 0 else {
            Unmanaged<ItemShare>.fromOpaque(context).release()
            return false
        }
        return true
    }

    func runItems() {
        while runNext() {
            lock.lock()
            running -= 1
            if running == 0 { lock.broadcast() }
            lock.unlock()
        }
    }

    /// Waits until no helper runs an item; called by the caller once no item is left to take.
    func finish() {
        lock.lock()
        while running > 0 { lock.wait() }
        item = nil
        lock.unlock()
    }

    /// Runs the next item, if any is left; its copy of `item` is released when this returns,
    /// before `running` says the item is done.
    private func runNext() -> Bool {
        lock.lock()
        guard let item, next < count else {
            lock.unlock()
            return false
        }
        let index = next
        next += 1
        running += 1
        lock.unlock()
        item(index)
        return true
    }
}
