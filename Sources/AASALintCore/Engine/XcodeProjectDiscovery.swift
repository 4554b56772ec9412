import Foundation

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
                problems.append(error)
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

    private func projectFolders(under path: String) -> [String] {
        let shown = DisplayPath.of(path)
        if shown.hasSuffix(".xcodeproj") { return isProject(shown) ? [shown] : [] }
        let root = URL(fileURLWithPath: shown)
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: [String] = []
        let prefix = root.standardizedFileURL.path
        for case let url as URL in walk {
            let name = url.lastPathComponent
            guard (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else { continue }
            if FileDiscovery.skippedFolders.contains(name) {
                walk.skipDescendants()
            } else if name.hasSuffix(".xcodeproj") {
                walk.skipDescendants()
                let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count)).drop { $0 == "/" }
                let folder = shown == "." ? String(relative) : shown + "/" + relative
                if isProject(folder) { found.append(folder) }
            }
        }
        return found
    }

    private func isProject(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/" + Self.projectFile)
    }
}
