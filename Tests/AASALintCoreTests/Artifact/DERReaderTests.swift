@testable import AASALintCore
import Foundation
import Testing

@Suite struct DERReaderTests {
    @Test func readsNestedDefiniteLengths() throws {
        // SEQUENCE { INTEGER 5, OCTET STRING "hi" }
        let reader = DERReader([0x30, 0x07, 0x02, 0x01, 0x05, 0x04, 0x02, 0x68, 0x69])
        let sequence = try reader.element(at: 0)
        #expect(sequence.isUniversal(.sequence) && sequence.isConstructed && sequence.end == 9)
        let children = try reader.children(of: sequence)
        #expect(children.map(\.tagNumber) == [2, 4])
        #expect(try reader.stringContents(of: children[1]) == Array("hi".utf8))
    }

    @Test func readsLongFormLengths() throws {
        let reader = DERReader([0x04, 0x81, 0x80] + [UInt8](repeating: 0x41, count: 0x80))
        #expect(try reader.element(at: 0).contents == 3..<131)
    }

    @Test(arguments: [
        ([0x04, 0x05, 0x41], "runs past the end"),
        ([0x04, 0x85, 0x01, 0x00, 0x00, 0x00, 0x00], "at most 4 are read"),
        ([0x04, 0x81, 0x05, 0x41, 0x41, 0x41, 0x41, 0x41], "shortest form"),
        ([0x04, 0x82, 0x00, 0x81] + [UInt8](repeating: 0, count: 0x81), "shortest form"),
        ([0x30, 0x80, 0x00, 0x00], "BER, not DER"),
        ([0x30], "ends inside"),
        ([0x1F, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x00], "over 28 bits"),
    ] as [([UInt8], String)])
    func refusesWhatStrictDERDoesNotAllow(bytes: [UInt8], reason: String) {
        #expect {
            try DERReader(bytes).element(at: 0)
        } throws: { error in
            (error as? DERSyntaxError)?.message.contains(reason) == true
        }
    }

    @Test func readsIndefiniteLengthsAndConstructedStringsAsBER() throws {
        // SEQUENCE (indefinite) { OCTET STRING (constructed, indefinite) { "ab", "c" } }
        let bytes: [UInt8] = [0x30, 0x80, 0x24, 0x80, 0x04, 0x02, 0x61, 0x62, 0x04, 0x01, 0x63, 0x00, 0x00, 0x00, 0x00]
        let reader = DERReader(bytes, encoding: .ber)
        let sequence = try reader.element(at: 0)
        #expect(sequence.hasIndefiniteLength && sequence.end == bytes.count)
        let string = try #require(try reader.children(of: sequence).first)
        #expect(try reader.stringContents(of: string) == Array("abc".utf8))
    }

    @Test func boundsNesting() {
        let depth = DERReader.maximumDepth + 1
        let bytes = (0..<depth).flatMap { _ in [0x30, 0x80] as [UInt8] } + [UInt8](repeating: 0, count: 2 * depth)
        #expect(throws: DERSyntaxError.self) { try DERReader(bytes, encoding: .ber).element(at: 0) }
    }

    @Test func refusesAnIndefinitePrimitive() {
        #expect(throws: DERSyntaxError.self) { try DERReader([0x04, 0x80, 0x41, 0x00, 0x00], encoding: .ber).element(at: 0) }
    }
}

@Suite struct CMSSignedDataTests {
    static let profiles = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/artifacts/profiles")

    @Test(arguments: ["appstore.mobileprovision", "streamed.mobileprovision"])
    func extractsTheContentOfDERAndStreamedBERMessages(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.profiles.appendingPathComponent(name)))
        #expect(CMSSignedData.looksSigned(bytes))
        let content = try CMSSignedData(bytes).content
        #expect(content.starts(with: Array("<?xml".utf8)))
        #expect(content.suffix(9) == Array("</plist>\n".utf8))
    }

    @Test func theTwoEncodingsCarryTheSamePayload() throws {
        let read = { (name: String) in try CMSSignedData([UInt8](Data(contentsOf: Self.profiles.appendingPathComponent(name)))) }
        let definite = try read("appstore.mobileprovision")
        let streamed = try read("streamed.mobileprovision")
        #expect(definite.content == streamed.content)
        #expect(definite.contentOffset != nil && streamed.contentOffset == nil)
    }

    @Test func refusesOtherContentTypesAndTruncatedMessages() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.profiles.appendingPathComponent("appstore.mobileprovision")))
        #expect(throws: DERSyntaxError.self) { try CMSSignedData(Array(bytes.prefix(bytes.count - 1))) }
        var otherType = bytes
        otherType[14] = 0x01  // id-data instead of id-signedData
        #expect(!CMSSignedData.looksSigned(otherType))
        #expect(throws: DERSyntaxError.self) { try CMSSignedData(otherType) }
        #expect(!CMSSignedData.looksSigned(Array("{\"applinks\": {}}".utf8)))
    }
}
