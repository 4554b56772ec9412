import Foundation

/// Finds and reads `.aasalint.yml` into a `Configuration`, reporting every mistake with its
/// line and column.
public struct ConfigurationLoader: Sendable {
    public static let fileName = ".aasalint.yml"
    public static let topLevelKeys = [
        "rules", "include", "exclude", "files", "release_entitlements", "apps", "domains", "expectations",
        "overrides", "ignore", "baseline", "fail_on", "format", "custom_rules", "plugins",
    ]
    static let severityWords = ["error", "warning", "note", "off"]
    public static let formats = ReportFormat.allCases.map(\.rawValue)

    public let registry: RuleRegistry
    /// Plugins' findings are named `<plugin id>/<rule>`; the configuration may set their severity.
    let pluginIDs: [String]

    public init(registry: RuleRegistry) {
        self.init(registry: registry, pluginIDs: [])
    }

    init(registry: RuleRegistry, pluginIDs: [String]) {
        self.registry = registry
        self.pluginIDs = pluginIDs
    }

    /// True for `<plugin id>/<rule>`, the IDs of a declared plugin's findings.
    func isPluginRuleID(_ id: String) -> Bool {
        guard let slash = id.firstIndex(of: "/") else { return false }
        return pluginIDs.contains(String(id[..<slash])) && id.index(after: slash) < id.endIndex
    }

    /// The nearest `.aasalint.yml` from `directory` upward, up to the root of the repository
    /// (the folder holding `.git`): a folder above a checkout is not the repository's to
    /// configure. Whether the file may be trusted is `ConfigurationFileTrust`'s question.
    public static func discover(from directory: String) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return nil }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Real configurations are a few kilobytes; a larger file is not one (or is hostile).
    public static let maximumFileSize = 1024 * 1024

    /// Reads the file at `path` (as reports should show it).
    public func load(path: String) throws -> Configuration {
        switch try FileReader(readLimit: Self.maximumFileSize).contents(ofFile: path) {
        case .bytes(let bytes):
            return try load(bytes: bytes, path: DisplayPath.of(path),
                            directory: (path as NSString).deletingLastPathComponent)
        case .tooLarge(let byteCount):
            throw UsageError("\(path): the configuration file is \(byteCount) bytes, over the limit of \(Self.maximumFileSize); "
                + "is this the right file?")
        }
    }

    public func load(bytes: [UInt8], path: String, directory: String) throws(ConfigurationErrors) -> Configuration {
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
                                         pluginIDs: configuration.plugins.map(\.id))
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
        if let (node, at) = child("apps") { configuration.apps = readApps(node, at: at, &reader) }
        if let (node, at) = child("domains") { configuration.domains = readDomains(node, at: at, &reader) }
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
            configuration.format = choice(node, at: at, from: Self.formats, what: "'format'", &reader)
        }
    }

    private func choice(_ node: PositionedValue, at pointer: JSONPointer, from words: [String], what: String,
                        _ reader: inout ConfigurationReader) -> String? {
        guard let word = reader.string(node, at: pointer, what: what)?.value else { return nil }
        guard words.contains(word) else {
            let suggestion = Suggestion.nearest(to: word, in: words).map { "; did you mean '\($0)'?" } ?? ""
            reader.error("\(what) cannot be '\(word)'\(suggestion) (expected one of: \(words.joined(separator: ", ")))", at: pointer)
            return nil
        }
        return word
    }

    // MARK: rules

    func readRules(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [String: RuleSetting] {
        guard let members = node.members else {
            reader.error("'rules' must map rule IDs to a severity or settings, not \(reader.article(node))", at: pointer)
            return [:]
        }
        var settings: [String: RuleSetting] = [:]
        for member in members {
            let rulePointer = pointer.appending(member.key)
            if isPluginRuleID(member.key) {
                let word = member.value.boolValue == false ? "off" : member.value.stringValue ?? ""
                if let level = severityLevel(word, at: rulePointer, rule: member.key, &reader) {
                    settings[member.key] = RuleSetting(severity: level.resolved(default: .error), isOff: level == .off,
                                                       options: RuleOptions(), pointer: rulePointer)
                }
                continue
            }
            guard let rule = registry.description(of: member.key) else {
                reader.error(registry.unknownRuleError(member.key).message, atKeyOf: member, under: pointer)
                continue
            }
            if let setting = readRuleSetting(member.value, for: rule, at: rulePointer, &reader) {
                settings[member.key] = setting
            }
        }
        return settings
    }

    private func readRuleSetting(_ node: PositionedValue, for rule: RuleDescription, at pointer: JSONPointer,
                                 _ reader: inout ConfigurationReader) -> RuleSetting? {
        if node.stringValue != nil || node.boolValue == false {
            let word = node.boolValue == false ? "off" : node.stringValue ?? ""
            guard let level = severityLevel(word, at: pointer, rule: rule.id, &reader) else { return nil }
            return RuleSetting(severity: level.resolved(default: .error), isOff: level == .off, options: RuleOptions(), pointer: pointer)
        }
        guard let members = node.members else {
            reader.error("'\(rule.id)' takes a severity (\(Self.severityWords.joined(separator: ", "))) or {severity: ..., options...}, not \(reader.article(node))", at: pointer)
            return nil
        }
        var severity: Severity?
        var isOff = false
        var values: [String: RuleOptionValue] = [:]
        let optionNames = rule.options.map(\.name)
        for member in members {
            let memberPointer = pointer.appending(member.key)
            if member.key == "severity" {
                guard let word = reader.string(member.value, at: memberPointer, what: "'severity'")?.value,
                      let level = severityLevel(word, at: memberPointer, rule: rule.id, &reader) else { continue }
                severity = level.resolved(default: .error)
                isOff = level == .off
                continue
            }
            guard let option = rule.options.first(where: { $0.name == member.key }) else {
                let suggestion = Suggestion.nearest(to: member.key, in: optionNames + ["severity"])
                let known = optionNames.isEmpty ? "it has no options" : "its options: \(optionNames.joined(separator: ", "))"
                reader.error("rule '\(rule.id)' has no option '\(member.key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; \(known)"),
                             atKeyOf: member, under: pointer)
                continue
            }
            if let value = optionValue(member.value, like: option.defaultValue) {
                values[option.name] = value
            } else {
                reader.error("option '\(option.name)' of '\(rule.id)' expects \(kind(of: option.defaultValue)), not \(reader.article(member.value))", at: memberPointer)
            }
        }
        let options = RuleOptions(values)
        do throws(RuleOptionError) {
            _ = try registry.makeCheck(id: rule.id, options: options)
        } catch {
            reader.error("rule '\(rule.id)': \(error)", at: pointer.appending(error.option))
        }
        return RuleSetting(severity: severity, isOff: isOff, options: options, pointer: pointer)
    }

    /// Off or a severity (never not set); nil is a mistake (already reported).
    private func severityLevel(_ word: String, at pointer: JSONPointer, rule: String,
                               _ reader: inout ConfigurationReader) -> SeveritySetting? {
        if word == "off" { return .off }
        if let severity = Severity(rawValue: word) { return .severity(severity) }
        let suggestion = Suggestion.nearest(to: word, in: Self.severityWords).map { "; did you mean '\($0)'?" } ?? ""
        reader.error("'\(word)' is not a severity for '\(rule)'\(suggestion) (use error, warning, note or off)", at: pointer)
        return nil
    }

    private func optionValue(_ node: PositionedValue, like defaultValue: RuleOptionValue) -> RuleOptionValue? {
        switch (defaultValue, node.value) {
        case (.integer, .number(let text)): Int(text).map(RuleOptionValue.integer)
        case (.string, .string(let text)): .string(text)
        case (.bool, .bool(let value)): .bool(value)
        default: nil
        }
    }

    private func kind(of value: RuleOptionValue) -> String {
        switch value {
        case .integer: "a whole number"
        case .string: "text"
        case .bool: "true or false"
        }
    }

    // MARK: files, apps, domains

    private func readFiles(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [ConfiguredFile] {
        reader.list(node, at: pointer, what: "'files'").compactMap { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["path", "kind"], what: "an entry of 'files'")
            guard let pathMember = keys["path"] else {
                reader.error("an entry of 'files' needs 'path'", at: elementPointer)
                return nil
            }
            guard let path = reader.string(pathMember.value, at: elementPointer.appending("path"), what: "'path'") else { return nil }
            var kind = FileKind.aasa
            if let kindMember = keys["kind"] {
                guard let word = choice(kindMember.value, at: elementPointer.appending("kind"), from: FileKind.allCases.map(\.rawValue),
                                        what: "'kind'", &reader), let chosen = FileKind(rawValue: word) else { return nil }
                kind = chosen
            } else {
                kind = FileDiscovery.kind(ofExplicitName: path.value)
            }
            return ConfiguredFile(path: path, kind: kind)
        }
    }

    private func readApps(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [ConfiguredApp] {
        reader.list(node, at: pointer, what: "'apps'").map { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["id", "entitlements", "build_settings"], what: "an app")
            let id = keys["id"].flatMap { reader.string($0.value, at: elementPointer.appending("id"), what: "'id'") }
            if let id {
                do throws(AppID.Problem) {
                    _ = try AppID(id.value)
                } catch {
                    reader.error("'\(id.value)' is not an appID: \(error.explanation)", at: id.pointer)
                }
            }
            let entitlements = keys["entitlements"].flatMap {
                reader.string($0.value, at: elementPointer.appending("entitlements"), what: "'entitlements'")
            }
            if id == nil && entitlements == nil {
                reader.error("an app needs 'id' (its appID) or 'entitlements' (the file that signs it), or both", at: elementPointer)
            }
            var buildSettings: [String: String] = [:]
            if let settings = keys["build_settings"] {
                let settingsPointer = elementPointer.appending("build_settings")
                if let members = settings.value.members {
                    for member in members {
                        if let value = reader.string(member.value, at: settingsPointer.appending(member.key), what: "build setting '\(member.key)'") {
                            buildSettings[member.key] = value.value
                        }
                    }
                } else {
                    reader.error("'build_settings' must map setting names to values, not \(reader.article(settings.value))", at: settingsPointer)
                }
            }
            return ConfiguredApp(pointer: elementPointer, id: id, entitlements: entitlements, buildSettings: buildSettings)
        }
    }

    private func readDomains(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [ConfiguredDomain] {
        guard let members = node.members else {
            reader.error("'domains' must map hosts to AASA files (example.com: web/.well-known/apple-app-site-association), not \(reader.article(node))", at: pointer)
            return []
        }
        return members.compactMap { member in
            let hostPointer = pointer.appending(member.key)
            let host = member.key
            if host.contains("/") || host.contains(":") || host != host.lowercased() || !host.contains(".") {
                reader.error("'\(host)' is not a host name: write it in lower case without scheme, port or path (example.com)", atKeyOf: member, under: pointer)
            }
            guard let path = reader.string(member.value, at: hostPointer, what: "the AASA file of '\(host)'") else { return nil }
            return ConfiguredDomain(host: Located(host, at: hostPointer), aasaPath: path)
        }
    }

    // MARK: expectations

    private func readExpectations(_ node: PositionedValue, at pointer: JSONPointer, directory: String,
                                  _ reader: inout ConfigurationReader) -> [URLExpectationSet] {
        reader.list(node, at: pointer, what: "'expectations'").compactMap { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["app", "opens", "stays_on_web", "file", "opens_from", "stays_on_web_from", "paths"],
                                      what: "an expectation")
            let app = keys["app"].flatMap { reader.string($0.value, at: elementPointer.appending("app"), what: "'app'") }
            let filter = keys["paths"].map { pathFilter($0.value, at: elementPointer.appending("paths"), &reader) } ?? []
            let opens = (keys["opens"].map { urls($0.value, at: elementPointer.appending("opens"), &reader) } ?? [])
                + (keys["opens_from"].map { sourcedURLs($0.value, at: elementPointer.appending("opens_from"), directory: directory, filter: filter, &reader) } ?? [])
            let staysOnWeb = (keys["stays_on_web"].map { urls($0.value, at: elementPointer.appending("stays_on_web"), &reader) } ?? [])
                + (keys["stays_on_web_from"].map { sourcedURLs($0.value, at: elementPointer.appending("stays_on_web_from"), directory: directory, filter: filter, &reader) } ?? [])
            if let fileMember = keys["file"] {
                guard let file = reader.string(fileMember.value, at: elementPointer.appending("file"), what: "'file'") else { return nil }
                return readExpectationFile(file, app: app, directory: directory, &reader)
            }
            if ["opens", "stays_on_web", "opens_from", "stays_on_web_from"].allSatisfy({ keys[$0] == nil }) {
                reader.error("an expectation needs 'opens' or 'stays_on_web' (lists of URLs), 'opens_from' or 'stays_on_web_from' "
                    + "(a sitemap or a file of URLs), or 'file'", at: elementPointer)
            } else if keys["paths"] != nil && keys["opens_from"] == nil && keys["stays_on_web_from"] == nil {
                reader.error("'paths' filters the URLs of 'opens_from' and 'stays_on_web_from'; give one of them, or remove 'paths'", atKeyOf: keys["paths"]!, under: elementPointer)
            }
            return URLExpectationSet(app: app, opens: opens, staysOnWeb: staysOnWeb, document: reader.document)
        }
    }

    private func urls(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [Located<String>] {
        reader.strings(node, at: pointer, what: "'\(pointer.lastToken ?? "")'").filter { url in
            guard let components = URLComponents(string: url.value), components.scheme == "https", components.host?.isEmpty == false else {
                reader.error("'\(url.value)' is not an https URL with a host (universal links are https only)", at: url.pointer)
                return false
            }
            return true
        }
    }

    /// The URLs of a sitemap or URL file, relative to the configuration; a file that cannot be
    /// read, or a line without a URL, is an error of the configuration.
    private func sourcedURLs(_ node: PositionedValue, at pointer: JSONPointer, directory: String, filter: [PatternLanguage],
                             _ reader: inout ConfigurationReader) -> [Located<String>] {
        guard let name = reader.string(node, at: pointer, what: "'\(pointer.lastToken ?? "")'") else { return [] }
        do throws(URLSourceError) {
            let (urls, unreadable) = try ExpectationURLSource(name: name, directory: directory, pathFilter: filter).urls()
            for line in unreadable { reader.error(line, at: pointer) }
            return urls
        } catch {
            reader.error("cannot read the URLs of '\(name.value)': \(error.description)", at: pointer)
            return []
        }
    }

    /// Path patterns in the AASA syntax, matched case-sensitively with the encoded path.
    private func pathFilter(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [PatternLanguage] {
        var compiler = PatternCompiler(variables: SubstitutionVariables([]))
        return reader.strings(node, at: pointer, what: "'paths'").map { pattern in
            if !pattern.value.hasPrefix("/") && !pattern.value.hasPrefix("*") {
                reader.error("'\(pattern.value)' is not a path pattern: start it with / (such as /product/*)", at: pattern.pointer)
            }
            return compiler.language(of: pattern.value, as: .path, caseSensitive: true)
        }
    }

    /// `{"deep_linkable_urls": [...], "non_deep_linkable_urls": [...]}`, relative to the configuration.
    private func readExpectationFile(_ file: Located<String>, app: Located<String>?, directory: String,
                                     _ reader: inout ConfigurationReader) -> URLExpectationSet? {
        let path = directory == "." ? file.value : directory + "/" + file.value
        let bytes: [UInt8]
        do throws(UsageError) {
            guard case .bytes(let contents) = try FileReader().contents(ofFile: path) else {
                reader.error("the expectation file '\(file.value)' is too large to read", at: file.pointer)
                return nil
            }
            bytes = contents
        } catch {
            reader.error("cannot read the expectation file '\(file.value)': \(error.message)", at: file.pointer)
            return nil
        }
        let root: PositionedValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            reader.error("the expectation file '\(file.value)' is not valid JSON: \(error.message)", at: file.pointer)
            return nil
        }
        let document = SourceDocument(path: DisplayPath.of(path), lines: LineTable(bytes), root: root)
        var fileReader = ConfigurationReader(document: document)
        let keys = fileReader.members(of: root, at: .root, known: ["deep_linkable_urls", "non_deep_linkable_urls"], what: "an expectation file")
        let opens = keys["deep_linkable_urls"].map { urls($0.value, at: JSONPointer.root.appending("deep_linkable_urls"), &fileReader) } ?? []
        let staysOnWeb = keys["non_deep_linkable_urls"].map { urls($0.value, at: JSONPointer.root.appending("non_deep_linkable_urls"), &fileReader) } ?? []
        reader.append(fileReader.errors)
        return URLExpectationSet(app: app, opens: opens, staysOnWeb: staysOnWeb, document: document)
    }

    // MARK: overrides, ignore

    private func readOverrides(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [Override] {
        reader.list(node, at: pointer, what: "'overrides'").compactMap { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["files", "rules"], what: "an override")
            guard let filesMember = keys["files"], let rulesMember = keys["rules"] else {
                reader.error("an override needs 'files' (globs, optionally with #/json/pointer) and 'rules'", at: elementPointer)
                return nil
            }
            let targets = reader.strings(filesMember.value, at: elementPointer.appending("files"), what: "'files'").compactMap {
                target($0, &reader).map { Override.Target(files: $0.glob, pointer: $0.pointer) }
            }
            let rules = readRules(rulesMember.value, at: elementPointer.appending("rules"), &reader)
            return Override(targets: targets, rules: rules)
        }
    }

    private func readIgnores(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [IgnoreEntry] {
        reader.list(node, at: pointer, what: "'ignore'").compactMap { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["rule", "file", "pointer", "reason"], what: "an ignore entry")
            let rule = keys["rule"].flatMap { reader.string($0.value, at: elementPointer.appending("rule"), what: "'rule'") }
            let file = keys["file"].flatMap { reader.string($0.value, at: elementPointer.appending("file"), what: "'file'") }
            let reason = keys["reason"].flatMap { reader.string($0.value, at: elementPointer.appending("reason"), what: "'reason'") }
            let at = keys["pointer"].flatMap { reader.string($0.value, at: elementPointer.appending("pointer"), what: "'pointer'") }
            guard let rule, let file, let reason, !reason.value.trimmingCharacters(in: .whitespaces).isEmpty else {
                reader.error("an ignore entry needs 'rule', 'file' and a non-empty 'reason' (why this finding is acceptable)", at: elementPointer)
                return nil
            }
            if registry.description(of: rule.value) == nil && !isPluginRuleID(rule.value) {
                reader.error(registry.unknownRuleError(rule.value).message, at: rule.pointer)
            }
            guard let (glob, filePointer) = target(file, &reader) else { return nil }
            // `file: glob#/pointer` is the overrides' spelling of `file:` plus `pointer:`.
            var pointer = filePointer
            if let at, filePointer != nil {
                reader.error("this ignore entry names its pointer twice, after '#' in 'file' and in 'pointer'; keep one", at: at.pointer)
            } else if let at {
                pointer = JSONPointer(at.value)
                if pointer == nil {
                    reader.error("'\(at.value)' is not a JSON pointer: write it like /applinks/details/0", at: at.pointer)
                }
            }
            return IgnoreEntry(pointer: elementPointer, rule: rule.value, files: glob, at: pointer, reason: reason.value)
        }
    }

    /// `glob` or `glob#/json/pointer`.
    private func target(_ text: Located<String>, _ reader: inout ConfigurationReader) -> (glob: Glob, pointer: JSONPointer?)? {
        let parts = text.value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        var pointer: JSONPointer?
        if parts.count == 2 {
            pointer = JSONPointer(String(parts[1]))
            if pointer == nil {
                reader.error("'\(parts[1])' after '#' is not a JSON pointer: write it like /applinks/details/0", at: text.pointer)
                return nil
            }
        }
        do throws(Glob.SyntaxError) {
            return (try Glob(String(parts[0])), pointer)
        } catch {
            reader.error("invalid pattern '\(parts[0])': \(error.message)", at: text.pointer)
            return nil
        }
    }
}

extension ConfigurationReader {
    mutating func append(_ more: [ConfigurationError]) {
        for error in more {
            record(error)
        }
    }
}
