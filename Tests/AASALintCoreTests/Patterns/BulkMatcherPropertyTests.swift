@testable import AASALintCore
import Testing

/// The indexed matcher of `match` decides every URL as `AASAMatcher` does: the same outcome
/// and the same deciding rule, and with tracing the same attempts (also when its index holds only
/// the components one URL can meet), on generated files (fixed seed) with variables,
/// case-insensitive and decoded rules, leading wildcards, query and fragment rules and a
/// legacy `paths` entry; and so does `SingleURLMatcher`, which compiles only what one URL meets.
@Suite struct BulkMatcherPropertyTests {
    static let pathPieces = ["/", "a", "B", "shoes", "%41", "%2F", "é", "*", "?", "$(lang)", "$(v)", "$(w)", "K", "-", "//"]
    static let urlPieces = ["/", "a", "b", "A", "shoes", "SHOES", "%41", "%2F", "%C3%A9", "é", "en", "fr", "x", "K", "\u{212A}", "-"]

    @Test func indexedDecisionsEqualSingleMatchDecisions() throws {
        var random = SplitMix64(seed: 0x17_2026)
        var disagreements: [String] = []
        var decided = [Decision.Outcome.match: 0, .blocked: 0, .noMatch: 0]
        for _ in 0..<40 {
            let json = Self.file(&random)
            let matcher = try MatcherTestSupport.matcher(json)
            let bulk = BulkMatcher(matcher: matcher)
            for _ in 0..<60 {
                guard let url = Self.url(&random) else { continue }
                for app in [MatcherTestSupport.app, MatcherTestSupport.otherApp] {
                    let expected = matcher.decide(url, appID: app)
                    let actual = bulk.decide(url, appID: app)
                    let traced = bulk.decide(url, appID: app, tracing: true)
                    let alone = BulkMatcher(matcher: matcher, decidingOnly: url).decide(url, appID: app, tracing: true)
                    decided[expected.outcome, default: 0] += 1
                    if expected.outcome != actual.outcome || expected.decidingComponent?.pointer != actual.decidingComponent?.pointer {
                        disagreements.append("\(url.string) for \(app): \(expected.outcome) by \(String(describing: expected.decidingComponent?.pointer)), "
                            + "indexed \(actual.outcome) by \(String(describing: actual.decidingComponent?.pointer)) in \(json)")
                    }
                    for (decision, way) in [(traced, "indexed"), (alone, "indexed for it alone")]
                    where Self.steps(of: decision) != Self.steps(of: expected) || decision.outcome != expected.outcome {
                        disagreements.append("\(url.string) for \(app): traces differ: \(Self.steps(of: expected)) \(way) \(Self.steps(of: decision)) in \(json)")
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(decided.values.allSatisfy { $0 > 100 }, "the generator must produce every outcome: \(decided)")
    }

    /// `match --urls`'s way: URLs as the bytes a list holds (also ones that are not plain ASCII,
    /// not web URLs or not URLs at all), gathered in chunks and decided a batch at a time on
    /// several cores, or recalled from the memo of earlier batches, give for each app the
    /// component `AASAMatcher` decides by, in input order, and the reason `LinkURL` gives for an
    /// unreadable one.
    @Test func batchDecisionsEqualSingleMatchDecisions() throws {
        var random = SplitMix64(seed: 0x34_2026)
        let apps = [MatcherTestSupport.app, "ABCDE12345.com.example.unlisted", MatcherTestSupport.otherApp]
        let prefixes = ["https://example.com/", "HTTP://Example.com/", "https://example.com", "ftp://example.com/", "https:///", "example.com/", "https://a b/"]
        var compared = 0
        var recalled = 0
        for _ in 0..<12 {
            let json = Self.file(&random)
            let matcher = try MatcherTestSupport.matcher(json)
            let urls = (0..<(1 + random.next(below: 2 * URLChunk.largestItemCount))).map { _ in
                let path = Self.path(&random)
                let suffix = ["", "?q=1", "?q=ab&r", "#top", "?q=%41#x", "?q=é", "# #"][random.next(below: 7)]
                return prefixes[random.next(below: 8) == 0 ? random.next(below: prefixes.count) : 0] + path + suffix
            }
            // Decided a batch at a time, as `match --urls` does, so that later batches recall
            // the URLs of earlier ones from the memo.
            let decider = URLBatchDecider(matcher: matcher, appIDs: apps)
            var memo = URLDecisionMemo(appCount: apps.count)
            var expected = urls.makeIterator()
            var pending = urls.enumerated().makeIterator()
            var exhausted = false
            while !exhausted {
                var chunks: [URLChunk] = []
                var chunk = URLChunk()
                for _ in 0..<(1 + random.next(below: 3)) {
                    while let (offset, url) = pending.next() {
                        chunk.append(.url(url, line: offset + 1), memo: &memo)
                        if chunk.isFull || random.next(below: 300) == 0 { break }
                    }
                    if chunk.isEmpty { exhausted = true }
                    chunks.append(chunk)
                    chunk = URLChunk()
                }
                for decided in decider.decide(chunks) {
                    decided.forEachEvent(remembering: &memo, to: &compared) { compared, event in
                        guard let text = expected.next() else {
                            Issue.record("more events than URLs")
                            return
                        }
                        let url: LinkURL
                        do throws(LinkURLError) {
                            url = try LinkURL(text)
                        } catch {
                            guard case .unreadable(_, let reason) = event else {
                                Issue.record("\(text) cannot be read, yet the batch decided it")
                                return
                            }
                            #expect(reason == error.description)
                            return
                        }
                        guard case .decided(let bytes, let ordinals) = event else {
                            Issue.record("\(text) was not decided in the batch: \(event)")
                            return
                        }
                        #expect(String(decoding: bytes, as: UTF8.self) == text)
                        let single = apps.map { matcher.decide(url, appID: $0).decidingComponent.map { Int32($0.ordinal) } ?? URLChunkDecisions.none }
                        #expect(Array(ordinals) == single, "\(text) in \(json)")
                        compared += 1
                    }
                }
                recalled += chunks.reduce(0) { $0 + $1.items.count { if case .known = $0 { true } else { false } } }
            }
            #expect(expected.next() == nil, "every URL has an event")
        }
        #expect(compared > 5_000)
        #expect(recalled > 1_000, "URLs repeat, and later batches recall them")
    }

    /// `SingleURLMatcher`, which compiles only the components one URL's path may meet, decides
    /// it as `AASAMatcher` does: the same entry, outcome and deciding component (its place,
    /// number, text and settings), for listed and unlisted apps; also with a variable that has
    /// an empty value.
    @Test func singleURLDecisionsEqualMatcherDecisions() throws {
        var random = SplitMix64(seed: 0x56_2026)
        var disagreements: [String] = []
        var decided = [Decision.Outcome.match: 0, .blocked: 0, .noMatch: 0]
        for _ in 0..<40 {
            let json = Self.file(&random)
            let matcher = try MatcherTestSupport.matcher(json)
            let document = try #require(LintFile(path: "aasa.json", kind: .aasa, bytes: Array(json.utf8)).aasa)
            for _ in 0..<60 {
                guard let url = Self.url(&random) else { continue }
                var single = SingleURLMatcher(document: document, url: url)
                #expect(single.appIDs == matcher.appIDs)
                for app in [MatcherTestSupport.app, MatcherTestSupport.otherApp, "ABCDE12345.com.example.unlisted"] {
                    let expected = matcher.decide(url, appID: app, tracing: false)
                    let actual = single.decide(appID: app)
                    decided[expected.outcome, default: 0] += 1
                    if Self.decider(of: actual) != Self.decider(of: expected) || actual.entry != expected.entry {
                        disagreements.append("\(url.string) for \(app): \(Self.decider(of: expected)), compiling only what it meets "
                            + "\(Self.decider(of: actual)) in \(json)")
                    }
                    #expect(single.componentCount(ofEntryDeciding: app) == matcher.decidingEntry(of: app).map { matcher.entries[$0].components.count } ?? 0)
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(decided.values.allSatisfy { $0 > 100 }, "the generator must produce every outcome: \(decided)")
    }

    /// `PathPatternScreen` never rules out a component that matches the URL, and rules out most
    /// of those that do not match it on the path; asked about many patterns, it answers each as
    /// it would alone.
    @Test func theScreenRulesOutOnlyComponentsThatFailOnThePath() throws {
        var random = SplitMix64(seed: 0x55_2026)
        var ruledOut = 0
        var passedFailingOnPath = 0
        for _ in 0..<40 {
            let json = Self.file(&random)
            let matcher = try MatcherTestSupport.matcher(json)
            for _ in 0..<60 {
                let path = Self.path(&random)
                guard let url = try? LinkURL("https://example.com/" + path) else { continue }
                var screen = PathPatternScreen(path: url.path, variables: matcher.variables)
                for component in matcher.entries.flatMap(\.components) {
                    let mayMatch = screen.mayMatch(component.path?.text, percentEncoded: component.settings.percentEncoded)
                    // What the screen keeps from earlier patterns does not change its answers.
                    var fresh = PathPatternScreen(path: url.path, variables: matcher.variables)
                    #expect(fresh.mayMatch(component.path?.text, percentEncoded: component.settings.percentEncoded) == mayMatch)
                    let failsOnPath = component.mismatch(with: url)?.part == .path
                    if !mayMatch {
                        #expect(failsOnPath, "\(component.summary) ruled out for \(url.string), yet it does not fail on the path")
                        ruledOut += 1
                    } else if failsOnPath {
                        passedFailingOnPath += 1
                    }
                }
            }
        }
        #expect(ruledOut > 2 * passedFailingOnPath, "ruled out \(ruledOut), let through \(passedFailingOnPath) that fail on the path")
    }

    /// A URL of `path(_:)`, with a query or fragment or neither; nil when it cannot be read.
    static func url(_ random: inout SplitMix64) -> LinkURL? {
        let path = path(&random)
        let suffix = ["", "?q=1", "?q=ab&r", "#top", "?q=%41#x"][random.next(below: 5)]
        return try? LinkURL("https://example.com/" + path + suffix)
    }

    /// A URL's path after its first `/`: up to five pieces of `urlPieces`.
    private static func path(_ random: inout SplitMix64) -> String {
        (0..<random.next(below: 6)).map { _ in urlPieces[random.next(below: urlPieces.count)] }.joined()
    }

    /// The deciding component's place, number and text, or the outcome without one.
    private static func decider(of decision: Decision) -> String {
        guard let component = decision.decidingComponent else { return "\(decision.outcome)" }
        return "\(decision.outcome) by \(component.pointer) #\(component.ordinal) \(component.summary) \(component.settings)"
    }

    /// Each component tried, and the part it failed on with the text compared.
    static func steps(of decision: Decision) -> [String] {
        decision.trace.map { attempt in
            "\(attempt.component.pointer) " + (attempt.mismatch.map { "\($0.part) \($0.pattern.text) \($0.compared)" } ?? "matched")
        }
    }

    /// The values of the variable `w`: of different lengths, some prefixes of others, one empty
    /// (the trie index once missed `/$(w)*` for the path `/`, where the path ends at the variable).
    static let valuesOfW = ["a", "ab", "É", "a/", ""]

    static func file(_ random: inout SplitMix64) -> String {
        let components = (0..<(1 + random.next(below: 12))).map { _ in
            var members: [String] = []
            if random.next(below: 6) != 0 {
                let path = (0..<random.next(below: 5)).map { _ in pathPieces[random.next(below: pathPieces.count)] }.joined()
                members.append(#""/": "\#(path)""#)
            }
            if random.next(below: 5) == 0 { members.append(#""?": {"q": "?"}"#) }
            if random.next(below: 6) == 0 { members.append(##""#": "top""##) }
            if random.next(below: 4) == 0 { members.append(#""exclude": true"#) }
            if random.next(below: 3) == 0 { members.append(#""caseSensitive": false"#) }
            if random.next(below: 3) == 0 { members.append(#""percentEncoded": false"#) }
            return "{" + members.joined(separator: ", ") + "}"
        }
        let legacy = (0..<random.next(below: 4)).map { _ in
            (random.next(below: 3) == 0 ? "NOT " : "") + "/" + pathPieces[random.next(below: pathPieces.count)] + "*"
        }.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"""
            {"applinks": {"substitutionVariables": {"v": ["a", "shoes/", "*"], "w": [\#(valuesOfW.map { "\"\($0)\"" }.joined(separator: ", "))]}, "details": [
              {"appIDs": ["\#(MatcherTestSupport.app)"], "components": [\#(components.joined(separator: ", "))]},
              {"appIDs": ["\#(MatcherTestSupport.otherApp)"], "paths": [\#(legacy)]}
            ]}}
            """#
    }
}
