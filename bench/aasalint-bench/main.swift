// Matching benchmark: aasalint's automata against the approach most AASA validators take,
// one NSRegularExpression per pattern tried in order. Both sides parse each URL and stop at
// the first rule that matches. Run through bench/match.sh, which builds in release mode.
// Other modes (parse, generate, tree, spawn, pair, lsp) serve bench/run; each file says what it does.
import AASALintCore
import Foundation

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.endIndex,
          let number = Int(arguments[index + 1]) else { return value }
    return number
}
if arguments.contains("--analysis") {
    let write = arguments.firstIndex(of: "--write").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
    AnalysisBench.run(writingTo: write)
    exit(0)
}
switch arguments.first {
case "parse": exit(ParseBenchmark.run(BenchOptions(arguments.dropFirst())))
case "generate": exit(InputGenerator.generate(BenchOptions(arguments.dropFirst())))
case "tree": exit(InputGenerator.tree(BenchOptions(arguments.dropFirst())))
case "spawn": exit(ProcessMeasurement.run(BenchOptions(arguments.dropFirst())))
case "pair": exit(ProcessMeasurement.pair(BenchOptions(arguments.dropFirst())))
case "lsp": exit(LanguageServerBench.run(BenchOptions(arguments.dropFirst())))
default: break
}
let ruleCount = option("rules", default: 1_000)
let urlCount = option("urls", default: 100_000)
let appID = "ABCDE1234X.com.example.shop"

var generator = BenchRandom(seed: 2024)
let corpus = BenchCorpus(ruleCount: ruleCount, random: &generator)
let urls = (0..<urlCount).map { _ in corpus.url(random: &generator) }
let clock = ContinuousClock()
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

print("aasalint match benchmark: \(ruleCount) rules, \(urlCount) URLs")

var automataMatches = 0
var matcher: AASAMatcher?
let automataCompile = clock.measure {
    matcher = AASAMatcher(file: LintFile(path: "bench.json", kind: .aasa, bytes: Array(corpus.json.utf8)))
}
let automataMatch = clock.measure {
    for text in urls {
        guard let matcher, let url = try? LinkURL(text) else { continue }
        if matcher.decide(url, appID: appID, tracing: false).outcome == .match { automataMatches += 1 }
    }
}

// `--only-aasalint`: the peak memory of aasalint's matcher alone, without the baseline's.
if arguments.contains("--only-aasalint") {
    print("aasalint: match \(seconds(automataMatch)) s, \(automataMatches) URLs open the app")
    print("peak-kilobytes \(ProcessMeasurement.ownPeakKilobytes())")
    exit(0)
}

var regexMatches = 0
var baseline: RegexBaseline?
let regexCompile = clock.measure { baseline = RegexBaseline(corpus.rules) }
let regexMatch = clock.measure {
    for text in urls where baseline?.decide(text) == true { regexMatches += 1 }
}

func line(_ label: String, _ duration: Duration) -> String {
    label.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%9.3f s", seconds(duration))
}
print(line("aasalint: compile", automataCompile))
print(line("aasalint: match", automataMatch))
print(line("NSRegularExpression: compile", regexCompile))
print(line("NSRegularExpression: match", regexMatch))
print(String(format: "match speed-up: %.1fx (aasalint %d URLs open the app, baseline %d)",
             seconds(regexMatch) / seconds(automataMatch), automataMatches, regexMatches))

// Compile time of a file at the size limit (128 KB).
let bigCorpus = BenchCorpus.dense(atLeast: 128 * 1024)
let bigBytes = Array(bigCorpus.json.utf8)
let bigAutomata = clock.measure { _ = AASAMatcher(file: LintFile(path: "big.json", kind: .aasa, bytes: bigBytes)) }
let bigRegex = clock.measure { _ = RegexBaseline(bigCorpus.rules) }
print(line("128 KB file (\(bigCorpus.rules.count) rules): aasalint", bigAutomata))
print(line("128 KB file: NSRegularExpression", bigRegex))
print(String(format: "compile time ratio (aasalint / regex): %.2f", seconds(bigAutomata) / seconds(bigRegex)))
print("peak-kilobytes \(ProcessMeasurement.ownPeakKilobytes())")
if automataMatches != regexMatches {
    print("warning: the two matchers disagree; the baseline ignores normalisation details")
}
