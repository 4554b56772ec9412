@testable import AASALintCore
import Foundation
import Testing

@Suite struct BinaryPlistReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rules")

    /// A `bplist00` holding `objects` (their encodings), with one-byte offsets and references.
    static func bplist(_ objects: [[UInt8]], top: Int = 0, version: String = "00") -> [UInt8] {
        var bytes = Array(("bplist" + version).utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let tableStart = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(objects.count) + bigEndian(top) + bigEndian(tableStart)
        return bytes
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    /// The tree without spans, to compare two readings of the same property list.
    static func shape(_ node: PositionedValue) -> String {
        switch node.value {
        case .object(let members): "{" + members.map { "\($0.key)=\(shape($0.value))" }.joined(separator: ",") + "}"
        case .array(let elements): "[" + elements.map(shape).joined(separator: ",") + "]"
        case .string(let text): "\"\(text)\""
        case .number(let text): text
        case .bool(let value): String(value)
        case .null: "null"
        }
    }

    static func error(_ bytes: [UInt8]) -> PlistSyntaxError? {
        do {
            _ = try PlistReader.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["invalid-plist/valid", "invalid-associated-domain/mistakes", "developer-mode-in-release/developer-mode-release"])
    func readsWhatPlistlibWroteAsTheXMLReaderReadsTheSource(fixture: String) throws {
        let xml = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(fixture + ".entitlements")))
        let binary = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(fixture + "-binary.entitlements")))
        let fromBinary = try PlistReader.parse(binary)
        #expect(Self.shape(fromBinary) == Self.shape(try PlistReader.parse(xml)))
        #expect(fromBinary.members?.allSatisfy { $0.keySpan == 0..<0 && $0.value.span == 0..<0 } == true)
    }

    @Test func readsEveryScalarType() throws {
        let root = try PlistReader.parse(Self.bplist([
            [0xD6, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
            [0x51, 0x61], [0x51, 0x62], [0x51, 0x63], [0x51, 0x64], [0x51, 0x65], [0x51, 0x66],
            [0x62, 0x00, 0x61, 0x00, 0xE9],
            [0x10, 0xFF],
            [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            [0x23] + Array(withUnsafeBytes(of: (1.5).bitPattern.bigEndian, Array.init)),
            [0x08],
            [0x5F, 0x10, 0x11] + Array("applinks:long.com".utf8),
        ]))
        #expect(Self.shape(root) == #"{a="aé",b=255,c=-1,d=1.5,e=false,f="applinks:long.com"}"#)
    }

    @Test func refusesAnObjectThatContainsItself() {
        #expect(Self.error(Self.bplist([[0xA1, 0]]))?.message.contains("object 0 contains itself") == true)
    }

    @Test func refusesSharedObjectsThatExpandBeyondTheLimit() {
        let chain = (0..<30).map { index -> [UInt8] in [0xA2, UInt8(index + 1), UInt8(index + 1)] } + [[0x09]]
        let error = Self.error(Self.bplist(chain))
        #expect(error?.kind == .refused)
        #expect(error?.offset == nil)
    }

    @Test(arguments: [
        ([[0xA1, 5]] as [[UInt8]], "a reference to object 5"),
        ([[0xD1, 1, 1], [0x09]], "has a key that is not a string"),
        ([[0x5F, 0x10, 0x14, 0x41]], "object 0 runs past the end of the object table"),
        ([[0x5F, 0x10, 0x7F, 0x41]], "object 0 claims 127 entries, more than the file could hold"),
        ([[0x70]], "unknown type marker 0x70"),
    ])
    func reportsDamageWithoutAPosition(objects: [[UInt8]], message: String) {
        let error = Self.error(Self.bplist(objects))
        #expect(error?.kind == .syntax)
        #expect(error?.offset == nil)
        #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
    }

    @Test func refusesOtherVersionsAndTruncatedFiles() {
        #expect(Self.error(Self.bplist([[0x09]], version: "15"))?.kind == .unsupported)
        #expect(Self.error(Array(Self.bplist([[0x09]]).dropLast(10)))?.message.contains("truncated or damaged") == true)
        #expect(Self.error(Array("bplist00".utf8))?.message.contains("too short") == true)
    }
}
