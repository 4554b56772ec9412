// Plugins run inside SwiftPM or Xcode on the developer's machine, never in the shipped binary:
// Foundation is what PackagePlugin itself uses.
import Foundation
import PackagePlugin

/// Lints the entitlements and AASA files of the target it is applied to as part of its build:
/// aasalint's `file:line:col: error: ...` lines are the build's own diagnostics, and an error
/// fails the build. The files and the `.aasalint.yml` that applies to them are the command's
/// inputs, so the build system runs it again only when one of them changes. The command has no
/// outputs: it produces nothing the build uses (a stamp file would become a resource of the target).
@main
struct AASALintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let files = module.sourceFiles.map(\.url).filter(LintedFile.isLinted)
        return try LintCommand(files: files).commands(tool: context.tool(named: "aasalint").url, targetName: target.name)
    }
}

/// The files aasalint finds inside folders that a target holds: `*.entitlements` and
/// `apple-app-site-association` (also with `.json`, a prefix such as `web__`, or a copy's
/// ` (2)`). It mirrors aasalint's `FileDiscovery.kind(ofDiscoveredName:)`, which a plugin cannot
/// link; provisioning profiles and `.ipa` archives are build products, not sources.
enum LintedFile {
    static let aasaName = "apple-app-site-association"

    static func isLinted(_ file: URL) -> Bool {
        let name = file.lastPathComponent
        if name.hasSuffix(".entitlements") { return true }
        guard let range = name.range(of: aasaName, options: [.caseInsensitive, .backwards]) else { return false }
        let rest = name[range.upperBound...]
        return rest.isEmpty || rest.lowercased() == ".json" || rest.hasPrefix(" ")
    }
}

/// One `aasalint lint` of the given files with the configuration that applies to them.
struct LintCommand {
    let files: [URL]
    /// The nearest `.aasalint.yml` from the folder that holds all the files upward, stopping at
    /// the repository's top (the folder holding `.git`), as aasalint looks for it from its
    /// working folder.
    let configuration: URL?

    init(files: [URL]) {
        self.files = files.sorted { $0.path < $1.path }
        configuration = Self.commonFolder(of: self.files).flatMap(Self.nearestConfiguration)
    }

    func commands(tool: URL, targetName: String) -> [Command] {
        guard !files.isEmpty else { return [] }
        // An explicit configuration, or none: the one aasalint would find from the build's working
        // folder is not necessarily the one declared as an input.
        let configurationArguments = configuration.map { ["--config", $0.path] } ?? ["--no-config"]
        return [
            .buildCommand(
                displayName: "aasalint \(targetName)",
                executable: tool,
                arguments: ["lint", "--quiet", "--no-color"] + configurationArguments + files.map(\.path),
                inputFiles: files + (configuration.map { [$0] } ?? []),
                outputFiles: []
            ),
        ]
    }

    /// The deepest folder that holds every file (the target's folder, or one inside it). It is
    /// found from the files because `Target.directoryURL` needs tools version 6.1.
    static func commonFolder(of files: [URL]) -> URL? {
        let folders = files.map { $0.deletingLastPathComponent().standardizedFileURL.pathComponents }
        guard var common = folders.first else { return nil }
        for components in folders.dropFirst() {
            common = zip(common, components).prefix { $0 == $1 }.map(\.0)
        }
        return URL(fileURLWithPath: "/" + common.dropFirst().joined(separator: "/"), isDirectory: true)
    }

    static func nearestConfiguration(from start: URL) -> URL? {
        var folder = start.standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(".aasalint.yml")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) || folder.path == "/" { return nil }
            folder = folder.deletingLastPathComponent()
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project the plugin cannot read build settings such as `CODE_SIGN_ENTITLEMENTS`,
/// and an entitlements file is rarely a member of its target: it lints every entitlements and AASA
/// file of the project (apply it to the app target only) and the target's own matching files.
extension AASALintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        // The list holds `Path`s, whose `string` is deprecated; their description is the same text.
        let projectFiles = context.xcodeProject.filePaths.map { URL(fileURLWithPath: String(describing: $0)) }
        let files = Set((target.inputFiles.map(\.url) + projectFiles).filter(LintedFile.isLinted).map(\.standardizedFileURL))
        return try LintCommand(files: Array(files)).commands(tool: context.tool(named: "aasalint").url, targetName: target.displayName)
    }
}
#endif
