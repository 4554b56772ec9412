import Foundation

/// Reads discovered files into `LintFile`s, refusing to load files too large to be real.
public struct FileReader: Sendable {
    /// Files above this are not read at all; `file-too-large` still reports their size.
    public static let defaultReadLimit = 64 * 1024 * 1024

    public let readLimit: Int

    public init(readLimit: Int = FileReader.defaultReadLimit) {
        self.readLimit = readLimit
    }

    public func read(_ file: DiscoveredFile) throws(UsageError) -> LintFile {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw UsageError("\(file.path): cannot read this file (\(error.localizedDescription))")
        }
        guard size <= readLimit else {
            return LintFile(path: file.path, kind: file.kind, bytes: [], byteCount: size)
        }
        guard let handle = FileHandle(forReadingAtPath: file.path) else {
            throw UsageError("\(file.path): cannot open this file for reading (check its permissions)")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            return LintFile(path: file.path, kind: file.kind, bytes: [UInt8](data))
        } catch {
            throw UsageError("\(file.path): cannot read this file (\(error.localizedDescription))")
        }
    }
}
