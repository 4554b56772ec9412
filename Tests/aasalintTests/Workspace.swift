import Foundation

/// A temporary folder for one test's inputs, removed when the test ends.
final class Workspace {
    let url: URL

    init(_ purpose: String) throws {
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

    /// A file of `size` bytes that occupies no disk space.
    func sparseFile(_ path: String, size: Int) throws {
        let file = try place(path)
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    func symbolicLink(_ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: try place(path).path, withDestinationPath: destination)
    }

    func fifo(_ path: String) throws {
        let file = try place(path)
        guard mkfifo(file.path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// False when the file system refuses the name.
    func makeFolder(rawName: [UInt8]) -> Bool {
        let path = Array(url.path.utf8) + [UInt8(ascii: "/")] + rawName + [0]
        return path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) == 0 }
        }
    }

    func place(_ path: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file
    }
}
