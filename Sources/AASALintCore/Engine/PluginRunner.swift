#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// Starts a plugin's program: the tooling's (`ProcessPluginLauncher` in AASALintTooling), which
/// the command line gives the run's `RunOptions` when the user allows plugins. A class: every
/// run copies its options, and copying a reference needs none of the type metadata that copying
/// an optional existential value looks up at start-up.
package protocol PluginLauncher: AnyObject, Sendable {
    /// What `plugin` writes to its standard output when started in `directory` with `request` on
    /// its standard input. Throws, naming the plugin, when it cannot start, does not answer within
    /// its timeout, fails, or answers more than aasalint reads.
    func answer(of plugin: PluginDefinition, in directory: String, to request: Data) throws(UsageError) -> Data
}

/// Runs the configuration's external plugins, once per lint each, following the protocol of
/// docs/plugins.md: one JSON request on standard input, one JSON answer on standard output.
/// A plugin that times out, fails or answers nonsense is a tool error naming the plugin.
struct PluginRunner: Sendable {
    let configuration: Configuration
    let launcher: any PluginLauncher

    /// Plugins receive the files under the configuration's folder, links resolved, and are
    /// not started when there is none: a configuration's plugins have no business with the
    /// files of other folders, or with standard input.
    func run(on files: [LintFile]) -> (diagnostics: [Diagnostic], problems: [UsageError]) {
        guard !configuration.plugins.isEmpty else { return ([], []) }
        let folder = CanonicalPath.resolved(configuration.directory)
        let requestFiles = files.compactMap { file -> (String, LintFile)? in
            guard let folder, let real = CanonicalPath.resolved(file.path), PathContainment.path(real, isBelow: folder),
                  let path = configuration.relativePath(ofDisplayPath: file.path) else { return nil }
            return (path, file)
        }
        guard !requestFiles.isEmpty else { return ([], []) }
        let request = Data(self.request(for: requestFiles).utf8)
        var diagnostics: [Diagnostic] = []
        var problems: [UsageError] = []
        for plugin in configuration.plugins {
            do throws(UsageError) {
                let output = try launcher.answer(of: plugin, in: configuration.directory, to: request)
                diagnostics += try answer(output, from: plugin, files: Dictionary(requestFiles) { first, _ in first })
            } catch {
                problems.append(error)
            }
        }
        return (diagnostics, problems)
    }

    func request(for files: [(path: String, file: LintFile)]) -> String {
        JSONWriter.prettyPrinted(.object([
            ("version", .integer(1)),
            ("files", .array(files.map { path, file in
                .object([
                    ("path", .string(path)),
                    ("kind", .string(file.kind.rawValue)),
                    ("document", file.root.map(JSONWriter.Value.document) ?? .null),
                ])
            })),
        ]))
    }

    // MARK: Reading the answer

    private func answer(_ output: Data, from plugin: PluginDefinition, files: [String: LintFile]) throws(UsageError) -> [Diagnostic] {
        func failure(_ message: String) -> UsageError {
            UsageError("plugin '\(plugin.id)' answered \(message) (see docs/plugins.md)")
        }
        let root: PositionedValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse([UInt8](output))
        } catch {
            throw failure("something that is not JSON: \(error.message)")
        }
        guard let list = root.member("diagnostics")?.value.elements else {
            throw failure("without a \"diagnostics\" array")
        }
        return try list.enumerated().map { (index, item) throws(UsageError) -> Diagnostic in
            let what = "diagnostic \(index)"
            guard let rule = item.member("rule")?.value.stringValue, !rule.isEmpty,
                  let message = item.member("message")?.value.stringValue, !message.isEmpty,
                  let path = item.member("file")?.value.stringValue,
                  let pointerText = item.member("pointer")?.value.stringValue else {
                throw failure("\(what) without rule, message, file and pointer")
            }
            guard let severity = item.member("severity")?.value.stringValue.flatMap(Severity.init(rawValue:)) else {
                throw failure("\(what) with a severity other than error, warning or note")
            }
            guard let file = files[path] else {
                throw failure("\(what) about '\(path)', which is not one of the files it was given")
            }
            guard let pointer = JSONPointer(pointerText), file.root?.node(at: pointer) != nil else {
                throw failure("\(what) at '\(pointerText)', which is not a place in \(path)")
            }
            return Diagnostic(
                ruleID: "\(plugin.id)/\(rule)", severity: severity, message: message, location: file.location(pointer),
                exampleURL: item.member("exampleURL")?.value.stringValue
            )
        }
    }

    /// What SARIF and `aasalint rules` say about a rule that only a plugin knows.
    static func description(ofPluginRule id: String, severity: Severity) -> RuleDescription {
        let plugin = id.split(separator: "/").first.map(String.init) ?? id
        return RuleDescription(
            id: id,
            summary: "Reported by the plugin '\(plugin)'",
            rationale: "A finding of the external plugin '\(plugin)' configured in .aasalint.yml under `plugins`; its documentation explains it.",
            severity: severity,
            isDocumented: false
        )
    }
}
