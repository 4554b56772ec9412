@testable import AASALintCore
import AASALintTestSupport
import Testing

/// The lexical reader against sources built to make it slow: unterminated strings and comments,
/// nesting a hundred thousand deep, raw strings with thousands of `#`s, declarations that never
/// reach a body. Quadrupling the input must not take much more than four times the processor
/// time (eight allows for noise), and the reader must say what it could not read.
@Suite struct HostileSourceTests {
    /// Each case: a source of about `size` bytes, its language, and whether it reads as well-formed.
    static let cases: [(name: String, language: SourceLexer.Language, wellFormed: Bool, source: @Sendable (Int) -> String)] = [
        ("an unterminated multi-line string", .swift, false, { "let a = \"\"\"\n" + String(repeating: "x \\(y) \" \"\" ", count: $0 / 14) }),
        ("nested comments never closed", .swift, false, { String(repeating: "/* ", count: $0 / 3) }),
        ("comment openers in Objective-C", .objectiveC, false, { "/*" + String(repeating: "/* ", count: $0 / 3) }),
        ("deep braces", .swift, true, { String(repeating: "{", count: $0 / 2) + String(repeating: "}", count: $0 / 2) }),
        ("deep unclosed parentheses", .swift, false, { String(repeating: "(", count: $0) }),
        ("interpolations nested in strings", .swift, false, { String(repeating: "\"\\(", count: $0 / 3) }),
        ("a raw string of many #s and quotes", .swift, false, { String(repeating: "#", count: $0 / 2) + "\"" + String(repeating: "\"#", count: $0 / 4) }),
        ("escapes with many #s", .swift, false, { "#\"" + String(repeating: "\\" + String(repeating: "#", count: 50), count: $0 / 51) }),
        ("types without bodies", .swift, true, { String(repeating: "class A: B, C ", count: $0 / 14) }),
        ("functions without bodies", .swift, true, { String(repeating: "func f(a: Int) -> Int ", count: $0 / 22) }),
        ("generic functions without parentheses", .swift, true, { String(repeating: "func f<T ", count: $0 / 9) }),
        ("methods without bodies", .objectiveC, true, { String(repeating: "- (void)a:(int)b c:(int)d ", count: $0 / 26) }),
        ("interfaces without an end", .objectiveC, true, { String(repeating: "@interface A : B <C, D ", count: $0 / 23) }),
        ("attributes before every type", .swift, true, { String(repeating: "@a(b) public final class A {} ", count: $0 / 30) }),
    ]

    @Test(arguments: cases.indices)
    func readingIsLinear(index: Int) {
        let hostile = Self.cases[index]
        var times: [Duration] = []
        for size in [250_000, 1_000_000] {
            let bytes = Array(hostile.source(size).utf8)
            var file: AppSourceFile?
            // The least of three readings: the first of a size also pays for growing the heap, and a
            // busy machine's cache misses inflate single readings of a few tens of milliseconds.
            times.append((0..<3).map { _ in
                ThreadProcessorTime.measure { file = AppSourceFile(path: "Hostile.swift", bytes: bytes, language: hostile.language) }
            }.min()!)
            #expect(file?.outline.isBalanced == hostile.wellFormed, "\(hostile.name)")
            if !hostile.wellFormed { #expect(file?.isJudgeable == false, "\(hostile.name)") }
        }
        #expect(times[1] < times[0] * 8, "\(hostile.name): 250 KB took \(times[0]), 1 MB \(times[1]) of processor time")
    }

    /// A large file of ordinary code is read in time proportional to it.
    @Test func ordinaryCodeOfManyMegabytesIsReadAtOnce() throws {
        let function = ##"""
            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return }
                router.open("\(url.path) \(#"raw "\#(url)""#)") // a comment
            }

            """##
        let text = "class SceneDelegate: UIResponder {\n" + String(repeating: function, count: 20_000) + "}\n"
        var file: AppSourceFile?
        let time = ThreadProcessorTime.measure { file = AppSourceFile(path: "Large.swift", bytes: Array(text.utf8), language: .swift) }
        #expect(file?.outline.functions.count == 20_000)
        #expect(file?.outline.isBalanced == true)
        #expect(time < .seconds(20), "\(text.utf8.count) bytes took \(time) of processor time")
    }
}
