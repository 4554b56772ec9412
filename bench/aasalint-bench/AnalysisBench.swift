import AASALintCore
import Foundation

/// Rule-order analysis time (issue 5): a realistic file at the 128 KB limit, and adversarial
/// files of overlapping wildcards that must stop cleanly at the budget.
enum AnalysisBench {
    static func run(writingTo path: String?) {
        let clock = ContinuousClock()
        print("aasalint rule-order analysis benchmark")
        let corpus = BenchCorpus.dense(atLeast: 128 * 1024)
        let ruleCount = corpus.rules.count
        if let path {
            let written = FileManager.default.createFile(atPath: path, contents: Data(corpus.json.utf8))
            print(written ? "wrote the 128 KB file (\(ruleCount) rules) to \(path)" : "could not write \(path)")
        }
        measure("128 KB file (\(ruleCount) rules)", json: corpus.json, clock: clock)
        var generator = BenchRandom(seed: 7)
        measure("1,500 rules", json: BenchCorpus(ruleCount: 1_500, random: &generator).json, clock: clock)
        for (name, patterns) in adversarial {
            measure(name, json: document(patterns), clock: clock)
        }
    }

    /// Each: patterns whose wildcards overlap everywhere, so no prefix separates them.
    private static let adversarial: [(String, [String])] = [
        ("adversarial: 300 x /*a*b*c*", (0..<300).map { "/*\($0 % 7)*a*b*\($0)*" }),
        ("adversarial: 200 x *?*?*", (0..<200).map { "*" + String(repeating: "?*", count: 1 + $0 % 9) + "\($0 % 3)" }),
        ("adversarial: 100 x /$(lang)/*?*", (0..<100).map { "/$(lang)/*" + String(repeating: "?", count: $0 % 12) + "*" }),
    ]

    private static func document(_ patterns: [String]) -> String {
        let components = patterns.enumerated().map { index, pattern in
            "{\"/\": \"\(pattern)\"" + (index % 3 == 2 ? ", \"exclude\": true}" : "}")
        }
        return """
            {"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [\(components.joined(separator: ", "))]}]}}
            """
    }

    private static func measure(_ label: String, json: String, clock: ContinuousClock) {
        var matcher: AASAMatcher?
        let compile = clock.measure { matcher = AASAMatcher(file: LintFile(path: "bench.json", kind: .aasa, bytes: Array(json.utf8))) }
        guard let matcher else { return }
        var analysis: OrderAnalysis?
        let analyse = clock.measure { analysis = OrderAnalysis(matcher: matcher) }
        let verdicts = analysis?.entries.flatMap(\.verdicts) ?? []
        let incomplete = verdicts.filter { if case .incomplete = $0 { true } else { false } }.count
        let dead = verdicts.filter {
            switch $0 {
            case .unreachable, .shadowedExclude: true
            default: false
            }
        }.count
        print(label.padding(toLength: 40, withPad: " ", startingAt: 0)
              + String(format: "compile %7.3f s  analyse %7.3f s", seconds(compile), seconds(analyse))
              + "  (\(verdicts.count) rules: \(dead) dead or shadowed, \(incomplete) incomplete)")
    }
}
