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

/// Finds and reads the projects under the linted paths, skipping the folders file discovery
/// skips: Xcode projects (`*.xcodeproj/project.pbxproj`), XcodeGen specs (`project.yml`,
/// `project.json`), Expo app configs (`app.json`) and .NET projects (`*.csproj`). A path may
/// also name one of them. Each becomes the same model, an `XcodeProject`, which the release
/// decisions and the cross-checks read whatever tool wrote it; entitlements written inside a
/// project file become entitlements files of their own, positioned in it.
struct ProjectDiscovery: Sendable {
    static let projectFile = "project.pbxproj"

    init() {}

    /// What the projects under the linted paths declare.
    struct Found: Sendable {
        /// Sorted by path.
        var projects: [XcodeProject] = []
        /// Entitlements written inside project files (XcodeGen's inline `properties`, Expo's `ios` keys).
        var entitlements: [LintFile] = []
        /// The projects that could not be read: without them the release files they name are
        /// unknown, which a release gate must not pass over silently.
        var problems: [UsageError] = []
        /// What was found but not read, said once.
        var notes: [String] = []
    }

    /// The projects under `paths`, found by the walk of file discovery (for callers that lint nothing).
    func projects(under paths: [String]) -> Found {
        projects(from: FileDiscovery().discover(paths).projectSources, named: paths)
    }

    /// The projects of `sources`, which the walk of the linted `paths` found (`FileDiscovery.Discovery.projectSources`).
    func projects(from sources: [String], named paths: [String]) -> Found {
        var found = Found()
        let named = Set(paths.map(DisplayPath.of))
        for source in sources {
            let name = PathNames.lastComponent(of: source)
            if name.hasSuffix(".xcodeproj") {
                read(xcodeProject: source, into: &found)
            } else if XcodeGenProject.fileNames.contains(name) {
                read(xcodeGenSpec: source, isNamed: named.contains(source), into: &found)
            } else if name == ExpoAppConfig.fileName {
                read(expoConfig: source, isNamed: named.contains(source), into: &found)
            } else if name.hasSuffix(MAUIProject.fileExtension) {
                read(dotNetProject: source, into: &found)
            }
        }
        let programs = sources.filter { ExpoAppConfig.programNames.contains(PathNames.lastComponent(of: $0)) }
        if !programs.isEmpty {
            found.notes.append("\(programs.joined(separator: ", ")): not read: an Expo app config written in JavaScript or TypeScript is a program, "
                + "which aasalint does not run; the ios.associatedDomains, ios.entitlements, ios.bundleIdentifier and ios.appleTeamId of app.json are linted")
        }
        // A project file named on the command line is not linted as an AASA file: say when it declared nothing.
        let read = Set(found.projects.map(\.path))
        for path in paths.map(DisplayPath.of) where sources.contains(path) && !read.contains(path) && !programs.contains(path) {
            found.notes.append("\(path): nothing to lint: aasalint reads a file of this name as a project (XcodeGen spec, Expo app.json or .NET project), "
                + "and this one declares no iOS entitlements or signing settings; to lint it as another kind of file, pipe it to `aasalint lint - --kind KIND`")
        }
        found.projects.sort { $0.path < $1.path }
        return found
    }

    /// Whether a file's name makes it a project source that this discovery reads rather than a file to lint.
    static func isProjectSource(named name: String) -> Bool {
        XcodeGenProject.fileNames.contains(name) || name == ExpoAppConfig.fileName || ExpoAppConfig.programNames.contains(name)
            || name.hasSuffix(MAUIProject.fileExtension)
    }

    private func read(xcodeProject folder: String, into found: inout Found) {
        let file = folder + "/" + Self.projectFile
        guard let bytes = contents(of: file, describedAs: "Xcode project", into: &found) else { return }
        do throws(PlistSyntaxError) {
            found.projects.append(try XcodeProject(path: folder, pbxproj: bytes))
        } catch {
            found.problems.append(unreadable(file, bytes: bytes, offset: error.offset, error.message, describedAs: "Xcode project"))
        }
    }

    /// The spec and the files it includes, included ones first. Other tools name their files
    /// `project.json` too (Nx): one found by a folder walk that is not JSON is none of aasalint's business.
    private func read(xcodeGenSpec path: String, isNamed: Bool, into found: inout Found) {
        var files: [XcodeGenProject.SpecFile] = []
        var visited: Set<String> = []
        func load(_ path: String) -> Bool {
            guard visited.insert(path).inserted, visited.count <= XcodeGenProject.maximumIncludedFiles else { return true }
            guard let bytes = contents(of: path, describedAs: "XcodeGen project", into: &found) else { return false }
            let parsed = path.hasSuffix(".json")
                ? ParseOutcome { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }.mapFailure { ($0.offset, $0.message) }
                : ParseOutcome { () throws(YAMLSyntaxError) in try YAMLReader.parse(bytes) }.mapFailure { ($0.offset, $0.message) }
            guard case .success(let root) = parsed else {
                if case .failure(let (offset, message)) = parsed, isNamed || !path.hasSuffix(".json") {
                    found.problems.append(unreadable(path, bytes: bytes, offset: offset, message, describedAs: "XcodeGen project"))
                }
                return false
            }
            let folder = PathNames.folder(of: path)
            let includes = root.member("include")?.value
            let listed = includes?.elements ?? includes.map({ [$0] }) ?? []
            for include in listed {
                guard let relative = include.stringValue ?? include.member("path")?.value.stringValue else { continue }
                guard load(PathNames.joined(folder.isEmpty ? "." : folder, relative)) else { return false }
            }
            files.append(XcodeGenProject.SpecFile(path: path, bytes: bytes, root: root))
            return true
        }
        guard load(path), let spec = XcodeGenProject(files: files) else { return }
        found.projects.append(spec.project)
        found.entitlements += spec.inlineEntitlements
    }

    /// Other tools name their files `app.json` too: one found by a folder walk that is not JSON
    /// is none of aasalint's business.
    private func read(expoConfig path: String, isNamed: Bool, into found: inout Found) {
        guard let bytes = contents(of: path, describedAs: "Expo app config", into: &found) else { return }
        do throws(JSONSyntaxError) {
            guard let config = ExpoAppConfig(path: path, bytes: bytes, root: try JSONParser.parse(bytes)) else { return }
            found.projects.append(config.project)
            found.entitlements += [config.entitlements].compactMap { $0 }
        } catch {
            guard isNamed else { return }
            found.problems.append(unreadable(path, bytes: bytes, offset: error.offset, error.message, describedAs: "Expo app config"))
        }
    }

    private func read(dotNetProject path: String, into found: inout Found) {
        guard let bytes = contents(of: path, describedAs: ".NET project", into: &found) else { return }
        do throws(PlistSyntaxError) {
            if let project = try MAUIProject(path: path, bytes: bytes) { found.projects.append(project.project) }
        } catch {
            found.problems.append(unreadable(path, bytes: bytes, offset: error.offset, error.message, describedAs: ".NET project"))
        }
    }

    private func contents(of file: String, describedAs kind: String, into found: inout Found) -> [UInt8]? {
        do throws(UsageError) {
            guard case .bytes(let contents) = try FileReader().contents(ofFile: file) else {
                found.problems.append(UsageError("\(file): this \(kind) file is too large to read, so the release files it names are unknown"))
                return nil
            }
            return contents
        } catch {
            found.problems.append(UsageError(error.message + "; the release files this \(kind) names are unknown"))
            return nil
        }
    }

    private func unreadable(_ file: String, bytes: [UInt8], offset: Int?, _ message: String, describedAs kind: String) -> UsageError {
        let position = offset.map { LineTable(bytes).position(ofOffset: $0) }
        let place = position.map { ":\($0.line):\($0.column)" } ?? ""
        return UsageError("\(file)\(place): cannot read this \(kind) (\(message)), so the release files it names are unknown")
    }
}
