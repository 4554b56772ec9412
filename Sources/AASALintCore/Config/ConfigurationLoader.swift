#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the text of `.aasalint.yml` into a `Configuration`, reporting every mistake with its
/// line and column. Finding the file and reading it from disk are `ConfigurationLoader+Disk`'s.
package struct ConfigurationLoader: Sendable {
    package static let fileName = ".aasalint.yml"
    package static let topLevelKeys = [
        "rules", "include", "exclude", "files", "release_entitlements", "apps", "domains", "expectations",
        "overrides", "ignore", "baseline", "fail_on", "format", "formats", "custom_rules", "plugins",
    ]
    static let severityWords = ["error", "warning", "note", "off"]
    package static let formats = ReportFormat.allCases.map(\.rawValue)

    package let registry: RuleRegistry
    /// Plugins' findings are named `<plugin id>/<rule>`; the configuration may set their severity.
    let pluginIDs: [String]
    /// Reads the files the configuration names (expectation files), by their path from the working directory.
    let readNamedFile: NamedFileRead

    package typealias NamedFileRead = @Sendable (_ path: String) throws(UsageError) -> FileReader.Contents

    package init(registry: RuleRegistry, readNamedFile: @escaping NamedFileRead = ConfigurationLoader.readFromDisk) {
        self.init(registry: registry, pluginIDs: [], readNamedFile: readNamedFile)
    }

    init(registry: RuleRegistry, pluginIDs: [String], readNamedFile: @escaping NamedFileRead) {
        self.registry = registry
        self.pluginIDs = pluginIDs
        self.readNamedFile = readNamedFile
    }

    /// True for `<plugin id>/<rule>`, the IDs of a declared plugin's findings.
    func isPluginRuleID(_ id: String) -> Bool {
        guard let slash = id.firstIndex(of: "/") else { return false }
        return pluginIDs.contains(String(id[..<slash])) && id.index(after: slash) < id.endIndex
    }

    /// Parses the configuration text; `path` is as reports show it and `directory` is where its paths start.
    package func load(bytes: [UInt8], path: String, directory: String) throws(ConfigurationErrors) -> Configuration {
        let lines = LineTable(bytes)
        let root: PositionedValue
        do throws(YAMLSyntaxError) {
            root = try YAMLReader.parse(bytes)
        } catch {
            let document = SourceDocument(path: path, lines: lines, root: nil)
            throw ConfigurationErrors(errors: [ConfigurationError(at: document.location(offset: error.offset), error.message)])
        }
        let document = SourceDocument(path: path, lines: lines, root: root)
        var configuration = Configuration()
        configuration.document = document
        configuration.directory = directory.isEmpty ? "." : directory
        if case .null = root.value { return configuration }
        var reader = ConfigurationReader(document: document)
        let keys = reader.members(of: root, at: .root, known: Self.topLevelKeys, what: "the configuration")
        let pointer = JSONPointer.root
        func child(_ key: String) -> (PositionedValue, JSONPointer)? {
            keys[key].map { ($0.value, pointer.appending(key)) }
        }
        // Custom rules and plugins first: the other keys may name their rules.
        if let (node, at) = child("custom_rules") { configuration.customRules = readCustomRules(node, at: at, &reader) }
        if let (node, at) = child("plugins") { configuration.plugins = readPlugins(node, at: at, &reader) }
        let scoped: ConfigurationLoader
        do throws(RegistryError) {
            scoped = ConfigurationLoader(registry: try RuleRegistry(registry.rules, customRules: configuration.customRules),
                                         pluginIDs: configuration.plugins.map(\.id), readNamedFile: readNamedFile)
        } catch {
            throw ConfigurationErrors(errors: reader.errors + [ConfigurationError(at: document.location(pointer.appending("custom_rules")), error.message)])
        }
        scoped.readSettings(keys, into: &configuration, &reader)
        guard reader.errors.isEmpty else { throw ConfigurationErrors(errors: reader.errors) }
        return configuration
    }

    private func readSettings(_ keys: [String: PositionedMember], into configuration: inout Configuration, _ reader: inout ConfigurationReader) {
        let pointer = JSONPointer.root
        func child(_ key: String) -> (PositionedValue, JSONPointer)? {
            keys[key].map { ($0.value, pointer.appending(key)) }
        }
        if let (node, at) = child("rules") { configuration.rules = readRules(node, at: at, &reader) }
        if let (node, at) = child("include") { configuration.include = reader.globs(node, at: at, what: "'include'") }
        if let (node, at) = child("exclude") { configuration.exclude = reader.globs(node, at: at, what: "'exclude'") }
        if let (node, at) = child("files") { configuration.files = readFiles(node, at: at, &reader) }
        if let (node, at) = child("release_entitlements") {
            configuration.releaseEntitlements = reader.globs(node, at: at, what: "'release_entitlements'")
        }
        if let (node, at) = child("apps") { (configuration.apps, configuration.androidApps) = readApps(node, at: at, &reader) }
        if let (node, at) = child("domains") { (configuration.domains, configuration.assetLinksDomains) = readDomains(node, at: at, &reader) }
        if let (node, at) = child("expectations") {
            configuration.expectations = readExpectations(node, at: at, directory: configuration.directory, &reader)
        }
        if let (node, at) = child("overrides") { configuration.overrides = readOverrides(node, at: at, &reader) }
        if let (node, at) = child("ignore") { configuration.ignore = readIgnores(node, at: at, &reader) }
        if let (node, at) = child("baseline") { configuration.baseline = reader.string(node, at: at, what: "'baseline'")?.value }
        if let (node, at) = child("fail_on") {
            if let word = choice(node, at: at, from: ["error", "warning", "note", "none"], what: "'fail_on'", &reader) {
                configuration.failOn = Severity(rawValue: word).map(SeveritySetting.severity) ?? .off
            }
        }
        if let (node, at) = child("format") {
            configuration.format = choice(node, at: at, from: Self.formats, what: "'format'", &reader).flatMap(ReportFormat.init(rawValue:))
        }
        if let (node, at) = child("formats") {
            if keys["format"] != nil {
                reader.error("'format' and 'formats' both say which reports to write: keep one (formats: [text, sarif:aasalint.sarif])", at: at)
            }
            configuration.formats = reader.strings(node, at: at, what: "'formats'").compactMap { entry in
                do throws(UsageError) {
                    return try RequestedReport(entry.value)
                } catch {
                    reader.error("in 'formats': \(error.message)", at: entry.pointer)
                    return nil
                }
            }
        }
    }

    func choice(_ node: PositionedValue, at pointer: JSONPointer, from words: [String], what: String,
                        _ reader: inout ConfigurationReader) -> String? {
        guard let word = reader.string(node, at: pointer, what: what)?.value else { return nil }
        guard words.contains(word) else {
            let suggestion = Suggestion.nearest(to: word, in: words).map { "; did you mean '\($0)'?" } ?? ""
            reader.error("\(what) cannot be '\(word)'\(suggestion) (expected one of: \(words.joined(separator: ", ")))", at: pointer)
            return nil
        }
        return word
    }
}

extension ConfigurationReader {
    mutating func append(_ more: [ConfigurationError]) {
        for error in more {
            record(error)
        }
    }
}
