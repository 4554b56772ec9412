import Foundation

/// A temporary folder for one test's files, removed when the test ends.
final class TemporaryFolder: Sendable {
    let url: URL

    /// `purpose` names the folder, for whoever finds one left behind by a crashed test.
    init(_ purpose: String = "test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Array(text.utf8))
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: try place(path))
    }

    /// The URL of `path` inside the folder, whose folders exist.
    func place(_ path: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file
    }
}
