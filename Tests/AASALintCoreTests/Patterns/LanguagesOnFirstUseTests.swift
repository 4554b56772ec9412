@testable import AASALintCore
import Dispatch
import Testing

/// A matcher that compiles each pattern when first asked about (what a lint builds) answers as
/// one that compiled every pattern with the matcher: the same decisions and traces, the same
/// answers about each pattern's language and the same rule-order analysis, on the generated
/// files of `BulkMatcherPropertyTests`; and a pattern asked for on many threads at once is
/// compiled once.
@Suite struct LanguagesOnFirstUseTests {
    @Test func matchersCompilingOnFirstUseAnswerAsThoseCompilingAtOnce() throws {
        var random = SplitMix64(seed: 0x6A_2026)
        var compared = 0
        for _ in 0..<40 {
            let json = BulkMatcherPropertyTests.file(&random)
            let file = LintFile(path: "aasa.json", kind: .aasa, bytes: Array(json.utf8))
            let atOnce = try #require(AASAMatcher(file: file))
            let onFirstUse = try #require(AASAMatcher(file: file, determinisesEagerly: false, compilesOnFirstUse: true))
            #expect(atOnce.languagesCompiledOnFirstUse == nil)
            #expect(onFirstUse.languagesCompiledOnFirstUse == 0, "building the matcher compiles nothing")
            for _ in 0..<60 {
                guard let url = BulkMatcherPropertyTests.url(&random) else { continue }
                for app in [MatcherTestSupport.app, MatcherTestSupport.otherApp] {
                    let expected = atOnce.decide(url, appID: app)
                    let actual = onFirstUse.decide(url, appID: app)
                    #expect(actual.outcome == expected.outcome && BulkMatcherPropertyTests.steps(of: actual) == BulkMatcherPropertyTests.steps(of: expected),
                            "\(url.string) for \(app) in \(json)")
                    let untraced = onFirstUse.decide(url, appID: app, tracing: false)
                    #expect(untraced.decidingComponent?.ordinal == expected.decidingComponent?.ordinal)
                    compared += 1
                }
            }
            let patterns = zip(atOnce.entries.flatMap(\.components), onFirstUse.entries.flatMap(\.components)).flatMap { zip(Self.patterns(of: $0), Self.patterns(of: $1)) }
            for (expected, actual) in patterns {
                #expect(actual.text == expected.text && actual.pointer == expected.pointer)
                #expect(actual.language.isEmpty == expected.language.isEmpty, "\(expected.text)")
                #expect(actual.language.matches([]) == expected.language.matches([]), "\(expected.text)")
                #expect(actual.language.matchesEveryString() == expected.language.matchesEveryString(), "\(expected.text)")
                #expect(actual.language.matchesEveryString(startingWith: "/") == expected.language.matchesEveryString(startingWith: "/"), "\(expected.text)")
                #expect(actual.language.determinisationWork == expected.language.determinisationWork, "\(expected.text)")
            }
            let lazyVerdicts = OrderAnalysis(matcher: try #require(AASAMatcher(file: file, determinisesEagerly: false, compilesOnFirstUse: true)))
                .entries.map(\.verdicts)
            #expect(lazyVerdicts == OrderAnalysis(matcher: atOnce).entries.map(\.verdicts), "\(json)")
        }
        #expect(compared > 3_000)
    }

    /// Threads that ask for the languages of a file's patterns at once, each in its own order,
    /// get one and the same language for each pattern, and patterns of the same text, part and
    /// case setting share one: each distinct pattern is compiled once.
    @Test func patternsAskedForOnManyThreadsAtOnceAreCompiledOnce() throws {
        var random = SplitMix64(seed: 0x6B_2026)
        for _ in 0..<20 {
            let json = BulkMatcherPropertyTests.file(&random)
            let matcher = try #require(AASAMatcher(file: LintFile(path: "aasa.json", kind: .aasa, bytes: Array(json.utf8)),
                                                   determinisesEagerly: false, compilesOnFirstUse: true))
            let patterns = matcher.entries.flatMap(\.components).flatMap(Self.patterns(of:))
            let seen = SeenLanguages(threads: 16, patterns: patterns.count)
            DispatchQueue.concurrentPerform(iterations: 16) { thread in
                // Each thread starts at another pattern, so that first uses meet.
                for step in patterns.indices {
                    let index = (step + thread * 7) % patterns.count
                    seen.record(ObjectIdentifier(patterns[index].language), thread: thread, pattern: index)
                }
            }
            let first = seen.identifiers(ofThread: 0)
            for thread in 1..<16 { #expect(seen.identifiers(ofThread: thread) == first, "thread \(thread) got other languages in \(json)") }
            #expect(Set(first).count == matcher.languagesCompiledOnFirstUse)
            let distinct = Set(matcher.entries.flatMap(\.components).flatMap { component in
                Self.patterns(of: component).enumerated().map { offset, pattern in
                    // A component's path is compiled as a path, its other patterns as text; `NOT ` paths case-sensitively.
                    "\(offset == 0 && component.path != nil ? "path" : "other") \(component.settings.caseSensitive) \(pattern.text)"
                }
            })
            #expect(Set(first).count == distinct.count, "\(json)")
        }
    }

    /// The path, query and fragment patterns of `component`, the path first.
    private static func patterns(of component: CompiledComponent) -> [CompiledPattern] {
        var patterns = [component.path].compactMap { $0 }
        switch component.query {
        case .any: break
        case .whole(let pattern): patterns.append(pattern)
        case .items(let items): patterns += items.map(\.pattern)
        }
        return patterns + [component.fragment].compactMap { $0 }
    }
}

/// The language each thread got for each pattern.
private final class SeenLanguages: @unchecked Sendable {
    private let lock = Lock()
    private var seen: [[ObjectIdentifier?]]

    init(threads: Int, patterns: Int) {
        seen = Array(repeating: Array(repeating: nil, count: patterns), count: threads)
    }

    func record(_ language: ObjectIdentifier, thread: Int, pattern: Int) {
        lock.withLock { seen[thread][pattern] = language }
    }

    func identifiers(ofThread thread: Int) -> [ObjectIdentifier?] {
        lock.withLock { seen[thread] }
    }
}
