@testable import AASALintCore
import Testing

/// The case variants of ASCII, written out, are those the scan of Unicode finds.
@Suite struct CaseFoldingTests {
    @Test func asciiUnfoldingsAreThoseOfTheScan() {
        for value in UInt32(0)..<0x80 {
            #expect(CaseFolding.asciiUnfoldings[value] ?? [] == CaseFolding.unfoldings[value] ?? [], "U+\(String(value, radix: 16))")
        }
    }
}
