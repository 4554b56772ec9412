#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension OrderAnalysis {
    /// The analysis of `file` with example URLs on `host`, computed once for the components that
    /// all ask for it; nil when the file is not an AASA JSON object. It writes examples only
    /// where components overlap, which is all that findings show.
    package static func of(_ file: LintFile, host: String, budget: AnalysisBudget = .standard) -> OrderAnalysis? {
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
    /// Compared with `==` in a short list rather than hashed (start-up: scripts/check-startup-budget.sh).
    struct Key: Equatable {
        let path: String
        let bytes: [UInt8]
        let host: String
        let budget: AnalysisBudget
    }

    static let shared = OrderAnalysisCache()
    private static let capacity = 16

    private let lock = Lock()
    /// Oldest first.
    private var analyses: [(key: Key, analysis: OrderAnalysis)] = []

    func analysis(for key: Key) -> OrderAnalysis? {
        lock.withLock { analyses.last { $0.key == key }?.analysis }
    }

    func store(_ analysis: OrderAnalysis, for key: Key) {
        lock.withLock {
            guard !analyses.contains(where: { $0.key == key }) else { return }
            analyses.append((key, analysis))
            if analyses.count > Self.capacity { analyses.removeFirst() }
        }
    }
}
