import AASALintCore
/// The tools of `aasalint mcp`. Each runs what its command runs (`LintSession` for `lint`, the
/// matcher and `MatchReport` for `match`, `OrderExplanation`, `SemanticDiff`, `HostDownloader` and `LintSession`
/// for `fetch`) and answers with the command's JSON report, as text and as structured content.
///
/// What a call cannot be (unknown tool or argument, a wrong type, text over the limit, a path
/// outside the workspace) is a JSON-RPC error; what the tool finds (a file that is not JSON, a
/// run that could not lint everything) is its result, marked `isError`, for the agent to read.
struct MCPTools {
    /// Far more than any AASA file (the system reads 128 KB) or entitlements file.
    static let maximumTextBytes = 4 * 1024 * 1024

    static let instructions = """
        aasalint checks apple-app-site-association (AASA) files and entitlements: lint finds mistakes \
        (each with a rule, a message, a JSON pointer and often a fix), match says whether a URL opens an app and why, \
        explain_order shows which components are dead or shadowed, diff compares two AASA texts by meaning. \
        Paths are relative to the workspace root.
        """

    private let rules: [any Rule.Type]
    private let baseRegistry: RuleRegistry
    private let allowsFetch: Bool
    var roots: MCPRoots

    init(rules: [any Rule.Type], allowsFetch: Bool, roots: MCPRoots) throws {
        self.rules = rules
        baseRegistry = try RuleRegistry(rules)
        self.allowsFetch = allowsFetch
        self.roots = roots
    }

    // MARK: - Descriptions

    var descriptions: [JSONWriter.Value] {
        let aasaSource: [(key: String, value: JSONWriter.Value)] = [
            ("path", Self.property("string", "The apple-app-site-association file, relative to the workspace root")),
            ("text", Self.property("string", "The file's text, instead of path")),
        ]
        var tools = [
            Self.tool("lint", "Lint an AASA file, entitlements or a folder (path), or given text, with the workspace's .aasalint.yml. "
                + "Returns aasalint's JSON report: each finding's ruleId, severity, message, file, pointer, range and fix.",
                      [
                        ("path", Self.property("string", "A file or folder, relative to the workspace root")),
                        ("text", Self.property("string", "The text to lint, instead of path")),
                        ("filename", Self.property("string", "With text: the file it stands for (its kind, the configuration's overrides, the name in the report)")),
                        ("kind", .object([("enum", .array(FileKind.allCases.filter { $0 != .artifact }.map { .string($0.rawValue) })),
                                          ("description", .string("With text: what it holds (default: from filename, else aasa)"))])),
                        ("config", Self.property("string", "A configuration file to use instead of the nearest .aasalint.yml")),
                      ]),
            Self.tool("match", "Decide like iOS whether a URL opens each app of an AASA file, and why: the deciding component, "
                + "and with trace every component tried and the part of the URL it did not match.",
                      aasaSource + [
                        ("url", Self.property("string", "The URL, such as https://example.com/shop/42")),
                        ("app", Self.property("string", "Only this appID (default: every app the file lists)")),
                        ("trace", Self.property("boolean", "Also list every component tried, in order, and why it did not match (default false)")),
                      ], required: ["url"]),
            Self.tool("explain_order", "Show each entry's components in order, and which are dead (never reached) or shadowed by an earlier one.",
                      aasaSource),
            Self.tool("diff", "Compare two AASA texts by meaning: which URLs stop or start opening each app, with example URLs.",
                      [
                        ("old", Self.property("string", "The old file's text")),
                        ("new", Self.property("string", "The new file's text")),
                        ("app", Self.property("string", "Only this appID (default: every app either text lists)")),
                      ], required: ["old", "new"]),
        ]
        if allowsFetch {
            tools.append(Self.tool("fetch", "Download the AASA file a host serves and Apple's CDN copy, and lint them (public addresses only).",
                                   [("host", Self.property("string", "The host, such as example.com"))], required: ["host"]))
        }
        return tools
    }

    private static func tool(_ name: String, _ description: String, _ properties: [(key: String, value: JSONWriter.Value)],
                             required: [String] = []) -> JSONWriter.Value {
        var schema: [(key: String, value: JSONWriter.Value)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { schema.append(("required", .array(required.map(JSONWriter.Value.string)))) }
        schema.append(("additionalProperties", .bool(false)))
        return .object([("name", .string(name)), ("description", .string(description)), ("inputSchema", .object(schema))])
    }

    private static func property(_ type: String, _ description: String) -> JSONWriter.Value {
        .object([("type", .string(type)), ("description", .string(description))])
    }

    // MARK: - Calls

    func call(_ name: String, arguments: PositionedValue?) -> Result<JSONWriter.Value, JSONRPCError> {
        do throws(CallFailure) {
            let given = Arguments(arguments, of: name)
            let report: (json: String, isError: Bool)
            switch name {
            case "lint":
                try given.allow(["path", "text", "filename", "kind", "config"])
                report = try lint(given)
            case "match":
                try given.allow(["path", "text", "url", "app", "trace"])
                report = try match(given)
            case "explain_order":
                try given.allow(["path", "text"])
                let (file, matcher) = try aasaFile(given)
                report = (OrderExplanation(file: file, analysis: OrderAnalysis(matcher: matcher)).json(), false)
            case "diff":
                try given.allow(["old", "new", "app"])
                report = try diff(given)
            case "fetch" where allowsFetch:
                try given.allow(["host"])
                report = try fetch(given)
            case "fetch":
                throw .invalid("fetch downloads from the network, and the user started the server without --allow-fetch")
            default:
                throw .invalid("aasalint has no tool named \(name); its tools: lint, match, explain_order, diff\(allowsFetch ? ", fetch" : "")")
            }
            return .success(Self.result(report.json, isError: report.isError))
        } catch {
            switch error {
            case .toolFailed(let message): return .success(Self.result(message, isError: true))
            case .invalidCall(let error): return .failure(error)
            }
        }
    }

    /// The report as text, and parsed as the structured content that clients hand to models.
    private static func result(_ text: String, isError: Bool) -> JSONWriter.Value {
        var members: [(key: String, value: JSONWriter.Value)] = [
            ("content", .array([.object([("type", .string("text")), ("text", .string(text))])])),
        ]
        if let parsed = try? JSONParser.parse(Array(text.utf8)), parsed.members != nil {
            members.append(("structuredContent", .document(parsed)))
        }
        members.append(("isError", .bool(isError)))
        return .object(members)
    }

    private func lint(_ given: Arguments) throws(CallFailure) -> (json: String, isError: Bool) {
        let path = try given.string("path").map { path throws(CallFailure) in try roots.resolve(path, what: "path") }
        let text = try given.text("text")
        guard (path == nil) != (text == nil) else { throw .invalid("lint takes either path or text") }
        var extraFiles: [LintFile] = []
        // Discovery walks up from a file as from a folder.
        var near = path ?? roots.paths[0]
        if let text {
            let filename = try given.string("filename").map { name in PathNames.absolute(name, from: roots.paths[0]) }
            if let filename, !roots.contains(filename) {
                throw .invalid("filename \(filename) is outside the workspace roots (\(roots.paths.joined(separator: ", ")))")
            }
            let kind = try given.string("kind").map { word throws(CallFailure) in
                guard let kind = FileKind(rawValue: word), kind != .artifact else {
                    throw .invalid("kind cannot be '\(word)'; one of: \(FileKind.allCases.filter { $0 != .artifact }.map(\.rawValue).joined(separator: ", "))")
                }
                return kind
            } ?? filename.map(FileDiscovery.kind(ofExplicitName:)) ?? .aasa
            guard kind != .artifact else { throw .invalid("text cannot hold a signed app: lint it by path") }
            extraFiles = [LintFile(path: filename ?? "<text>", kind: kind, bytes: Array(text.utf8))]
            if let filename { near = PathNames.folder(of: filename) }
        } else if given.has("filename") || given.has("kind") {
            throw .invalid("filename and kind describe text; a file given by path is read as lint reads it")
        }
        let plan = try plan(configuration: try configuration(named: given.string("config"), near: near))
        let outcome = LintSession(plan: plan).run(paths: path.map { [$0] } ?? [], extraFiles: extraFiles)
        return (JSONReporter().render(outcome.report), !outcome.problems.isEmpty)
    }

    private func match(_ given: Arguments) throws(CallFailure) -> (json: String, isError: Bool) {
        guard let text = try given.string("url") else { throw .invalid("match needs url") }
        let url: LinkURL
        do {
            url = try LinkURL(text)
        } catch {
            throw .invalid("url: \(error.description)")
        }
        let (file, matcher) = try aasaFile(given)
        let report = MatchReport.deciding(url, in: file, matcher: matcher, app: try given.string("app"), tracing: try given.flag("trace"))
        return (report.json(), false)
    }

    private func diff(_ given: Arguments) throws(CallFailure) -> (json: String, isError: Bool) {
        guard let old = try given.text("old"), let new = try given.text("new") else { throw .invalid("diff needs the old and new texts") }
        let difference = SemanticDiff(old: try Self.matcher(of: LintFile(path: "old", kind: .aasa, bytes: Array(old.utf8))),
                                      new: try Self.matcher(of: LintFile(path: "new", kind: .aasa, bytes: Array(new.utf8))),
                                      appID: try given.string("app"))
        return (DiffReport(oldPath: "old", newPath: "new", difference: difference).json(), false)
    }

    /// The download goes through the address guard of `aasalint fetch`: public addresses only, no proxy.
    private func fetch(_ given: Arguments) throws(CallFailure) -> (json: String, isError: Bool) {
        guard let name = try given.string("host") else { throw .invalid("fetch needs host") }
        let configuration = try configuration(named: nil, near: roots.paths[0])
        let plan: RulePlan
        let host: String
        let addresses: RemoteAddresses
        do {
            plan = try RulePlan.forDownloads(rules: rules, configuration: configuration)
        } catch {
            throw .toolFailed("\(error)")
        }
        do throws(UsageError) {
            host = try RemoteAddresses.host(name)
            addresses = try RemoteAddresses()
        } catch {
            throw .invalid(error.message)
        }
        let fetch = HostDownloader(addresses: addresses, fetcher: RemoteFetcher()).fetch(host: host)
        let report = LintSession(plan: plan).lint(downloads: [fetch]).report
        return (JSONReporter().render(report), !report.problems.isEmpty)
    }

    /// The AASA file of `path` or `text`, with its rules compiled.
    private func aasaFile(_ given: Arguments) throws(CallFailure) -> (LintFile, AASAMatcher) {
        let path = try given.string("path")
        let text = try given.text("text")
        switch (path, text) {
        case (let path?, nil):
            let resolved = try roots.resolve(path, what: "path")
            // A pipe or device would keep the server waiting: `aasalint match` reads them, a tool does not.
            guard FileReplacement.isRegularFile(resolved) else { throw .invalid("path \(path) is not a regular file") }
            do throws(UsageError) {
                return try AASAFileInput.read(resolved)
            } catch {
                throw .toolFailed(error.message)
            }
        case (nil, let text?):
            let file = LintFile(path: "<text>", kind: .aasa, bytes: Array(text.utf8))
            return (file, try Self.matcher(of: file))
        default:
            throw .invalid("give either path or text")
        }
    }

    private static func matcher(of file: LintFile) throws(CallFailure) -> AASAMatcher {
        do throws(UsageError) {
            return try AASAFileInput.matcher(of: file)
        } catch {
            throw .toolFailed(error.message)
        }
    }

    /// The named configuration, else the nearest `.aasalint.yml` inside the workspace.
    private func configuration(named name: String?, near folder: String) throws(CallFailure) -> Configuration {
        let path: String
        if let name {
            path = try roots.resolve(name, what: "config")
        } else if let found = ConfigurationLoader.discover(from: folder), roots.contains(found) {
            path = found
        } else {
            return Configuration()
        }
        do throws(ConfigurationLoadFailure) {
            return try ConfigurationLoader(registry: baseRegistry).load(path: path, found: name == nil)
        } catch {
            throw .toolFailed(error.message(about: path))
        }
    }

    private func plan(configuration: Configuration) throws(CallFailure) -> RulePlan {
        do {
            // A plugin is a program the configuration chooses: an agent's request must not start it, so
            // the options give no plugin launcher.
            return try RulePlan(registry: try RuleRegistry(rules, customRules: configuration.customRules), configuration: configuration,
                                options: RunOptions())
        } catch {
            throw .toolFailed("\(error)")
        }
    }
}

/// Why a tool call has no report.
enum CallFailure: Error {
    /// A call the server cannot run (unknown tool or argument, a wrong type, too large, outside
    /// the workspace): a JSON-RPC error.
    case invalidCall(JSONRPCError)
    /// What the tool found instead of a report: a result marked `isError`, for the agent to read.
    case toolFailed(String)

    static func invalid(_ message: String) -> CallFailure { .invalidCall(.invalidParams(message)) }
}

/// The arguments of one tool call, checked as they are read.
private struct Arguments {
    let members: [String: PositionedValue]
    let tool: String

    init(_ node: PositionedValue?, of tool: String) {
        self.tool = tool
        members = Dictionary((node?.members ?? []).map { ($0.key, $0.value) }) { first, _ in first }
    }

    func allow(_ names: [String]) throws(CallFailure) {
        if let unknown = members.keys.sorted().first(where: { !names.contains($0) }) {
            throw .invalid("\(tool) has no argument \(unknown); its arguments: \(names.joined(separator: ", "))")
        }
    }

    func has(_ name: String) -> Bool { members[name] != nil }

    func string(_ name: String) throws(CallFailure) -> String? {
        guard let node = members[name] else { return nil }
        guard let text = node.stringValue else { throw .invalid("\(name) must be a string, not a JSON \(node.typeName)") }
        guard text.utf8.count <= 64 * 1024 else { throw .invalid("\(name) is \(text.utf8.count) bytes, over the limit of 65536") }
        return text
    }

    /// A boolean argument; false when absent.
    func flag(_ name: String) throws(CallFailure) -> Bool {
        guard let node = members[name] else { return false }
        guard let flag = node.boolValue else { throw .invalid("\(name) must be a boolean, not a JSON \(node.typeName)") }
        return flag
    }

    /// A file's text: up to `MCPTools.maximumTextBytes`.
    func text(_ name: String) throws(CallFailure) -> String? {
        guard let node = members[name] else { return nil }
        guard let text = node.stringValue else { throw .invalid("\(name) must be a string, not a JSON \(node.typeName)") }
        guard text.utf8.count <= MCPTools.maximumTextBytes else {
            throw .invalid("\(name) is \(text.utf8.count) bytes, over the limit of \(MCPTools.maximumTextBytes); the system reads AASA files of at most 128 KB")
        }
        return text
    }
}
