#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import AASALintCore
import Dispatch
import Testing

/// `SharedWork` runs every item once, on the calling thread and helpers that run at the same time,
/// and nothing of a run after it has returned.
@Suite struct SharedWorkTests {
    /// Counts per item, under a lock: what the items of one run did.
    final class Tally: @unchecked Sendable {
        private let lock = Lock()
        private var counts: [Int]

        init(count: Int) {
            counts = Array(repeating: 0, count: count)
        }

        func add(_ index: Int) {
            lock.withLock { counts[index] += 1 }
        }

        var values: [Int] { lock.withLock { counts } }
    }

    @Test func everyItemRunsOnceWhateverTheNumberOfHelpers() {
        for count in 0...40 {
            for helpers in 0...4 {
                let tally = Tally(count: count)
                SharedWork.run(count, helpers: helpers) { tally.add($0) }
                #expect(tally.values == Array(repeating: 1, count: count), "count \(count), helpers \(helpers)")
            }
        }
    }

    /// Each of two items waits for the other to start: they finish only if a helper runs one
    /// while the calling thread runs the other (bounded: a wait gives up after a minute).
    @Test func aHelperRunsAnItemWhileTheCallerRunsAnother() {
        let started = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let metTheOther = Tally(count: 2)
        // Threads of its own: the shared helpers may be busy with another test's run.
        SharedWork.run(2, helpers: 1, threads: HelperThreads(limit: 1)) { index in
            (index == 0 ? started.0 : started.1).signal()
            if (index == 0 ? started.1 : started.0).wait(timeout: .now() + 60) == .success { metTheOther.add(index) }
        }
        #expect(metTheOther.values == [1, 1])
    }

    /// Helpers that start once every item is taken take none: the items of each finished run
    /// stay counted once, checked after every run has been started.
    @Test func noItemRunsAfterItsRunHasReturned() {
        let tallies = (0..<300).map { _ in Tally(count: 3) }
        for tally in tallies {
            SharedWork.run(3, helpers: 2) { tally.add($0) }
            #expect(tally.values == [1, 1, 1])
        }
        #expect(tallies.allSatisfy { $0.values == [1, 1, 1] })
    }

    /// The prelude runs once, on the helper, before the helper's item; the caller never runs it,
    /// and without a helper nothing does.
    @Test func thePreludeRunsOnceOnTheHelperBeforeItsItems() {
        let caller = pthread_self()
        // Its helper is started for the first round, then parked and woken for each.
        let threads = HelperThreads(limit: 1)
        for round in 0..<20 {
            let started = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
            let events = Events()
            // Both items wait for each other, so the helper takes one.
            SharedWork.run(2, helpers: 1, threads: threads, prelude: {
                events.add(pthread_equal(pthread_self(), caller) != 0 ? "prelude on the caller" : "prelude")
            }) { index in
                (index == 0 ? started.0 : started.1).signal()
                _ = (index == 0 ? started.1 : started.0).wait(timeout: .now() + 60)
                if pthread_equal(pthread_self(), caller) == 0 { events.add("helper's item") }
            }
            #expect(events.values == ["prelude", "helper's item"], "round \(round)")
        }
        let events = Events()
        SharedWork.run(3, helpers: 0, prelude: { events.add("prelude") }) { _ in }
        #expect(events.values.isEmpty)
        // A helper that comes once the run has returned runs neither the prelude nor an item.
        let share = ItemShare(count: 2, prelude: { events.add("prelude") }) { _ in events.add("the caller's item") }
        share.runItemsAsCaller()
        share.finish()
        share.help()
        #expect(events.values == ["the caller's item", "the caller's item"])
    }

    /// With its helper held in the prelude, the caller runs every item: the first, then from the
    /// back (the last, where a file's checks that read what its first item built are).
    @Test func theCallerTakesTheFirstItemThenFromTheBack() {
        let order = Events()
        let helperMayGoOn = DispatchSemaphore(value: 0)
        SharedWork.run(6, helpers: 1, threads: HelperThreads(limit: 1), prelude: {
            _ = helperMayGoOn.wait(timeout: .now() + 60)
        }) { index in
            order.add("\(index)")
            if index == 1 { helperMayGoOn.signal() }
        }
        #expect(order.values == ["0", "5", "4", "3", "2", "1"])
    }

    final class Events: @unchecked Sendable {
        private let lock = Lock()
        private var list: [String] = []

        func add(_ event: String) {
            lock.withLock { list.append(event) }
        }

        var values: [String] { lock.withLock { list } }
    }

    @Test func parallelMapKeepsTheOrderOfItsElements() {
        let numbers = Array(0..<1_000)
        #expect(numbers.parallelMap { $0 * 3 } == numbers.map { $0 * 3 })
        #expect(SharedWork.processorCount >= 1)
    }
}

/// Helper threads are parked between runs and woken for the next one rather than started anew.
@Suite struct HelperThreadsTests {
    @Test func runsAfterTheFirstWakeItsParkedHelper() {
        let threads = HelperThreads(limit: 1)
        for round in 0..<50 {
            // Both items wait for each other, so the run's helper takes one, every round.
            let started = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
            SharedWork.run(2, helpers: 1, threads: threads) { index in
                (index == 0 ? started.0 : started.1).signal()
                _ = (index == 0 ? started.1 : started.0).wait(timeout: .now() + 60)
            }
            // The helper parks once its item is done; wait for that (at most a minute).
            let pause = DispatchSemaphore(value: 0)
            for _ in 0..<60_000 where threads.threadCounts.parked < 1 { _ = pause.wait(timeout: .now() + .milliseconds(1)) }
            let counts = threads.threadCounts
            #expect(counts.started == 1 && counts.parked == 1, "round \(round): \(counts)")
        }
    }

    /// Runs inside the items of another take the limit's helpers too: none starts a thread
    /// beyond it, and every item of each still runs once.
    @Test func runsWithinRunsStartNoThreadBeyondTheLimit() {
        let threads = HelperThreads(limit: 2)
        let tallies = (0..<8).map { _ in SharedWorkTests.Tally(count: 6) }
        SharedWork.run(tallies.count, helpers: 3, threads: threads) { outer in
            SharedWork.run(6, helpers: 3, threads: threads) { tallies[outer].add($0) }
        }
        #expect(tallies.allSatisfy { $0.values == Array(repeating: 1, count: 6) })
        #expect(threads.threadCounts.started == 2)
    }
}
