#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Finds and reads the Xcode projects under the linted paths (`*.xcodeproj/project.pbxproj`),
/// skipping the folders file discovery skips. A path may also name a `.xcodeproj` itself.
struct XcodeProjectDiscovery: Sendable {
    static let projectFile = "project.pbxproj"

    init() {}

    /// The projects, sorted by path, and the ones that could not be read: without them the
    /// release files they name are unknown, which a release gate must not pass over silently.
    func projects(under paths: [String]) -> (projects: [XcodeProject], problems: [UsageError]) {
        var projects: [XcodeProject] = []
        var problems: [UsageError] = []
        for folder in Set(paths.flatMap(projectFolders(under:))).sorted() {
            let file = folder + "/" + Self.projectFile
            let bytes: [UInt8]
            do throws(UsageError) {
                guard case .bytes(let contents) = try FileReader().contents(ofFile: file) else {
                    problems.append(UsageError("\(file): this Xcode project file is too large to read, so the release files it names are unknown"))
                    continue
                }
                bytes = contents
            } catch {
                problems.append(UsageError(error.message + "; the release files this Xcode project names are unknown"))
                continue
            }
            do throws(PlistSyntaxError) {
                projects.append(try XcodeProject(path: folder, pbxproj: bytes))
            } catch {
                let position = error.offset.map { LineTable(bytes).position(ofOffset: $0) }
                let place = position.map { ":\($0.line):\($0.column)" } ?? ""
                problems.append(UsageError("\(file)\(place): cannot read this Xcode project (\(error.message)), so the release files it names are unknown"))
            }
        }
        return (projects, problems)
    }

    /// The walk follows no symbolic link, the named path's included, and does not go into a
    /// folder on another file system than the named folder's (it names it if it is a project):
    /// what FileManager's enumerator did here on Linux, without the URLs and resource values it
    /// made for every entry, which cost as much as linting a tree of small files.
    private func projectFolders(under path: String) -> [String] {
        let shown = DisplayPath.of(path)
        if shown.hasSuffix(".xcodeproj") { return isProject(shown) ? [shown] : [] }
        var root = stat()
        guard lstat(shown, &root) == 0, root.st_mode & S_IFMT == S_IFDIR else { return [] }
        var found: [String] = []
        collectProjects(in: shown, shownAs: shown == "." ? "" : shown, device: root.st_dev, into: &found)
        return found
    }

    private func collectProjects(in folder: String, shownAs shown: String, device: dev_t, into found: inout [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            var entry = stat()
            let path = folder + "/" + name
            guard lstat(path, &entry) == 0, entry.st_mode & S_IFMT == S_IFDIR, !FileDiscovery.skippedFolders.contains(name) else { continue }
            let shownPath = shown.isEmpty ? name : shown + "/" + name
            if name.hasSuffix(".xcodeproj") {
                if isProject(shownPath) { found.append(shownPath) }
            } else if entry.st_dev == device {
                collectProjects(in: path, shownAs: shownPath, device: device, into: &found)
            }
        }
    }

    private func isProject(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/" + Self.projectFile)
    }
}
