#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A mutual-exclusion lock over a pthread mutex. NSLock is Foundation's, which on Linux would link
/// ICU's 30 MB of data into the binary, and Synchronization's Mutex needs macOS 15.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A recursive lock may be taken again by the thread that holds it: for values built under
    /// the lock that ask for others guarded by the same lock.
    package init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        guard recursive else {
            pthread_mutex_init(mutex, nil)
            return
        }
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }

    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock whose holder may wait, releasing it, until another thread says that what it waits
/// for may have changed: for values built outside the lock, which other threads wait for.
package final class WaitableLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until `broadcast()` (or a spurious wake-up), then holds it again: callers
    /// check again what they wait for.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread waiting; called with the lock held.
    package func broadcast() { pthread_cond_broadcast(condition) }
}
