@testable import AASALintCore
import Testing

/// Issue 5's property: on generated small files, every URL the analysis reports really is
/// decided as it says (checked with the matcher), every rule not reported unreachable comes
/// with a URL that reaches it, and no URL of a sample reaches a rule reported unreachable.
@Suite struct OrderAnalysisPropertyTests {
    @Test(arguments: 0..<200)
    func reportedURLsAreDecidedAsReported(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let json = GeneratedAASA.json(random: &random)
        let file = LintFile(path: "generated.json", kind: .aasa, bytes: Array(json.utf8))
        let matcher = try #require(AASAMatcher(file: file))
        let analysis = OrderAnalysis(matcher: matcher)
        let appID = GeneratedAASA.appID
        let rules = try #require(matcher.entries.first?.components)
        let verdicts = try #require(analysis.entries.first?.verdicts)
        func decider(of text: String) throws -> Int? {
            let decision = matcher.decide(try LinkURL(text), appID: appID, tracing: false)
            return decision.decidingComponent.flatMap { rule in rules.firstIndex { $0 === rule } }
        }
        for (index, verdict) in verdicts.enumerated() {
            let context = "rule \(index + 1) of \(json)"
            switch verdict {
            case .reachable(let url?):
                #expect(try decider(of: url) == index, "\(url) does not reach \(context)")
            case .unreachable(let covering, let url):
                #expect(rules[index].mismatch(with: try LinkURL(url)) == nil, "\(url) is not matched by \(context)")
                let decidedBy = try decider(of: url)
                #expect(decidedBy.map(covering.contains) == true, "\(url) is decided by \(String(describing: decidedBy)), not \(covering): \(context)")
            case .shadowedExclude(let shadowing, let url, _):
                #expect(rules[index].mismatch(with: try LinkURL(url)) == nil, "\(url) is not matched by \(context)")
                #expect(try decider(of: url) == shadowing, "\(url) is not decided by rule \(shadowing + 1): \(context)")
            case .reachable(nil), .matchesNothing, .incomplete, .notAnalysed:
                Issue.record("unexpected \(verdict) for \(context)")
            }
        }
        let unreachable = Set(verdicts.indices.filter { if case .unreachable = verdicts[$0] { true } else { false } })
        for url in GeneratedAASA.sampleURLs() {
            if let decidedBy = try decider(of: url) {
                #expect(!unreachable.contains(decidedBy), "\(url) reaches rule \(decidedBy + 1), reported unreachable: \(json)")
            }
        }
    }
}

/// What the lint rules ask for (no example URL for a rule that shares no path with another)
/// says the same as the full analysis about every rule that something shadows.
@Suite struct FindingsOnlyAnalysisTests {
    @Test(arguments: 0..<200)
    func findingsAreThoseOfTheFullAnalysis(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let json = GeneratedAASA.json(random: &random)
        let matcher = try #require(AASAMatcher(file: LintFile(path: "generated.json", kind: .aasa, bytes: Array(json.utf8))))
        let full = try #require(OrderAnalysis(matcher: matcher).entries.first?.verdicts)
        let findings = try #require(OrderAnalysis(matcher: matcher, writesReachableExamples: false).entries.first?.verdicts)
        for (index, (complete, brief)) in zip(full, findings).enumerated() {
            switch (complete, brief) {
            case (.reachable, .reachable(nil)), (.matchesNothing, .reachable(nil)):
                continue
            default:
                #expect(complete == brief, "rule \(index + 1) of \(json)")
            }
        }
    }
}

/// Small AASA files whose rules overlap often: few letters, wildcards, a variable, query
/// items that repeat, fragments, exclusions and case folding.
enum GeneratedAASA {
    static let appID = "ABCDE12345.com.example.app"
    private static let segments = ["a", "b", "A", "ab", "*", "?", "$(digit)", "?*", "a*", "$(region)", "US", "u"]
    private static let itemValues = ["1", "?*", "", "*", "2", "$(digit)"]
    private static let fragments = ["x", "?*", "", "*", "X"]

    static func json(random: inout SeededRandom) -> String {
        let components = (0..<(2 + random.next(below: 5))).map { _ in component(random: &random) }
        return """
            {"applinks": {"details": [{"appIDs": ["\(appID)"], "components": [\(components.joined(separator: ", "))]}]}}
            """
    }

    private static func component(random: inout SeededRandom) -> String {
        var members: [String] = []
        if random.next(below: 6) > 0 {
            let path = (0..<(1 + random.next(below: 2))).map { _ in segments[random.next(below: segments.count)] }
            members.append("\"/\": \"/\(path.joined(separator: "/"))\"")
        }
        switch random.next(below: 5) {
        case 0: members.append("\"?\": {\"k\": \"\(itemValues[random.next(below: itemValues.count)])\"}")
        case 1: members.append("\"?\": \"k=\(itemValues[random.next(below: itemValues.count)])\"")
        default: break
        }
        if random.next(below: 4) == 0 { members.append("\"#\": \"\(fragments[random.next(below: fragments.count)])\"") }
        if random.next(below: 3) == 0 { members.append("\"exclude\": true") }
        if random.next(below: 5) == 0 { members.append("\"caseSensitive\": false") }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func sampleURLs() -> [String] {
        let paths = ["/", "/a", "/b", "/A", "/ab", "/a/b", "/a/a", "/1", "/a/1", "/b/ab/", "/aa", "/a/", "/ab/A",
                     "/US", "/us/a", "/u", "/US/1", "/gb/ab", "/a/US"]
        let queries = ["", "?k=1", "?k=2", "?k=1&k=2", "?k=", "?k", "?j=1", "?k=7"]
        let fragments = ["", "#x", "#X", "#y"]
        return paths.flatMap { path in queries.flatMap { query in fragments.map { "https://example.com" + path + query + $0 } } }
    }
}

/// A fixed-seed generator: the same files on every run.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
    }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
