#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The loader's edge to the disk: finding `.aasalint.yml`, reading it, and reading the files it names.
extension ConfigurationLoader {
    /// The nearest `.aasalint.yml` from `directory` upward, up to the root of the repository
    /// (the folder holding `.git`): a folder above a checkout is not the repository's to
    /// configure. Whether the file may be trusted is `ConfigurationFileTrust`'s question.
    public static func discover(from directory: String) -> String? {
        var folder = PathNames.absolute(directory)
        while true {
            let candidate = PathNames.appending(fileName, to: folder)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if FileManager.default.fileExists(atPath: PathNames.appending(".git", to: folder)) { return nil }
            let parent = PathNames.folder(of: folder)
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// Real configurations are a few kilobytes; a larger file is not one (or is hostile).
    public static let maximumFileSize = 1024 * 1024

    /// Reads the file at `path` (as reports should show it) and parses it.
    public func load(path: String) throws -> Configuration {
        switch try FileReader(readLimit: Self.maximumFileSize).contents(ofFile: path) {
        case .bytes(let bytes):
            return try load(bytes: bytes, path: DisplayPath.of(path),
                            directory: PathNames.folder(of: path))
        case .tooLarge(let byteCount):
            throw UsageError("\(path): the configuration file is \(byteCount) bytes, over the limit of \(Self.maximumFileSize); "
                + "is this the right file?")
        }
    }

    /// The files a configuration names, read from disk.
    public static let readFromDisk: NamedFileRead = { path throws(UsageError) in try FileReader().contents(ofFile: path) }
}
