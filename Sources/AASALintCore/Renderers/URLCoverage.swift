/// What many URLs decide against one file: per app how many open it, are blocked by an
/// exclusion or stay on the web, with a few examples of each; how many URLs each component decided;
/// and what the source skipped.
package struct URLCoverage: Sendable {
    package struct AppTally: Sendable {
        package let appID: String
        /// Per outcome, in the order of `outcomes`: counted in an array, not a dictionary that
        /// hashes the outcome three times for every URL.
        private var countByOutcome = [0, 0, 0]
        private var examplesByOutcome: [[String]] = [[], [], []]
        private static let outcomes: [Decision.Outcome] = [.match, .blocked, .noMatch]

        init(appID: String) {
            self.appID = appID
        }

        /// How many URLs had each outcome; an outcome no URL had is missing.
        package var counts: [Decision.Outcome: Int] {
            Dictionary(uniqueKeysWithValues: zip(Self.outcomes, countByOutcome).filter { $0.1 > 0 })
        }

        /// The first few URLs of each outcome; an outcome no URL had is missing.
        package var examples: [Decision.Outcome: [String]] {
            Dictionary(uniqueKeysWithValues: zip(Self.outcomes, examplesByOutcome).filter { !$0.1.isEmpty })
        }

        /// `url`: the URL's UTF-8 bytes, made a string only when it is one of the examples.
        fileprivate mutating func record(_ url: UnsafeBufferPointer<UInt8>, _ outcome: Decision.Outcome) {
            let position = switch outcome {
            case .match: 0
            case .blocked: 1
            case .noMatch: 2
            }
            countByOutcome[position] += 1
            if examplesByOutcome[position].count < URLCoverage.examplesPerClass {
                examplesByOutcome[position].append(String(decoding: url, as: UTF8.self))
            }
        }
    }

    /// A component and how many URLs it decided.
    package struct ComponentTally: Sendable {
        package let component: CompiledComponent
        package fileprivate(set) var urls: Int
    }

    package static let examplesPerClass = 3

    package private(set) var apps: [AppTally]
    package private(set) var urlCount = 0
    package private(set) var unreadable: [(line: Int, reason: String)] = []
    package private(set) var notPageViews = 0
    /// By the component's ordinal: hashing its pointer, an array of strings, for every URL cost
    /// more than deciding the URL, and hashing its identity a tenth of it.
    private var decidedByOrdinal: [ComponentTally?]
    private let components: [CompiledComponent]

    /// `components`: those of the matcher that decides the URLs, by ordinal (`AASAMatcher.componentsByOrdinal`).
    package init(appIDs: [String], components: [CompiledComponent]) {
        apps = appIDs.map { AppTally(appID: $0) }
        decidedByOrdinal = Array(repeating: nil, count: components.count)
        self.components = components
    }

    /// The components that decided at least one URL, in the file's order.
    package var decidingComponents: [ComponentTally] { decidedByOrdinal.compactMap { $0 } }

    /// Records one URL (its UTF-8 bytes) and what decided it for each app, in the order of the
    /// apps: the ordinal of the deciding component, or `URLDecisions.none`.
    package mutating func record(_ url: UnsafeBufferPointer<UInt8>, decidedBy ordinals: ArraySlice<Int32>) {
        urlCount += 1
        for (position, ordinal) in zip(apps.indices, ordinals) {
            guard ordinal >= 0 else {
                apps[position].record(url, .noMatch)
                continue
            }
            let component = components[Int(ordinal)]
            // A component that decides for several apps decided one URL.
            if !ordinals[..<(ordinals.startIndex + position)].contains(ordinal) { count(component) }
            apps[position].record(url, component.isExclude ? .blocked : .match)
        }
    }

    private mutating func count(_ component: CompiledComponent) {
        let ordinal = component.ordinal
        if decidedByOrdinal[ordinal] == nil { decidedByOrdinal[ordinal] = ComponentTally(component: component, urls: 0) }
        decidedByOrdinal[ordinal]?.urls += 1
    }

    package mutating func recordUnreadable(line: Int, reason: String) {
        unreadable.append((line, reason))
    }

    package mutating func recordNotAPageView() {
        notPageViews += 1
    }

    /// Whether `component` decided none of the URLs: dead in practice for them, whatever the
    /// order analysis proves.
    package func isIdle(_ component: CompiledComponent) -> Bool {
        decidedByOrdinal[component.ordinal] == nil
    }

    /// The components the URLs were tried against: those of the entries that decide for the apps.
    package func componentsTried(in matcher: AASAMatcher) -> [CompiledComponent] {
        let deciding = Set(apps.compactMap { matcher.decidingEntry(of: $0.appID) })
        return deciding.sorted().flatMap { matcher.entries[$0].components }
    }
}
