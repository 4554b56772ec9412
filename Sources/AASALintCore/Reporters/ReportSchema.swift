/// A JSON Schema (draft 2020-12) of the `--format json` report, `aasalint schema report`, with
/// the lines of `match --format json --urls` under `$defs/matchLine`. It is versioned with the
/// report: `$id` and `version` carry `JSONReporter.formatVersion`. Objects name the members they
/// always have (`required`) and accept members a later release adds, as readers should.
package enum ReportSchema {
    private typealias Members = [(key: String, value: JSONWriter.Value)]

    package static var text: String {
        let version = JSONReporter.formatVersion
        return JSONWriter.prettyPrinted(.object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://github.com/aasalint/aasalint/schema/report-v\(version).json")),
            ("title", .string("aasalint lint --format json, version \(version)")),
        ] + object([
            ("version", .object([("const", .integer(version))])),
            ("tool", objectValue([("name", .object([("const", .string("aasalint"))])), ("version", type("string"))])),
            ("files", type("integer")),
            ("summary", objectValue([("errors", type("integer")), ("warnings", type("integer")), ("notes", type("integer"))])),
            ("diagnostics", .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/diagnostic"))]))])),
        ]) + [
            ("$defs", .object([
                ("diagnostic", objectValue([
                    ("ruleId", type("string")),
                    ("severity", .object([("enum", .array(["error", "warning", "note"].map { .string($0) }))])),
                    ("message", type("string")),
                ] + location + [
                    ("related", .object([("type", .string("array")), ("items", objectValue(location + [("message", type("string"))]))])),
                    ("exampleURL", nullable("string")),
                    ("fix", .object([("anyOf", .array([type("null"), fix]))])),
                ])),
                ("position", objectValue([("line", type("integer")), ("column", type("integer"))])),
                ("matchLine", objectValue([
                    ("url", type("string")),
                    ("app", type("string")),
                    ("decision", .object([("enum", .array(["match", "block", "none"].map { .string($0) }))])),
                    ("rule", nullable("string")),
                    ("line", nullable("integer")),
                ])),
            ])),
        ]))
    }

    private static var location: Members {
        [
            ("file", type("string")),
            ("artifact", nullable("string")),
            ("innerPath", nullable("string")),
            ("pointer", nullable("string")),
            ("range", objectValue([("start", .object([("$ref", .string("#/$defs/position"))])), ("end", .object([("$ref", .string("#/$defs/position"))]))])),
        ]
    }

    private static var fix: JSONWriter.Value {
        let position = objectValue([("line", type("integer")), ("column", type("integer")), ("offset", type("integer"))])
        return objectValue([
            ("message", type("string")),
            ("safe", type("boolean")),
            ("edits", .object([("type", .string("array")), ("items", objectValue([
                ("range", objectValue([("start", position), ("end", position)])),
                ("replacement", type("string")),
            ]))])),
        ], optional: ["changesMeaning": type("string")])
    }

    private static func type(_ name: String) -> JSONWriter.Value {
        .object([("type", .string(name))])
    }

    private static func nullable(_ name: String) -> JSONWriter.Value {
        .object([("type", .array([.string(name), .string("null")]))])
    }

    /// An object that always has `properties`, may have `optional`, and may have more.
    private static func objectValue(_ properties: Members, optional: [String: JSONWriter.Value] = [:]) -> JSONWriter.Value {
        .object(object(properties, optional: optional))
    }

    private static func object(_ properties: Members, optional: [String: JSONWriter.Value] = [:]) -> Members {
        [
            ("type", .string("object")),
            ("properties", .object(properties + optional.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
            ("required", .array(properties.map { .string($0.key) })),
        ]
    }
}
