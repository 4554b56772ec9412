@testable import AASALintCore
import Foundation
import Testing

/// `InputDescriptor.read` returns the file as it is whatever size it was expected to have: a
/// file that grew or shrank since `stat` is read whole, up to the count asked for.
@Suite struct InputDescriptorTests {
    /// 200,000 bytes that differ from one 64 KB chunk to the next.
    private let contents = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 16) }

    private func withFile(_ body: (String) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "aasalint-input-\(UUID().uuidString)"
        try Data(contents).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test(arguments: [nil, 0, 1_000, 65_536, 199_999, 200_000, 300_000])
    func theWholeFileWhateverItsExpectedSize(expected: Int?) throws {
        try withFile { path in
            let handle = try #require(InputDescriptor(forReadingAtPath: path))
            #expect(handle.read(upToCount: 1 << 20, expecting: expected) == contents)
        }
    }

    @Test(arguments: [nil, 200_000])
    func noMoreThanTheCountAskedFor(expected: Int?) throws {
        try withFile { path in
            let handle = try #require(InputDescriptor(forReadingAtPath: path))
            #expect(handle.read(upToCount: 150_001, expecting: expected) == Array(contents.prefix(150_001)))
        }
    }
}
