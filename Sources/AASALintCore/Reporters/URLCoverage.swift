/// What many URLs decide against one file: per app how many open it, are blocked by an
/// exclusion or stay on the web, with a few examples of each; how many URLs each component decided;
/// and what the source skipped.
public struct URLCoverage: Sendable {
    public struct AppTally: Sendable {
        public let appID: String
        public fileprivate(set) var counts: [Decision.Outcome: Int] = [:]
        public fileprivate(set) var examples: [Decision.Outcome: [String]] = [:]
    }

    public static let examplesPerClass = 3

    public private(set) var apps: [AppTally]
    public private(set) var urlCount = 0
    /// By component pointer.
    public private(set) var decidedByComponent: [JSONPointer: Int] = [:]
    public private(set) var unreadable: [(line: Int, reason: String)] = []
    public private(set) var notPageViews = 0
    private let positionByApp: [String: Int]

    public init(appIDs: [String]) {
        apps = appIDs.map { AppTally(appID: $0) }
        positionByApp = Dictionary(uniqueKeysWithValues: appIDs.enumerated().map { ($1, $0) })
    }

    public mutating func record(_ url: String, _ decisions: [Decision]) {
        urlCount += 1
        // A component that decides for several apps decided one URL.
        for component in Set(decisions.compactMap { $0.decidingComponent?.pointer }) { decidedByComponent[component, default: 0] += 1 }
        for decision in decisions {
            guard let position = positionByApp[decision.appID] else { continue }
            apps[position].counts[decision.outcome, default: 0] += 1
            if apps[position].examples[decision.outcome, default: []].count < Self.examplesPerClass {
                apps[position].examples[decision.outcome, default: []].append(url)
            }
        }
    }

    public mutating func recordUnreadable(line: Int, reason: String) {
        unreadable.append((line, reason))
    }

    public mutating func recordNotAPageView() {
        notPageViews += 1
    }

    /// The components of the entries that decide for the apps, that decided no URL: dead in
    /// practice, whatever the order analysis proves.
    public func componentsDecidingNone(in matcher: AASAMatcher) -> [CompiledComponent] {
        componentsOfDecidingEntries(in: matcher).filter { decidedByComponent[$0.pointer] == nil }
    }

    /// How many components the URLs were tried against: those of the entries that decide for the apps.
    public func componentsTried(in matcher: AASAMatcher) -> Int {
        componentsOfDecidingEntries(in: matcher).count
    }

    private func componentsOfDecidingEntries(in matcher: AASAMatcher) -> [CompiledComponent] {
        let deciding = Set(apps.compactMap { app in matcher.entries.firstIndex { $0.appIDs.contains(app.appID) } })
        return deciding.sorted().flatMap { matcher.entries[$0].components }
    }
}
