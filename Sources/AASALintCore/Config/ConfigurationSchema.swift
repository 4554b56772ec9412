/// A JSON Schema (draft 2020-12) of `.aasalint.yml`, for editors (the YAML language server
/// reads it through `# yaml-language-server: $schema=...`).
package enum ConfigurationSchema {
    package static func text(rules: [RuleDescription]) -> String {
        JSONWriter.prettyPrinted(.object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://github.com/aasalint/aasalint/schema/aasalint.json")),
            ("title", .string(".aasalint.yml")),
            ("description", .string("Configuration of aasalint, the linter for apple-app-site-association and entitlements files")),
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("properties", .object([
                ("rules", ruleMap(rules, "Severity (error, warning, note, off) or settings per rule")),
                ("include", globs("Globs of files to lint, relative to this file; ** crosses folders; ARTIFACT!INNER (build/*.ipa!Payload/*.app/Shop) names files inside a signed app")),
                ("exclude", globs("Globs of files not to lint; exclude wins over include")),
                ("files", array(object([
                    ("path", string("A file to lint, relative to this file")),
                    ("kind", enumeration(FileKind.allCases.map(\.rawValue), "What the file is")),
                ], required: ["path"]), "Extra files with a forced kind")),
                ("release_entitlements", globs("Entitlements files that ship (release builds)")),
                ("apps", array(object([
                    ("id", string("The appID: <team ID>.<bundle ID>")),
                    ("entitlements", string("The entitlements file that signs the app, relative to this file")),
                    ("build_settings", .object([("type", .string("object")), ("additionalProperties", string("A build setting value"))])),
                    ("package", string("Android: the package name (Gradle's applicationId)")),
                    ("manifest", string("Android: the AndroidManifest.xml that claims the app's hosts, relative to this file")),
                    ("module", string("Android: the Gradle module folder (its src/main/AndroidManifest.xml and build.gradle), relative to this file")),
                    ("fingerprints", array(string("The SHA-256 of a certificate, 32 hex bytes joined by ':'"),
                                           "Android: the release signing certificates (with Play App Signing, the app signing key from Play Console)")),
                ]), "The apps of the project, for cross-checks with the AASA and assetlinks.json files")),
                ("domains", .object([
                    ("type", .string("object")),
                    ("description", .string("Which AASA file and assetlinks.json are served on which host")),
                    ("additionalProperties", .object([("anyOf", .array([
                        string("The AASA file (or a file named assetlinks.json), relative to this file"),
                        object([
                            ("aasa", string("The apple-app-site-association file, relative to this file")),
                            ("assetlinks", string("The assetlinks.json file, relative to this file")),
                        ], "The files the host serves"),
                    ]))])),
                ])),
                ("expectations", array(object([
                    ("app", string("The appID the URLs are about")),
                    ("opens", array(string("An https URL"), "URLs that must open the app")),
                    ("stays_on_web", array(string("An https URL"), "URLs that must not open the app")),
                    ("file", string("A JSON file {\"deep_linkable_urls\": [...], \"non_deep_linkable_urls\": [...]}")),
                    ("opens_from", string("A sitemap (.xml, .xml.gz, or an index with its children beside it) or a file of URLs, one a line, whose URLs must open the app")),
                    ("stays_on_web_from", string("A sitemap or a file of URLs whose URLs must not open the app")),
                    ("paths", array(string("A path pattern in the AASA syntax, such as /product/*"),
                                    "Only the URLs of opens_from and stays_on_web_from whose path matches one of these")),
                ]), "URL tests checked during lint")),
                ("overrides", array(object([
                    ("files", globs("Globs, each optionally followed by #/json/pointer")),
                    ("rules", ruleMap(rules, "Rule settings for these files")),
                ], required: ["files", "rules"]), "Per-file or per-pointer rule settings; the last match wins")),
                ("ignore", array(object([
                    ("rule", .object([
                        ("type", .string("string")),
                        ("description", .string("The rule: built-in, custom, or <plugin>/<rule>")),
                        ("examples", .array(rules.map { .string($0.id) })),
                    ])),
                    ("file", string("A glob of the files, optionally followed by #/json/pointer")),
                    ("pointer", string("Only findings at or below this JSON pointer")),
                    ("reason", string("Why the finding is acceptable")),
                ], required: ["rule", "file", "reason"]), "Findings silenced on purpose")),
                ("baseline", string("A baseline file written by --write-baseline")),
                ("fail_on", enumeration(["error", "warning", "note", "none"], "Lowest severity that fails the run")),
                ("format", enumeration(ConfigurationLoader.formats, "Report format")),
                ("formats", array(.object([
                    ("type", .string("string")),
                    ("pattern", .string("^(" + ConfigurationLoader.formats.joined(separator: "|") + ")(:.+)?$")),
                    ("description", .string("FORMAT, or FORMAT:FILE to write that report to FILE (relative to this file's folder)")),
                ]), "Reports to write from one lint, as repeated --format options (instead of format)")),
                ("custom_rules", array(object([
                    ("id", string("The rule's ID: lower-case words joined by '-'")),
                    ("kind", enumeration(FileKind.allCases.map(\.rawValue), "Which files it checks (default aasa)")),
                    ("select", string("A JSON pointer whose segments may be *, e.g. /applinks/details/*/appIDs/*")),
                    ("matches", string("The selected values must contain a match of this regular expression")),
                    ("not_matches", string("The selected values must not contain a match of this regular expression")),
                    ("one_of", array(string("An allowed value"), "The selected values must be one of these")),
                    ("required", .object([("const", .bool(true))])),
                    ("forbidden", .object([("const", .bool(true))])),
                    ("max_items", .object([("type", .string("integer")), ("minimum", .integer(0))])),
                    ("message", string("The finding's message; {value} and {pointer} are replaced")),
                    ("severity", enumeration(["error", "warning", "note"], "Default severity (warning)")),
                    ("summary", string("One line for `aasalint rules` and SARIF")),
                ], required: ["id", "select", "message"]), "Rules of this repository")),
                ("plugins", array(object([
                    ("id", string("The plugin's ID; its findings are named <id>/<rule>")),
                    ("command", array(string("The program, then its arguments"), "Run from this file's folder")),
                    ("timeout", .object([("type", .string("number")), ("exclusiveMinimum", .integer(0))])),
                ], required: ["id", "command"]), "External programs that answer findings (docs/plugins.md)")),
            ])),
        ]))
    }

    private typealias Members = [(key: String, value: JSONWriter.Value)]

    /// Built-in rules by name; custom rules and plugins' `<plugin>/<rule>` take a severity too.
    private static func ruleMap(_ rules: [RuleDescription], _ description: String) -> JSONWriter.Value {
        .object([
            ("type", .string("object")),
            ("description", .string(description)),
            ("properties", .object(rules.map { ($0.id, ruleSetting($0)) })),
            ("additionalProperties", .object([("anyOf", .array([
                enumeration(["error", "warning", "note", "off"], "Severity"), .object([("const", .bool(false))]),
            ]))])),
        ])
    }

    private static func ruleSetting(_ rule: RuleDescription) -> JSONWriter.Value {
        let levels = enumeration(["error", "warning", "note", "off"], "Severity")
        let options: Members = rule.options.map { option in
            let type: String = switch option.defaultValue {
            case .integer: "integer"
            case .string: "string"
            case .bool: "boolean"
            }
            return (option.name, .object([("type", .string(type)), ("description", .string(option.help))]))
        }
        return .object([
            ("description", .string(rule.summary)),
            // YAML 1.1 readers (editors, PyYAML) see a bare `off` as false, which aasalint accepts too.
            ("anyOf", .array([levels, .object([("const", .bool(false))]), object([("severity", levels)] + options, "Severity and options")])),
        ])
    }

    private static func object(_ properties: Members, _ description: String? = nil, required: [String] = []) -> JSONWriter.Value {
        var members: Members = [("type", .string("object"))]
        if let description { members.append(("description", .string(description))) }
        members.append(("properties", .object(properties)))
        members.append(("additionalProperties", .bool(false)))
        if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
        return .object(members)
    }

    private static func array(_ items: JSONWriter.Value, _ description: String) -> JSONWriter.Value {
        .object([("type", .string("array")), ("description", .string(description)), ("items", items)])
    }

    private static func string(_ description: String) -> JSONWriter.Value {
        .object([("type", .string("string")), ("description", .string(description))])
    }

    private static func globs(_ description: String) -> JSONWriter.Value {
        .object([
            ("description", .string(description)),
            ("anyOf", .array([
                .object([("type", .string("string"))]),
                .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))]),
            ])),
        ])
    }

    private static func enumeration(_ words: [String], _ description: String) -> JSONWriter.Value {
        .object([("description", .string(description)), ("enum", .array(words.map { .string($0) }))])
    }
}
