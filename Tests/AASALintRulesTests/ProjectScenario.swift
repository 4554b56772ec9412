@testable import AASALintCore
import AASALintRules
import Foundation

/// A folder that stands for a small repository: `.aasalint.yml` (optional), AASA and
/// entitlements files, Xcode projects. Linted like `aasalint lint` run inside it, with the
/// Xcode projects under it known, and reported with paths relative to it.
enum ProjectScenario {
    static func isScenario(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The findings, sorted, and how many files were linted.
    static func lint(_ folder: URL, with selection: RuleSelection) throws -> (diagnostics: [Diagnostic], fileCount: Int) {
        let root = folder.standardizedFileURL.path
        let configuration = try self.configuration(in: root)
        let projects = ProjectDiscovery().projects(under: [root])
        guard projects.problems.isEmpty else { throw projects.problems[0] }
        // An artifact in the folder stands for the app its project builds: its executables' signed entitlements.
        let files = try FileDiscovery().discover([root]).files.flatMap { discovered in
            discovered.kind == .artifact ? ArtifactReader.read(discovered.path).files : [try FileReader().read(discovered)]
        } + projects.entitlements
        let context = LintContext(files: files, configuration: configuration, xcodeProjects: projects.projects)
        var diagnostics: [Diagnostic] = []
        for file in files {
            for entry in selection.entries where entry.description.fileKinds.contains(where: file.kinds.contains) {
                diagnostics += (entry.fileCheck?.check(file, in: context) ?? []).map { relative($0, to: root, severity: entry.configured($0).severity) }
            }
        }
        return (diagnostics.sorted(by: Diagnostic.reportOrder), files.count)
    }

    /// For rules decided once a whole run is known (about `ignore:` entries): the folder linted
    /// as `aasalint lint` lints it, with the configured rules and `ruleID`, keeping the findings
    /// of `ruleID`.
    static func session(_ folder: URL, keeping ruleID: String) throws -> [Diagnostic] {
        let root = folder.standardizedFileURL.path
        let plan = try RulePlan(registry: FixtureSupport.registry(), configuration: configuration(in: root), enable: [ruleID])
        let outcome = LintSession(plan: plan).run(paths: [root])
        guard outcome.problems.isEmpty else { throw outcome.problems[0] }
        return outcome.report.diagnostics.filter { $0.ruleID == ruleID }.map { relative($0, to: root, severity: $0.severity) }
    }

    private static func configuration(in root: String) throws -> Configuration {
        let configurationFile = root + "/" + ConfigurationLoader.fileName
        guard FileManager.default.fileExists(atPath: configurationFile) else {
            return Configuration(directory: root)
        }
        return try ConfigurationLoader(registry: FixtureSupport.registry()).load(path: configurationFile, found: false)
    }

    private static func relative(_ diagnostic: Diagnostic, to root: String, severity: Severity) -> Diagnostic {
        func shorten(_ location: Location) -> Location {
            let file = location.file.hasPrefix(root + "/") ? String(location.file.dropFirst(root.count + 1)) : location.file
            return Location(file: file, range: location.range, pointer: location.pointer)
        }
        return Diagnostic(
            ruleID: diagnostic.ruleID, severity: severity, message: diagnostic.message.replacingOccurrences(of: root + "/", with: ""),
            location: shorten(diagnostic.location),
            related: diagnostic.related.map { RelatedLocation(shorten($0.location), message: $0.message) },
            exampleURL: diagnostic.exampleURL, fix: diagnostic.fix
        )
    }
}
