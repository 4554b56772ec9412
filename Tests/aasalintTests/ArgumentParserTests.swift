import Testing
@testable import aasalint

private let lint = CommandSpec(
    name: "lint",
    summary: "Check apple-app-site-association files and entitlements",
    usage: "aasalint lint [options] [PATH ...]",
    options: [
        OptionSpec(
            name: "format", shortName: "f", valueName: "FORMAT",
            allowedValues: ["text", "json", "sarif", "github"], help: "Output format"
        ),
        OptionSpec(name: "quiet", shortName: "q", help: "Only print findings, no summary"),
        OptionSpec(name: "verbose", shortName: "v", help: "Explain every finding"),
        OptionSpec(name: "enable", valueName: "ID", isRepeatable: true, help: "Enable a rule"),
        OptionSpec(name: "output", shortName: "o", valueName: "FILE", help: "Write the report to FILE"),
    ],
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

private func parseError(_ arguments: [String], for command: CommandSpec = lint) -> String? {
    do throws(ArgumentError) {
        _ = try ArgumentParser.parse(arguments, for: command)
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
        let parsed = try ArgumentParser.parse([], for: lint)
        #expect(parsed.positionals == [])
        #expect(!parsed.wantsHelp)
        #expect(!parsed.flag("quiet"))
        #expect(parsed.value("format") == nil)
        #expect(parsed.values("enable") == [])
    }

    @Test func longAndShortFlags() throws {
        let long = try ArgumentParser.parse(["--quiet", "--verbose"], for: lint)
        #expect(long.flag("quiet") && long.flag("verbose"))
        let short = try ArgumentParser.parse(["-q"], for: lint)
        #expect(short.flag("quiet") && !short.flag("verbose"))
        let combined = try ArgumentParser.parse(["-qv"], for: lint)
        #expect(combined.flag("quiet") && combined.flag("verbose"))
    }

    @Test(arguments: [
        ["--format", "json"],
        ["--format=json"],
        ["-f", "json"],
        ["-f=json"],
        ["-qf", "json"],
    ])
    func valueForms(arguments: [String]) throws {
        let parsed = try ArgumentParser.parse(arguments, for: lint)
        #expect(parsed.value("format") == "json")
        #expect(parsed.positionals == [])
    }

    @Test func lastValueWins() throws {
        let parsed = try ArgumentParser.parse(["--format", "json", "-f", "sarif"], for: lint)
        #expect(parsed.value("format") == "sarif")
        #expect(parsed.values("format") == ["json", "sarif"])
    }

    @Test func valueMayContainEqualsSign() throws {
        let parsed = try ArgumentParser.parse(["--output=a=b.txt"], for: lint)
        #expect(parsed.value("output") == "a=b.txt")
    }

    @Test func dashValueOnlyThroughEqualsSign() throws {
        let parsed = try ArgumentParser.parse(["--output=-x"], for: lint)
        #expect(parsed.value("output") == "-x")
    }

    @Test func repeatableValuesAreCollectedAndCommaSplit() throws {
        let parsed = try ArgumentParser.parse(["--enable", "a", "--enable=b,c", "--enable", "d,,e"], for: lint)
        #expect(parsed.values("enable") == ["a", "b", "c", "d", "e"])
        #expect(parsed.value("enable") == "e")
    }

    @Test func emptyInlineValue() throws {
        let output = try ArgumentParser.parse(["--output="], for: lint)
        #expect(output.value("output") == "")
        let enable = try ArgumentParser.parse(["--enable="], for: lint)
        #expect(enable.values("enable") == [])
        #expect(parseError(["--format="]) == "invalid value '' for '--format' (expected one of: text, json, sarif, github)")
        #expect(parseError(["--quiet="]) == "option '--quiet' does not take a value")
    }

    @Test func positionalsInterleaveWithOptions() throws {
        let parsed = try ArgumentParser.parse(["a.json", "-q", "b.json", "--format", "text", "c.json"], for: lint)
        #expect(parsed.positionals == ["a.json", "b.json", "c.json"])
        #expect(parsed.flag("quiet"))
        #expect(parsed.value("format") == "text")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["-q", "--", "-x", "--format", "--help", "--"], for: lint)
        #expect(parsed.positionals == ["-x", "--format", "--help", "--"])
        #expect(parsed.flag("quiet"))
        #expect(!parsed.wantsHelp)
    }

    @Test func loneDashIsAPositional() throws {
        let parsed = try ArgumentParser.parse(["-", "a.json"], for: lint)
        #expect(parsed.positionals == ["-", "a.json"])
        let output = try ArgumentParser.parse(["--output", "-"], for: lint)
        #expect(output.value("output") == "-")
        #expect(output.positionals == [])
    }

    @Test(arguments: [["--help"], ["-h"], ["-qh"], ["a.json", "--help"]])
    func helpIsImplicit(arguments: [String]) throws {
        let parsed = try ArgumentParser.parse(arguments, for: lint)
        #expect(parsed.wantsHelp)
        #expect(!parsed.flag("help"))
    }

    @Test func helpWinsOverOtherMistakes() throws {
        #expect(try ArgumentParser.parse(["--fromat", "--help"], for: lint).wantsHelp)
        #expect(try ArgumentParser.parse(["--help"], for: explain).wantsHelp)
        #expect(try ArgumentParser.parse(["-h", "a", "b"], for: rules).wantsHelp)
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
