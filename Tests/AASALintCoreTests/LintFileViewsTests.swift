@testable import AASALintCore
import Testing

@Suite struct LintFileViewsTests {
    private static let text = """
        {"applinks": {"details": [
          {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}, {"/": "/b/*"}]}
        ]}}
        """

    /// The views of one file asked for by many threads at once, each first asking for a view
    /// that asks for others while it is built (the model for the tree, the line table for the
    /// payload): every thread gets what a file read on one thread gives.
    @Test func threadsAskingAtOnceSeeTheViewsOfOneThread() {
        @Sendable func answer(_ file: LintFile) -> [Int] {
            let pointer = JSONPointer("/applinks/details/0/components/1")!
            let start = file.location(pointer).range.start
            return [file.aasa?.applinks?.details.first?.components?.value.count ?? -1, start.line, start.column,
                    file.root?.span.count ?? -1, file.json?.value == nil ? 0 : 1]
        }
        let expected = answer(LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(Self.text.utf8)))
        #expect(expected == [2, 2, 76, Self.text.utf8.count, 1])
        for _ in 0..<20 {
            let shared = LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(Self.text.utf8))
            let answers = Array(repeating: shared, count: 16).parallelMap(answer)
            #expect(answers.allSatisfy { $0 == expected })
        }
    }

    /// A view belongs to the kinds that have it: an AASA file has no property list, XML or
    /// entitlements, an entitlements file no JSON.
    @Test func aFileHasOnlyTheViewsOfItsKind() {
        let aasa = LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(Self.text.utf8))
        #expect(aasa.plist == nil && aasa.xml == nil && aasa.entitlements == nil && aasa.assetLinks == nil && aasa.signature == nil)
        #expect(aasa.aasa != nil && aasa.schemaDeviations == [])
        let misspelt = LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(#"{"applinks": {"detials": []}}"#.utf8))
        #expect(misspelt.schemaDeviations == .unknownKey)
        let plist = #"<?xml version="1.0"?><plist version="1.0"><dict><key>a</key><string>b</string></dict></plist>"#
        let entitlements = LintFile(path: "App.entitlements", kind: .entitlements, bytes: Array(plist.utf8))
        #expect(entitlements.json == nil && entitlements.aasa == nil && entitlements.schemaDeviations == nil && entitlements.xml == nil)
        #expect(entitlements.entitlements != nil && entitlements.root?.members?.count == 1)
    }
}
