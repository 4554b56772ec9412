import AASALintCore
import AASALintTooling
import AASALintRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `aasalint mcp`: the Model Context Protocol server, for agents.
struct MCPCommand: Subcommand {
    static let name = "mcp"
    static let spec = CommandSpec(
        name: name,
        summary: "Run the MCP server (Model Context Protocol over standard input and output) that agents start",
        usage: "aasalint mcp [--allow-fetch] [--root DIR]",
        options: Options(),
        exitStatuses: [
            (ExitStatus.success, "the client closed the server's input"),
            ExitStatus.failureMeaning,
        ]
    )

    struct Options: CommandOptions {
        let allowFetch = Flag("allow-fetch", help: "Offer the fetch tool, which downloads what hosts serve (public addresses only)")
        let root = ValueOption("root", valueName: "DIR", completion: .folders,
                               help: "The workspace whose files the tools may read, until the client gives its roots (default: the current folder)")

        static var fields: [OptionField<Self>] {
            [.option(\.allowFetch), .option(\.root)]
        }
    }

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<Options>) throws -> Int32 {
        let root = parsed[\.root] ?? FileManager.default.currentDirectoryPath
        guard FileIdentity(path: root) != nil else { throw UsageError("--root \(root): no such folder") }
        return try MCPServer(rules: BuiltInRules.all, allowsFetch: parsed[\.allowFetch], root: root).run()
    }
}
