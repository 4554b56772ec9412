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
    package static func discover(from directory: String) -> String? {
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
    package static let maximumFileSize = 1024 * 1024

    /// Reads the file at `path` (as reports should show it) and parses it; a file `found` by
    /// looking upward is read only if `ConfigurationFileTrust` allows it (a file the user names
    /// is theirs to trust). `unsavedText` is the file's text in an editor, read instead of the
    /// disk. The command line and the language server read configurations only this way, so
    /// that they refuse and limit the same files in the same words.
    package func load(path: String, found: Bool, unsavedText: [UInt8]? = nil) throws(ConfigurationLoadFailure) -> Configuration {
        if found, let refusal = ConfigurationFileTrust.refusal(at: path) {
            throw .unusable(refusal, trustIsTheReason: true)
        }
        let contents: FileReader.Contents
        if let unsavedText {
            contents = .bytes(unsavedText)
        } else {
            do throws(UsageError) {
                contents = try FileReader(readLimit: Self.maximumFileSize).contents(ofFile: path)
            } catch {
                throw .unreadable(error)
            }
        }
        let bytes: [UInt8]
        switch contents {
        case .bytes(let read):
            bytes = read
        case .tooLarge(let byteCount):
            throw .unusable("the configuration file is \(byteCount) bytes, over the limit of \(Self.maximumFileSize); is this the right file?",
                            trustIsTheReason: false)
        }
        do throws(ConfigurationErrors) {
            return try load(bytes: bytes, path: DisplayPath.of(path), directory: PathNames.folder(of: path))
        } catch {
            throw .invalid(error, lines: LineTable(bytes))
        }
    }

    /// The configuration a run uses: the file `named` (which must exist), else the nearest
    /// `.aasalint.yml` from `directory` upward,
    /// else the defaults. The one resolution of the command line and the library; the language
    /// server and the MCP server look for the same file but report its errors as diagnostics.
    /// Throws `UsageError`, or `ConfigurationErrors` for a file that says something wrong.
    package func resolve(named: String?, from directory: String) throws -> Configuration {
        let path: String
        if let named {
            guard FileManager.default.fileExists(atPath: named) else {
                throw UsageError("\(named): no such configuration file")
            }
            path = named
        } else {
            guard let found = Self.discover(from: directory) else { return Configuration() }
            // Shown as reports show paths: relative to the working directory when inside it.
            let current = FileManager.default.currentDirectoryPath
            path = found.hasPrefix(current + "/") ? String(found.dropFirst(current.count + 1)) : found
        }
        do throws(ConfigurationLoadFailure) {
            return try load(path: path, found: named == nil)
        } catch {
            switch error {
            case .unusable(let reason, let trustIsTheReason):
                throw UsageError("\(path): \(reason)" + (trustIsTheReason ? ", or name it with --config if you trust it" : ""))
            case .unreadable(let error): throw error
            case .invalid(let errors, _): throw errors
            }
        }
    }

    /// The files a configuration names, read from disk.
    package static let readFromDisk: NamedFileRead = { path throws(UsageError) in try FileReader().contents(ofFile: path) }
}

/// Why a configuration file could not be used.
package enum ConfigurationLoadFailure: Error, Sendable {
    /// A sentence about the whole file; `trustIsTheReason` when it was refused because others
    /// may change it (which naming it explicitly overrides).
    case unusable(String, trustIsTheReason: Bool)
    /// The file could not be read; the error names it.
    case unreadable(UsageError)
    /// What is wrong inside it, at its places in its lines.
    case invalid(ConfigurationErrors, lines: LineTable)

    /// The failure in lines that name the file at `path`, for a client that shows text.
    package func message(about path: String) -> String {
        switch self {
        case .unusable(let reason, _): "\(path): \(reason)"
        case .unreadable(let error): error.message
        case .invalid(let errors, _): errors.description
        }
    }
}
