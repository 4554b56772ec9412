import Foundation

extension OrderAnalysis {
    /// The analysis of `file` with example URLs on `host`, computed once for the components that
    /// all ask for it; nil when the file is not an AASA JSON object. It writes examples only
    /// where components overlap, which is all that findings show.
    public static func of(_ file: LintFile, host: String, budget: AnalysisBudget = .standard) -> OrderAnalysis? {
        let key = OrderAnalysisCache.Key(path: file.path, bytes: file.bytes, host: host, budget: budget)
        if let known = OrderAnalysisCache.shared.analysis(for: key) { return known }
        guard let matcher = file.matcher else { return nil }
        let analysis = OrderAnalysis(matcher: matcher, budget: budget, host: host, writesReachableExamples: false)
        OrderAnalysisCache.shared.store(analysis, for: key)
        return analysis
    }
}

/// The analyses of the last few files: the components of one file run one after another, so a
/// small cache serves them all while files are linted in parallel.
private final class OrderAnalysisCache: @unchecked Sendable {
    struct Key: Hashable {
        let path: String
        let bytes: [UInt8]
        let host: String
        let budget: AnalysisBudget

        /// The contents are hashed by their length and ends only: hashing all of a 128 KB file took
        /// longer than most of its analysis, and keys are still compared whole (at once when they
        /// share the file's bytes).
        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(bytes.count)
            bytes.prefix(Self.hashedEnd).withUnsafeBytes { hasher.combine(bytes: $0) }
            bytes.suffix(Self.hashedEnd).withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(host)
            hasher.combine(budget)
        }

        private static let hashedEnd = 64
    }

    static let shared = OrderAnalysisCache()
    private static let capacity = 16

    private let lock = NSLock()
    private var analyses: [Key: OrderAnalysis] = [:]
    private var order: [Key] = []

    func analysis(for key: Key) -> OrderAnalysis? {
        lock.withLock { analyses[key] }
    }

    func store(_ analysis: OrderAnalysis, for key: Key) {
        lock.withLock {
            guard analyses.updateValue(analysis, forKey: key) == nil else { return }
            order.append(key)
            if order.count > Self.capacity { analyses[order.removeFirst()] = nil }
        }
    }
}
