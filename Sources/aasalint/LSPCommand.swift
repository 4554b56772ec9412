import AASALintCore
import AASALintTooling
import AASALintRules

/// `aasalint lsp`: the language server, for editors.
struct LSPCommand: Subcommand {
    static let name = "lsp"
    static let spec = CommandSpec(
        name: name,
        summary: "Run the language server (LSP over standard input and output) that editors start",
        usage: "aasalint lsp",
        exitStatuses: [
            (ExitStatus.success, "the editor asked the server to shut down, then to exit"),
            (ExitStatus.findings, "the editor exited the server, or closed its input, without asking it to shut down first"),
            ExitStatus.failureMeaning,
        ]
    )

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<NoOptions>) throws -> Int32 {
        try LanguageServer(rules: BuiltInRules.all).run()
    }
}
