/// What decided each URL of a source met before, by the URL's bytes: the lists and logs `match
/// --urls` reads repeat their URLs (a log names a page at each view of it), and a URL met before
/// is looked up in a few dozen instructions instead of decided again. A URL gets its entry when
/// it is first met, before it is decided, so that its repeats in the same batch wait for that
/// decision rather than make their own. Bounded: past `largestEntryCount` URLs or
/// `largestByteCount` bytes of them, new URLs are decided without being remembered, so that a
/// list of distinct URLs keeps a fixed memory.
package struct URLDecisionMemo {
    package static let largestEntryCount = 1 << 16
    package static let largestByteCount = 4 << 20

    private let appCount: Int
    /// The URLs' bytes, back to back, and where each entry's start.
    private var keys: [UInt8] = []
    private var keyStarts: [Int32] = [0]
    private var hashes: [UInt64] = []
    /// `appCount` ordinals per entry, once decided.
    private var ordinals: [Int32] = []
    /// Why the URL of an entry cannot be read, for the few that cannot.
    private var failures: [Int: String] = [:]
    /// Open addressing: each slot an entry, or -1.
    private var slots = [Int32](repeating: -1, count: 1 << 10)

    package init(appCount: Int) {
        self.appCount = appCount
    }

    package var isFull: Bool { hashes.count >= Self.largestEntryCount || keys.count >= Self.largestByteCount }

    /// The entry of `url`, and whether it was made now (the URL is yet to be decided); nil when
    /// the URL is new and the memo full.
    package mutating func entry(of url: UnsafeBufferPointer<UInt8>) -> (entry: Int, isNew: Bool)? {
        let hash = Self.hash(url)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            guard entry >= 0 else { break }
            if hashes[entry] == hash, keyEquals(entry, url) { return (entry, false) }
            slot = (slot + 1) & mask
        }
        guard !isFull else { return nil }
        let entry = hashes.count
        keys.append(contentsOf: url)
        keyStarts.append(Int32(keys.count))
        hashes.append(hash)
        ordinals.append(contentsOf: repeatElement(URLChunkDecisions.none, count: appCount))
        slots[slot] = Int32(entry)
        if hashes.count * 2 > slots.count { grow() }
        return (entry, true)
    }

    /// What decided the URL of `entry`, per app.
    package mutating func record(_ entry: Int, decidedBy decided: ArraySlice<Int32>) {
        ordinals.replaceSubrange((entry * appCount)..<((entry + 1) * appCount), with: decided)
    }

    package mutating func recordFailure(_ entry: Int, reason: String) {
        failures[entry] = reason
    }

    package func ordinals(of entry: Int) -> ArraySlice<Int32> {
        ordinals[(entry * appCount)..<((entry + 1) * appCount)]
    }

    /// Why the URL of `entry` cannot be read; nil when it was decided.
    package func failure(of entry: Int) -> String? {
        failures.isEmpty ? nil : failures[entry]
    }

    private func keyEquals(_ entry: Int, _ url: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(keyStarts[entry])
        guard Int(keyStarts[entry + 1]) - start == url.count else { return false }
        return keys.withUnsafeBufferPointer { keys in
            guard let base = keys.baseAddress, let other = url.baseAddress else { return true }
            var index = 0
            while index + 8 <= url.count {
                guard UnsafeRawPointer(base + start + index).loadUnaligned(as: UInt64.self)
                        == UnsafeRawPointer(other + index).loadUnaligned(as: UInt64.self) else { return false }
                index += 8
            }
            while index < url.count {
                guard base[start + index] == other[index] else { return false }
                index += 1
            }
            return true
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for entry in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry)
        }
    }

    /// Eight bytes at a time, each word mixed in by a multiply and a rotation, the length last.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                hash = ((hash ^ word) &* multiplier) << 29 | ((hash ^ word) &* multiplier) >> 35
                index += 8
            }
        }
        var tail: UInt64 = 0
        while index < bytes.count {
            tail = tail << 8 | UInt64(bytes[index])
            index += 1
        }
        hash = (hash ^ tail ^ UInt64(truncatingIfNeeded: bytes.count) << 56) &* multiplier
        return hash ^ hash >> 32
    }
}
