/// Some consecutive items of a URL source, the URLs as the bytes they were read as, back to back
/// in one buffer: what one core decides while others decide the next chunks. A URL list's lines
/// go in as read, without a string per line; a URL the memo knows is not decided again.
package struct URLChunk: Sendable {
    package enum Item: Sendable {
        /// A URL to decide: where its bytes are in the chunk, its line in the source, and its
        /// entry in the memo (-1 for none).
        case url(Range<Int>, line: Int, entry: Int)
        /// A URL met before in the source: decided then, or earlier in the same batch.
        case known(Range<Int>, line: Int, entry: Int)
        case unreadable(line: Int, reason: String)
        case notAPageView
    }

    /// Enough URLs to decide that starting a chunk on another core is worth it, and few enough
    /// items that a batch of chunks for each core holds a megabyte or so whatever the size of the source.
    static let largestDecidedCount = 1024
    static let largestItemCount = 8192

    private(set) var bytes: [UInt8] = []
    private(set) var items: [Item] = []
    private(set) var decidedCount = 0
    /// The bytes of the source read when the chunk's last item was.
    package var consumed = 0

    package init() {}

    package var isEmpty: Bool { items.isEmpty }
    package var isFull: Bool { decidedCount >= Self.largestDecidedCount || items.count >= Self.largestItemCount }

    /// `memo`: the URLs met so far, which this one joins.
    package mutating func appendURL(_ utf8: UnsafeBufferPointer<UInt8>, line: Int, memo: inout URLDecisionMemo) {
        let start = bytes.count
        bytes.append(contentsOf: utf8)
        let found = memo.entry(of: utf8)
        if let found, !found.isNew {
            items.append(.known(start..<bytes.count, line: line, entry: found.entry))
        } else {
            items.append(.url(start..<bytes.count, line: line, entry: found?.entry ?? -1))
            decidedCount += 1
        }
    }

    package mutating func append(_ item: URLSourceItem, memo: inout URLDecisionMemo) {
        switch item {
        case .url(let text, let line):
            var text = text
            text.withUTF8 { appendURL($0, line: line, memo: &memo) }
        case .unreadable(let line, let reason):
            items.append(.unreadable(line: line, reason: reason))
        case .notAPageView:
            items.append(.notAPageView)
        }
    }
}

/// What decided each URL of a chunk, for each app.
package struct URLChunkDecisions: Sendable {
    /// The ordinal of no component: the URL stays on the web for that app.
    package static let none: Int32 = -1

    /// What happened to one item of the chunk, in the source's order.
    package enum Event {
        /// A URL (its UTF-8 bytes) and, per app, the ordinal of the component that decided it or `none`.
        case decided(url: UnsafeBufferPointer<UInt8>, ordinals: ArraySlice<Int32>)
        case unreadable(line: Int, reason: String)
        case notAPageView
    }

    package let chunk: URLChunk
    let appCount: Int
    /// `appCount` ordinals per URL item.
    let ordinals: [Int32]
    /// Why a URL could not be read, by the position of its item.
    let failures: [Int: String]

    /// Calls `body` with `receiver` and each item's event, in order; `memo` records what decided the URLs decided
    /// here, and gives it for their repeats (which come after them).
    package func forEachEvent<Receiver>(remembering memo: inout URLDecisionMemo, to receiver: inout Receiver,
                                        _ body: (inout Receiver, Event) -> Void) {
        chunk.bytes.withUnsafeBufferPointer { bytes in
            var next = 0
            for (position, item) in chunk.items.enumerated() {
                switch item {
                case .url(let range, let line, let entry):
                    let decided = ordinals[next..<(next + appCount)]
                    next += appCount
                    if !failures.isEmpty, let reason = failures[position] {
                        if entry >= 0 { memo.recordFailure(entry, reason: reason) }
                        body(&receiver, .unreadable(line: line, reason: reason))
                    } else {
                        if entry >= 0 { memo.record(entry, decidedBy: decided) }
                        body(&receiver, .decided(url: UnsafeBufferPointer(rebasing: bytes[range]), ordinals: decided))
                    }
                case .known(let range, let line, let entry):
                    if let reason = memo.failure(of: entry) {
                        body(&receiver, .unreadable(line: line, reason: reason))
                    } else {
                        body(&receiver, .decided(url: UnsafeBufferPointer(rebasing: bytes[range]), ordinals: memo.ordinals(of: entry)))
                    }
                case .unreadable(let line, let reason):
                    body(&receiver, .unreadable(line: line, reason: reason))
                case .notAPageView:
                    body(&receiver, .notAPageView)
                }
            }
        }
    }
}

/// Decides the URLs of chunks for some apps of one file as `BulkMatcher` does, each chunk of a
/// batch on a core of its own: the decisions come back in the chunks' order, so that what is
/// written from them does not depend on how the work was scheduled.
package struct URLBatchDecider: Sendable {
    private let bulk: BulkMatcher
    /// The details entry that decides for each app; nil when none lists it.
    private let entries: [Int?]

    package init(matcher: AASAMatcher, appIDs: [String]) {
        bulk = BulkMatcher(matcher: matcher)
        entries = appIDs.map(matcher.decidingEntry(of:))
    }

    /// How many chunks to gather before deciding them together: two per core, so that a core
    /// that finishes early takes another.
    package static let chunksPerBatch = 2 * SharedWork.processorCount

    package func decide(_ chunks: [URLChunk]) -> [URLChunkDecisions] {
        chunks.count > 1 ? chunks.parallelMap { decide($0) } : chunks.map { decide($0) }
    }

    func decide(_ chunk: URLChunk) -> URLChunkDecisions {
        var ordinals: [Int32] = []
        ordinals.reserveCapacity(chunk.decidedCount * entries.count)
        var failures: [Int: String] = [:]
        chunk.bytes.withUnsafeBufferPointer { bytes in
            for (position, item) in chunk.items.enumerated() {
                guard case .url(let range, _, _) = item else { continue }
                do throws(LinkURLError) {
                    let url = try LinkURL(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
                    // Not through a closure: capturing the URL copied it, a retain and a release of each part.
                    for entry in entries {
                        guard let entry, let component = bulk.decidingComponent(of: url, inEntry: entry) else {
                            ordinals.append(URLChunkDecisions.none)
                            continue
                        }
                        ordinals.append(Int32(component.ordinal))
                    }
                } catch {
                    failures[position] = error.description
                    ordinals.append(contentsOf: repeatElement(URLChunkDecisions.none, count: entries.count))
                }
            }
        }
        return URLChunkDecisions(chunk: chunk, appCount: entries.count, ordinals: ordinals, failures: failures)
    }
}

extension AASAMatcher {
    /// The components of every entry, each at the position of its ordinal.
    package var componentsByOrdinal: [CompiledComponent] {
        entries.flatMap(\.components)
    }
}
