#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What holds the bundles of an artifact: a zip (`.ipa`) or a folder (`.app`, `.xcarchive`),
/// read by inner path with `/` between components.
protocol ArtifactBundleFolder: Sendable {
    /// The names directly inside the folder at `path` ("" for the top).
    func children(of path: String) -> [String]
    func contains(_ path: String) -> Bool
    func source(of path: String) throws(ArtifactReaderError) -> any ArtifactReaderSource
}

extension ArtifactBundleFolder {
    func contents(of path: String, limit: Int) throws(ArtifactReaderError) -> [UInt8] {
        let source = try source(of: path)
        guard source.count <= limit else { throw ArtifactReaderError("\(path): \(source.count) bytes, more than the \(limit) aasalint reads for it") }
        return try source.bytes(in: 0..<source.count)
    }
}

/// An `.ipa`'s bundles, from its central directory. The entry names are sorted once: the
/// names under a folder are then one run of them, found by binary search, so listing the
/// bundles of an archive of thousands of apps reads each name a bounded number of times.
struct ZipBundleFolder: ArtifactBundleFolder {
    let archive: ZipArchive
    /// The entry names as UTF-8, in byte order (in which a prefix's names are contiguous).
    private let sortedNames: [[UInt8]]

    init(archive: ZipArchive) {
        self.archive = archive
        sortedNames = archive.entries.map { Array($0.name.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    func children(of path: String) -> [String] {
        let prefix = Array((path.isEmpty ? "" : path + "/").utf8)
        var low = 0, high = sortedNames.count
        while low < high {
            let middle = (low + high) / 2
            if sortedNames[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        var names = Set<String>()
        for name in sortedNames[low...] {
            guard name.starts(with: prefix) else { break }
            if let child = name.dropFirst(prefix.count).split(separator: UInt8(ascii: "/"), maxSplits: 1).first {
                names.insert(String(decoding: child, as: UTF8.self))
            }
        }
        return names.sorted()
    }

    func contains(_ path: String) -> Bool {
        archive.entry(named: path) != nil
    }

    func source(of path: String) throws(ArtifactReaderError) -> any ArtifactReaderSource {
        guard let entry = archive.entry(named: path) else { throw ArtifactReaderError("\(path): not in the archive") }
        return try archive.source(of: entry)
    }
}

/// A `.app` or `.xcarchive` on disk. Symbolic links inside it are not followed: a signed
/// bundle holds none where aasalint reads, and one could lead anywhere on the machine.
struct DiskBundleFolder: ArtifactBundleFolder {
    let root: String

    func children(of path: String) -> [String] {
        let folder = fullPath(path)
        guard kind(of: folder) == S_IFDIR else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func contains(_ path: String) -> Bool {
        kind(of: fullPath(path)) != nil
    }

    func source(of path: String) throws(ArtifactReaderError) -> any ArtifactReaderSource {
        let file = fullPath(path)
        switch kind(of: file) {
        case S_IFREG: return try FileArtifactSource(path: file)
        case S_IFLNK: throw ArtifactReaderError("\(path): not read: it is a symbolic link")
        case nil: throw ArtifactReaderError("\(path): not in the bundle")
        default: throw ArtifactReaderError("\(path): not a regular file")
        }
    }

    private func fullPath(_ path: String) -> String {
        path.isEmpty ? root : root + "/" + path
    }

    private func kind(of path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}
