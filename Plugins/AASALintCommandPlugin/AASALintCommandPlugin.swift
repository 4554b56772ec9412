// Plugins run inside SwiftPM or Xcode on the developer's machine, never in the shipped binary:
// Foundation is what PackagePlugin itself uses (and `Process` runs aasalint).
import Foundation
import PackagePlugin

/// `swift package aasalint [--target NAME ...] [lint options] [PATH ...]`: `aasalint lint` run
/// from the package's folder, so that it finds the package's `.aasalint.yml` and names files
/// relative to it; without a path it lints the package (or the folders of the `--target`s).
/// `--fix` rewrites files, hence the permission to write to the package directory.
@main
struct AASALintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let folders = try context.package.targets(named: targetNames).compactMap { target in
            target.sourceModule.flatMap { folder(holding: $0.sourceFiles.map(\.url)) }?.path
        }
        try AASALintRun(tool: context.tool(named: "aasalint").url, folder: context.package.directoryURL)
            .run(extractor.remainingArguments + folders)
    }
}

/// The deepest folder that holds every file of a target: `Target.directoryURL` needs tools version
/// 6.1 (the build-tool plugin finds its configuration the same way; plugins share no code).
func folder(holding files: [URL]) -> URL? {
    let folders = files.map { $0.deletingLastPathComponent().standardizedFileURL.pathComponents }
    guard var common = folders.first else { return nil }
    for components in folders.dropFirst() {
        common = zip(common, components).prefix { $0 == $1 }.map(\.0)
    }
    return URL(fileURLWithPath: "/" + common.dropFirst().joined(separator: "/"), isDirectory: true)
}

/// `aasalint lint ARGUMENTS` in a folder; its report goes straight to the output of `swift
/// package` (or Xcode's log), and an exit status other than 0 fails the command with it.
struct AASALintRun {
    let tool: URL
    let folder: URL

    func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["lint"] + arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let status: Int32
        let signalled: Bool

        var description: String {
            if signalled { return "aasalint was killed by signal \(status)" }
            return status == 1 ? "aasalint found problems (exit status 1)" : "aasalint could not lint (exit status \(status)); see its message above"
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// File > Packages (or the project's context menu) > aasalint: lints the Xcode project's folder,
/// where aasalint also reads the project's targets and their `CODE_SIGN_ENTITLEMENTS`.
extension AASALintCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        // Xcode passes the targets the user selected as --target NAME; aasalint lints the whole
        // project folder, whose .xcodeproj says which entitlements file each target signs with.
        _ = extractor.extractOption(named: "target")
        try AASALintRun(tool: context.tool(named: "aasalint").url, folder: URL(fileURLWithPath: String(describing: context.xcodeProject.directory)))
            .run(extractor.remainingArguments)
    }
}
#endif
