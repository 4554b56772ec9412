import Testing
@testable import aasalint

private struct LintOptions: CommandOptions {
    let format = ValueOption("format", short: "f", valueName: "FORMAT", allowedValues: ["text", "json", "sarif", "github"],
                             help: "Output format")
    let quiet = Flag("quiet", short: "q", help: "Only print findings, no summary")
    let verbose = Flag("verbose", short: "v", help: "Explain every finding")
    let enable = ListOption("enable", valueName: "ID", help: "Enable a rule")
    let output = ValueOption("output", short: "o", valueName: "FILE", help: "Write the report to FILE")

    static var fields: [OptionField<Self>] {
        [.option(\.format), .option(\.quiet), .option(\.verbose), .option(\.enable), .option(\.output)]
    }
}

private struct OutputOptions: CommandOptions {
    let color = Flag("color", help: "Colour the report")
    let width = ValueOption("width", valueName: "COLUMNS", help: "Wrap at COLUMNS")

    static var fields: [OptionField<Self>] { [.option(\.color), .option(\.width)] }
}

private struct GroupedOptions: CommandOptions {
    let first = Flag("first", help: "Before the group")
    let output = OutputOptions()
    let last = ListOption("last", valueName: "X", help: "After the group")

    static var fields: [OptionField<Self>] { [.option(\.first), .group(\.output), .option(\.last)] }
}

private let lint = CommandSpec(
    name: "lint",
    summary: "Check apple-app-site-association files and entitlements",
    usage: "aasalint lint [options] [PATH ...]",
    options: LintOptions(),
    positionals: PositionalSpec(name: "PATH", help: "Files or directories to lint; '-' reads standard input", completion: .files)
)

private let explain = CommandSpec(
    name: "explain",
    summary: "Describe a rule",
    usage: "aasalint explain [options] RULE",
    positionals: PositionalSpec(name: "RULE", help: "A rule ID", minimum: 1, maximum: 1, completion: .ruleIDs)
)

private let rules = CommandSpec(name: "rules", summary: "List every rule", usage: "aasalint rules [options]")

private let diff = CommandSpec(
    name: "diff",
    summary: "Compare two files",
    usage: "aasalint diff [options] OLD NEW",
    positionals: PositionalSpec(name: "FILE", help: "The two files", minimum: 2, maximum: 2, completion: .files)
)

private func parse(_ arguments: [String]) throws(ArgumentError) -> ParsedArguments<LintOptions> {
    try ArgumentParser.parse(arguments, for: lint, as: LintOptions.self)
}

private func parseError(_ arguments: [String], for command: CommandSpec = lint) -> String? {
    do throws(ArgumentError) {
        if command.name == lint.name {
            _ = try parse(arguments)
        } else {
            _ = try ArgumentParser.parse(arguments, for: command, as: NoOptions.self)
        }
        return nil
    } catch {
        return error.description
    }
}

private func lookupError(_ name: String) -> String? {
    do throws(ArgumentError) {
        _ = try ArgumentParser.command(named: name, in: [lint, explain, rules, diff])
        return nil
    } catch {
        return error.description
    }
}

@Suite struct ArgumentParserTests {
    @Test func nothingGiven() throws {
        let parsed = try parse([])
        #expect(parsed.positionals == [])
        #expect(!parsed.wantsHelp)
        #expect(!parsed[\.quiet])
        #expect(parsed[\.format] == nil)
        #expect(parsed[\.enable] == [])
    }

    @Test func groupsAreFlattenedInDeclarationOrderAndReadThroughTheirKeyPath() throws {
        let grouped = CommandSpec(name: "grouped", summary: "", usage: "", options: GroupedOptions())
        #expect(grouped.options.map(\.name) == ["first", "color", "width", "last"])
        let parsed = try ArgumentParser.parse(["--width", "80", "--last", "a,b"], for: grouped, as: GroupedOptions.self)
        #expect(!parsed[\.first])
        #expect(parsed[\.output][\.width] == "80")
        #expect(!parsed[\.output][\.color])
        #expect(parsed[\.last] == ["a", "b"])
    }

    @Test func longAndShortFlags() throws {
        let long = try parse(["--quiet", "--verbose"])
        #expect(long[\.quiet] && long[\.verbose])
        let short = try parse(["-q"])
        #expect(short[\.quiet] && !short[\.verbose])
        let combined = try parse(["-qv"])
        #expect(combined[\.quiet] && combined[\.verbose])
    }

    @Test(arguments: [
        ["--format", "json"],
        ["--format=json"],
        ["-f", "json"],
        ["-f=json"],
        ["-qf", "json"],
    ])
    func valueForms(arguments: [String]) throws {
        let parsed = try parse(arguments)
        #expect(parsed[\.format] == "json")
        #expect(parsed.positionals == [])
    }

    @Test func lastValueWins() throws {
        let parsed = try parse(["--format", "json", "-f", "sarif"])
        #expect(parsed[\.format] == "sarif")
    }

    @Test func valueMayContainEqualsSign() throws {
        let parsed = try parse(["--output=a=b.txt"])
        #expect(parsed[\.output] == "a=b.txt")
    }

    @Test func dashValueOnlyThroughEqualsSign() throws {
        let parsed = try parse(["--output=-x"])
        #expect(parsed[\.output] == "-x")
    }

    @Test func repeatableValuesAreCollectedAndCommaSplit() throws {
        let parsed = try parse(["--enable", "a", "--enable=b,c", "--enable", "d,,e"])
        #expect(parsed[\.enable] == ["a", "b", "c", "d", "e"])
    }

    @Test func emptyInlineValue() throws {
        let output = try parse(["--output="])
        #expect(output[\.output] == "")
        let enable = try parse(["--enable="])
        #expect(enable[\.enable] == [])
        #expect(parseError(["--format="]) == "invalid value '' for '--format' (expected one of: text, json, sarif, github)")
        #expect(parseError(["--quiet="]) == "option '--quiet' does not take a value")
    }

    @Test func positionalsInterleaveWithOptions() throws {
        let parsed = try parse(["a.json", "-q", "b.json", "--format", "text", "c.json"])
        #expect(parsed.positionals == ["a.json", "b.json", "c.json"])
        #expect(parsed[\.quiet])
        #expect(parsed[\.format] == "text")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["-q", "--", "-x", "--format", "--help", "--"])
        #expect(parsed.positionals == ["-x", "--format", "--help", "--"])
        #expect(parsed[\.quiet])
        #expect(!parsed.wantsHelp)
    }

    @Test func loneDashIsAPositional() throws {
        let parsed = try parse(["-", "a.json"])
        #expect(parsed.positionals == ["-", "a.json"])
        let output = try parse(["--output", "-"])
        #expect(output[\.output] == "-")
        #expect(output.positionals == [])
    }

    @Test(arguments: [["--help"], ["-h"], ["-qh"], ["a.json", "--help"]])
    func helpIsImplicit(arguments: [String]) throws {
        let parsed = try parse(arguments)
        #expect(parsed.wantsHelp)
    }

    @Test func helpWinsOverOtherMistakes() throws {
        #expect(try parse(["--fromat", "--help"]).wantsHelp)
        #expect(try ArgumentParser.parse(["--help"], for: explain, as: NoOptions.self).wantsHelp)
        #expect(try ArgumentParser.parse(["-h", "a", "b"], for: rules, as: NoOptions.self).wantsHelp)
    }

    @Test(arguments: [
        (["--fromat", "json"], "unknown option '--fromat' for 'aasalint lint'; did you mean '--format'?"),
        (["--fromat=json"], "unknown option '--fromat' for 'aasalint lint'; did you mean '--format'?"),
        (["--hepl"], "unknown option '--hepl' for 'aasalint lint'; did you mean '--help'?"),
        (["--zzz"], "unknown option '--zzz' for 'aasalint lint'"),
        (["-x"], "unknown option '-x' for 'aasalint lint'"),
        (["-qx"], "unknown option '-x' for 'aasalint lint'"),
        (["-Q"], "unknown option '-Q' for 'aasalint lint'; did you mean '-q'?"),
        (["-format", "json"], "unknown option '-format' for 'aasalint lint'; did you mean '--format'?"),
        (["-fromat"], "unknown option '-fromat' for 'aasalint lint'; did you mean '--format'?"),
        (["-=x"], "unknown option '-=x' for 'aasalint lint'"),
        (["--format"], "option '--format' needs a value (text, json, sarif, github)"),
        (["--format", "--quiet"], "option '--format' needs a value (text, json, sarif, github)"),
        (["-fq"], "option '-f' needs a value (text, json, sarif, github)"),
        (["--output"], "option '--output' needs a value"),
        (["-o", "-q"], "option '-o' needs a value"),
        (
            ["--format", "jsn"],
            "invalid value 'jsn' for '--format'; did you mean 'json'? (expected one of: text, json, sarif, github)"
        ),
        (
            ["-f", "JSON"],
            "invalid value 'JSON' for '-f'; did you mean 'json'? (expected one of: text, json, sarif, github)"
        ),
        (["--format=xml"], "invalid value 'xml' for '--format' (expected one of: text, json, sarif, github)"),
        (["--quiet=yes"], "option '--quiet' does not take a value"),
        (["-q=yes"], "option '-q' does not take a value"),
        (["--zzz", "--fromat"], "unknown option '--zzz' for 'aasalint lint'"),
    ])
    func optionErrors(arguments: [String], message: String) {
        #expect(parseError(arguments) == message)
    }

    @Test func positionalCountErrors() {
        #expect(parseError([], for: explain) == "missing RULE for 'aasalint explain'; usage: aasalint explain [options] RULE")
        #expect(
            parseError(["a", "b"], for: explain)
                == "unexpected argument 'b' for 'aasalint explain' (expected at most 1 RULE); usage: aasalint explain [options] RULE"
        )
        #expect(
            parseError(["x"], for: rules)
                == "unexpected argument 'x' for 'aasalint rules' (it takes none); usage: aasalint rules [options]"
        )
        #expect(
            parseError(["old.json"], for: diff)
                == "missing FILE for 'aasalint diff' (expected at least 2, got 1); usage: aasalint diff [options] OLD NEW"
        )
        #expect(parseError(["a", "b"], for: diff) == nil)
    }

    @Test func optionErrorsComeBeforePositionalCount() {
        #expect(parseError(["--zzz"], for: explain) == "unknown option '--zzz' for 'aasalint explain'")
    }

    @Test func commandLookup() throws {
        #expect(try ArgumentParser.command(named: "explain", in: [lint, explain]).name == "explain")
        #expect(lookupError("lnt") == "unknown command 'lnt'; did you mean 'lint'?")
        #expect(lookupError("frobnicate") == "unknown command 'frobnicate' (expected one of: lint, explain, rules, diff)")
    }

    @Test func helpForCommandWithArgumentsAndOptions() {
        let expected = """
            Usage: aasalint lint [options] [PATH ...]

            Check apple-app-site-association files and entitlements

            Arguments:
              PATH                 Files or directories to lint; '-' reads standard input

            Options:
              -f, --format FORMAT  Output format (one of: text, json, sarif, github)
              -q, --quiet          Only print findings, no summary
              -v, --verbose        Explain every finding
                  --enable ID      Enable a rule (repeatable, or comma-separated)
              -o, --output FILE    Write the report to FILE
              -h, --help           Show this help
            """
        #expect(HelpFormatter.help(for: lint) == expected)
    }

    @Test func helpForCommandWithoutArguments() {
        let expected = """
            Usage: aasalint rules [options]

            List every rule

            Options:
              -h, --help  Show this help
            """
        #expect(HelpFormatter.help(for: rules) == expected)
    }

    @Test func overviewListsCommands() {
        let expected = """
            Usage: aasalint <command> [options]

            Lint apple-app-site-association files and entitlements.

            Commands:
              lint     Check apple-app-site-association files and entitlements
              explain  Describe a rule
              rules    List every rule
              diff     Compare two files

            Run 'aasalint <command> --help' for the options of a command.
            """
        let overview = HelpFormatter.overview(
            programName: "aasalint",
            summary: "Lint apple-app-site-association files and entitlements.",
            commands: [lint, explain, rules, diff]
        )
        #expect(overview == expected)
    }
}
