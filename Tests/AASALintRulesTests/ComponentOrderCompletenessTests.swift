@testable import AASALintCore
import AASALintRules
import AASALintTestSupport
import Testing

/// Issue 26: a real 60-line file whose components differ only by the value of one query item
/// got "analysis incomplete" notes. Components whose plain values of a query item or of the
/// fragment differ share no URL, which is known without a search: such a file is analysed
/// completely, and a component that an earlier one really shadows is still found.
@Suite struct ComponentOrderCompletenessTests {
    /// 60 screens of one router path, told apart by the plain value of `screen`, each taking any
    /// path below it and any value of five tracking items; 15 sections of the documentation, told
    /// apart by the fragment. Apart from those values every component overlaps all the others of
    /// its path: searched pair by pair, this file takes some 30 times the processor time (and with
    /// a sixth item, every screen ends "too complex"). Two components come again, narrower, after
    /// their twin: those two are dead.
    static let json: String = {
        let tracking = ["id", "ref", "src", "tab", "v"].map { #""\#($0)": "*""# }.joined(separator: ", ")
        var components = (0..<60).map { #"{"/": "/open/*", "?": {"screen": "s\#($0)", \#(tracking)}}"# }
        components += (0..<15).map { ##"{"/": "/docs/*", "#": "section-\##($0)"}"## }
        components.insert(#"{"/": "/open/*/detail", "?": {"screen": "s3"}}"#, at: 10)
        components.append(##"{"/": "/docs/guide", "#": "section-2"}"##)
        let list = components.joined(separator: ",\n    ")
        return "{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE1234X.com.example.app\"], \"components\": [\n    \(list)\n]}]}}\n"
    }()

    static let file = LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(json.utf8))

    /// Only the two pairs that share a plain value are searched: the analysis takes a quarter of
    /// a second of processor time in a debug build, where searching every pair takes over eight.
    @Test func componentsThatDifferByAPlainQueryValueOrFragmentAreAnalysedWithoutASearch() throws {
        let matcher = try #require(AASAMatcher(file: Self.file))
        var verdicts: [ComponentVerdict] = []
        let time = ThreadProcessorTime.measure {
            verdicts = OrderAnalysis(matcher: matcher, writesReachableExamples: false).entries.first?.verdicts ?? []
        }
        #expect(verdicts.count == 77)
        #expect(verdicts[10] == .unreachable(coveredBy: [3], exampleURL: "https://example.com/open/a/detail/?screen=s3"))
        #expect(verdicts[76] == .unreachable(coveredBy: [63], exampleURL: "https://example.com/docs/guide/#section-2"))
        for (index, verdict) in verdicts.enumerated() where index != 10 && index != 76 {
            #expect({ if case .reachable = verdict { true } else { false } }(), "component \(index + 1): \(verdict)")
        }
        #expect(time < .seconds(3), "\(time) of processor time")
    }

    /// Through the rules: the two dead components, and nothing about the analysis being
    /// incomplete, neither as a finding nor as the run's notification.
    @Test func theRulesFindTheDeadComponentsAndNoAnalysisLimit() throws {
        var diagnostics: [Diagnostic] = []
        for ruleID in ["unreachable-component", "exclude-shadowed"] {
            diagnostics += try FixtureSupport.lint(Self.file, with: FixtureSupport.selection(of: ruleID), asRelease: false)
        }
        #expect(diagnostics.filter(\.isAnalysisLimit).isEmpty)
        #expect(LintReport(diagnostics: diagnostics, fileCount: 1, rules: []).analysisLimitNotice == nil)
        let screen = #"{"/": "/open/*", "?": {"screen": "s3", "id": "*", "ref": "*", "src": "*", "tab": "*", "v": "*"}}"#
        let section = ##"{"/": "/docs/*", "#": "section-2"}"##
        #expect(FixtureSupport.reportLines(diagnostics) == """
            apple-app-site-association:12:5: warning: this component never decides a URL: every URL it matches is decided by earlier components \
            (component 4 (\(screen), line 5)), e.g. https://example.com/open/a/detail/?screen=s3 by component 4; remove it, or move it above the \
            components that cover it [unreachable-component]
            apple-app-site-association:78:5: warning: this component never decides a URL: every URL it matches is decided by earlier components \
            (component 64 (\(section), line 65)), e.g. https://example.com/docs/guide/#section-2 by component 64; remove it, or move it above the \
            components that cover it [unreachable-component]
            """ + "\n")
    }
}
