import CThreads

/// Work of many items that the calling thread shares with helper threads (`HelperThreads`).
///
/// The calling thread runs items from the start; each helper takes items in order as soon as it
/// runs, and the caller waits only for the items a helper has taken, never for a helper to
/// start: one that starts after every item is taken does nothing. libdispatch's
/// `concurrentPerform` waits for every worker it asked for, and on Linux a busy worker pool or a
/// worker woken on the caller's processor held a lint of the 128 KB catalog up to 3 ms.
enum SharedWork {
    /// The processors this process may run on.
    static let processorCount = max(1, Int(aasalint_processor_count()))

    /// Runs `item` once for every index of `0..<count`, in no set order and on as many as
    /// `helpers` threads of `threads` besides this one; returns when every item has run. The
    /// first helper to come runs `prelude` before it takes items: work that spares the caller,
    /// which never runs it nor waits for it (nothing runs it when no helper comes).
    static func run(_ count: Int, helpers: Int = processorCount - 1, threads: HelperThreads = .shared,
                    prelude: (@Sendable () -> Void)? = nil, _ item: @Sendable (Int) -> Void) {
        let helpers = min(helpers, count - 1)
        guard helpers > 0 else {
            for index in 0..<count { item(index) }
            return
        }
        withoutActuallyEscaping(item) { item in
            let share = ItemShare(count: count, prelude: prelude, item: item)
            threads.lend(helpers, to: share)
            share.runItemsAsCaller()
            threads.withdraw(share)
            share.finish()
        }
    }
}

/// The items of one `SharedWork.run` and who runs them: helpers take them from the front, the
/// caller the first and then from the back. A helper may hold it after `run` returns, but holds
/// `item` only while running one.
///
/// A file's checks are why the caller takes from the back: its first item builds the compiled
/// matcher, which the last checks read, while helpers' checks build the file's other views
/// (the pattern catalog). Taking the next one in order, the caller waited for a helper to finish
/// building a view that its check asked for too.
final class ItemShare: @unchecked Sendable {
    private let lock = WaitableLock()
    /// The items not yet taken: `next..<end`.
    private var next = 0
    private var end: Int
    /// Items taken and not yet done.
    private var running = 0
    /// Nil once a helper has taken it, or once `run` has returned.
    private var prelude: (@Sendable () -> Void)?
    /// Nil once `run` has returned: `item` does not outlive it.
    private var item: (@Sendable (Int) -> Void)?

    init(count: Int, prelude: (@Sendable () -> Void)?, item: @escaping @Sendable (Int) -> Void) {
        end = count
        self.prelude = prelude
        self.item = item
    }

    /// A helper's part: the prelude if no other helper took it, then items.
    func help() {
        lock.lock()
        let prelude = self.prelude
        self.prelude = nil
        lock.unlock()
        prelude?()
        runItems(fromTheBack: false)
    }

    /// The caller's part: the first item left, then from the back.
    func runItemsAsCaller() {
        guard runNext(fromTheBack: false) else { return }
        itemDone()
        runItems(fromTheBack: true)
    }

    private func runItems(fromTheBack: Bool) {
        while runNext(fromTheBack: fromTheBack) {
            itemDone()
        }
    }

    private func itemDone() {
        lock.lock()
        running -= 1
        if running == 0 { lock.broadcast() }
        lock.unlock()
    }

    /// Waits until no helper runs an item; called by the caller once no item is left to take.
    /// A helper that comes later runs neither an item nor the prelude.
    func finish() {
        lock.lock()
        while running > 0 { lock.wait() }
        prelude = nil
        item = nil
        lock.unlock()
    }

    /// Runs the next item, or the last, if any is left; its copy of `item` is released when this
    /// returns, before `running` says the item is done.
    private func runNext(fromTheBack: Bool) -> Bool {
        lock.lock()
        guard let item, next < end else {
            lock.unlock()
            return false
        }
        let index: Int
        if fromTheBack {
            end -= 1
            index = end
        } else {
            index = next
            next += 1
        }
        running += 1
        lock.unlock()
        item(index)
        return true
    }
}

/// The helper threads of every `SharedWork.run`, parked while no run wants them, and started as
/// runs want more, up to a limit: the dense file's analysis asks for helpers hundreds of times,
/// and a thread started for each run made its lint 7% slower. A parked helper woken for a run
/// resumes on the processor it last ran on when that one is idle, as quickly as a new one starts
/// (CThreads.c). Tests make their own, to count its threads.
final class HelperThreads: @unchecked Sendable {
    /// One helper for each processor besides the caller's. A run started inside another (the
    /// analysis, while a helper runs the file's other checks) finds them all busy; a thread started
    /// for it could only take a processor from one already working (it started as the catalog's
    /// lint was ending, and preempted its helper), so the run's caller does its items, helped by
    /// any helper that comes free before they are all taken.
    static let shared = HelperThreads(limit: SharedWork.processorCount - 1)

    private let lock = WaitableLock()
    /// The most threads it starts.
    private let limit: Int
    /// The runs that want helpers, in the order they asked, each with how many more it takes.
    private var wanted: [(share: ItemShare, helpers: Int)] = []
    private var parked = 0
    private var started = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// How many threads were started, and how many of them are parked.
    var threadCounts: (started: Int, parked: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (started, parked)
    }

    /// Gives `share` up to `count` helpers: parked ones first, new threads for the rest while
    /// fewer than the limit were started (none when the system starts no thread), and then any
    /// that finishes its run before `withdraw`. The caller runs the items no helper takes.
    func lend(_ count: Int, to share: ItemShare) {
        lock.lock()
        wanted.append((share, count))
        let woken = min(parked, count)
        if woken > 0 { lock.broadcast() }
        let starting = min(count - woken, limit - started)
        started += starting
        lock.unlock()
        for index in 0..<starting {
            guard startThread() else {
                lock.lock()
                started -= starting - index
                lock.unlock()
                break
            }
        }
    }

    /// False when the system starts no thread. The thread holds these helper threads for good.
    private func startThread() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        guard aasalint_start_thread({ context in Unmanaged<HelperThreads>.fromOpaque(context!).takeUnretainedValue().serve() }, context) == 0 else {
            Unmanaged<HelperThreads>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// Takes back the helpers `share` has not had yet: its items are all taken.
    func withdraw(_ share: ItemShare) {
        lock.lock()
        wanted.removeAll { $0.share === share }
        lock.unlock()
    }

    /// A helper's life: the items of the runs that want it, parked in between.
    private func serve() {
        lock.lock()
        while true {
            guard let share = wanted.first?.share else {
                parked += 1
                lock.wait()
                parked -= 1
                continue
            }
            wanted[0].helpers -= 1
            if wanted[0].helpers == 0 { wanted.removeFirst() }
            lock.unlock()
            share.help()
            lock.lock()
        }
    }
}
