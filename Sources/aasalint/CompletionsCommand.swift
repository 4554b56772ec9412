import AASALintCore
import AASALintRules

struct CompletionsCommand: Subcommand {
    static let shells = ["bash", "zsh", "fish"]
    static let name = "completions"
    static let spec = CommandSpec(
        name: name,
        summary: "Print a shell completion script: bash, zsh or fish",
        usage: "aasalint completions bash|zsh|fish",
        positionals: PositionalSpec(name: "SHELL", help: "bash, zsh or fish", minimum: 1, maximum: 1, completion: .words(shells))
    )

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<NoOptions>) throws -> Int32 {
        let ruleIDs = BuiltInRules.all.map { $0.description.id }
        let completions = ShellCompletions(commands: CommandLineTool.commands, ruleIDs: ruleIDs)
        switch parsed.positionals.first {
        case "bash":
            output.write(completions.bash)
        case "zsh":
            output.write(completions.zsh)
        case "fish":
            output.write(completions.fish)
        case let other:
            let suggestion = Suggestion.nearest(to: other ?? "", in: Self.shells).map { "; did you mean '\($0)'?" } ?? ""
            return output.fail("no completions for '\(other ?? "")'\(suggestion) (expected bash, zsh or fish)")
        }
        return ExitStatus.success
    }
}

/// Completion scripts generated from the command specifications, so they never fall behind
/// the options a command really takes. Values that no shell can list (numbers, URLs, app IDs,
/// hosts) complete to nothing rather than to file names.
struct ShellCompletions {
    let commands: [CommandSpec]
    let ruleIDs: [String]

    /// How one shell spells each kind of completion; `words` gets the words joined by spaces.
    private struct Syntax {
        let files: String
        let folders: String
        let nothing: String
        let words: @Sendable (String) -> String
    }

    private func spelled(_ completion: ValueCompletion, _ syntax: Syntax) -> String {
        switch completion {
        case .files: syntax.files
        case .folders: syntax.folders
        case .nothing: syntax.nothing
        case .words(let words): syntax.words(words.joined(separator: " "))
        case .ruleIDs: syntax.words(ruleIDs.joined(separator: " "))
        }
    }

    private func spellings(_ option: OptionSpec) -> [String] {
        [option.longSpelling] + (option.shortName.map { ["-\($0)"] } ?? [])
    }

    /// A command's operands, or nothing for commands that take none.
    private func operandCompletion(_ command: CommandSpec) -> ValueCompletion {
        command.positionals.maximum == 0 ? .nothing : command.positionals.completion
    }

    // MARK: bash

    private static let bashSyntax = Syntax(files: "-f", folders: "-d", nothing: "-W \"\"", words: { "-W \"\($0)\"" })

    var bash: String {
        var cases = ""
        for command in commands {
            var valueCases = ""
            for option in command.allOptions where option.takesValue {
                let pattern = spellings(option).joined(separator: "|")
                valueCases += "            \(pattern)) _aasalint_reply < <(compgen \(spelled(option.valueCompletion, Self.bashSyntax)) -- \"$current\"); return ;;\n"
            }
            let allSpellings = command.allOptions.flatMap(spellings).joined(separator: " ")
            cases += """
                    \(command.name))
                        case "$previous" in
                \(valueCases)        esac
                        if [[ "$current" == -* ]]; then
                            _aasalint_reply < <(compgen -W "\(allSpellings)" -- "$current")
                        else
                            _aasalint_reply < <(compgen \(spelled(operandCompletion(command), Self.bashSyntax)) -- "$current")
                        fi
                        ;;

                """
        }
        return """
            # bash completion for aasalint: source <(aasalint completions bash)
            # One candidate a line: `COMPREPLY=($(compgen ...))` would split `My App/` in two.
            # (`read` rather than `mapfile`, which bash 3 on macOS lacks.)
            _aasalint_reply() {
                COMPREPLY=()
                local line
                while IFS= read -r line; do COMPREPLY+=("$line"); done
            }
            _aasalint() {
                local current="${COMP_WORDS[COMP_CWORD]}" previous="${COMP_WORDS[COMP_CWORD-1]}"
                local command="lint" word
                for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
                    case "$word" in \(commands.map(\.name).joined(separator: "|"))) command="$word"; break ;; esac
                done
                if [[ $COMP_CWORD -eq 1 && "$current" != -* ]]; then
                    _aasalint_reply < <(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$current"; compgen -f -- "$current")
                    return
                fi
                case "$command" in
            \(cases)    esac
            }
            complete -o filenames -F _aasalint aasalint

            """
    }

    // MARK: zsh

    private static func zshQuoted(_ text: String) -> String {
        text.replacing("'", with: "'\\''")
    }

    /// The actions of `_arguments` specs; a single space completes nothing.
    private static let zshSyntax = Syntax(files: "_files", folders: "_files -/", nothing: " ", words: { "(\($0))" })

    var zsh: String {
        var functions = ""
        for command in commands {
            var arguments = command.allOptions.map { option -> String in
                let help = Self.zshQuoted(option.help).replacing("[", with: "\\[").replacing("]", with: "\\]")
                let action = option.takesValue ? ":\(option.valueName ?? "VALUE"):\(spelled(option.valueCompletion, Self.zshSyntax))" : ""
                // A repeatable option is offered again (`*`); another is offered once, in either spelling.
                // Brace expansion happens outside the quotes: '(-q --quiet)'{-q,--quiet}'[help]...'
                let repeated = option.isRepeatable ? "*" : ""
                guard let short = option.shortName else { return "        '\(repeated)\(option.longSpelling)[\(help)]\(action)'" }
                let once = option.isRepeatable ? "*" : "(-\(short) \(option.longSpelling))"
                return "        '\(once)'{-\(short),\(option.longSpelling)}'[\(help)]\(action)'"
            }
            if command.positionals.maximum != 0 {
                arguments.append("        '*:\(command.positionals.name.lowercased()):\(spelled(command.positionals.completion, Self.zshSyntax))'")
            }
            functions += """
                _aasalint_\(command.name.replacing("-", with: "_"))() {
                    _arguments \\
                \(arguments.joined(separator: " \\\n"))
                }


                """
        }
        let commandList = commands.map { "'\($0.name):\(Self.zshQuoted($0.summary).replacing(":", with: "\\:"))'" }
        return """
            #compdef aasalint
            # zsh completion for aasalint: aasalint completions zsh > "${fpath[1]}/_aasalint"

            \(functions)_aasalint() {
                if (( CURRENT == 2 )) && [[ "$words[2]" != -* ]]; then
                    local -a commands=(\(commandList.joined(separator: " ")))
                    _describe 'command' commands
                    _files
                    return
                fi
                local command="$words[2]"
                case "$command" in
                    \(commands.map(\.name).joined(separator: "|")))
                        shift words; (( CURRENT-- ))
                        _aasalint_${command//-/_} ;;
                    *) _aasalint_lint ;;
                esac
            }

            _aasalint "$@"

            """
    }

    // MARK: fish

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// The flags of `complete` lines: -F forces file names, -f forbids them.
    private static let fishSyntax = Syntax(files: "-F", folders: "-f -a '(__fish_complete_directories)'", nothing: "-f",
                                           words: { "-f -a \(fishQuoted($0))" })

    var fish: String {
        let names = commands.map(\.name).joined(separator: " ")
        var lines = [
            "# fish completion for aasalint: aasalint completions fish > ~/.config/fish/completions/aasalint.fish",
            "",
            "# The command being completed: the first command word, or lint (`aasalint PATH` lints).",
            "function __aasalint_command",
            "    set -l words (commandline -opc)",
            "    for word in $words[2..-1]",
            "        if contains -- $word \(names)",
            "            test $word = $argv[1]",
            "            return",
            "        end",
            "    end",
            "    test lint = $argv[1]",
            "end",
            "",
            "complete -c aasalint -f",
        ]
        for command in commands {
            lines.append("complete -c aasalint -n __fish_use_subcommand -a \(command.name) -d \(Self.fishQuoted(command.summary))")
        }
        for command in commands {
            let condition = "-n '__aasalint_command \(command.name)'"
            lines.append("")
            let operands = operandCompletion(command)
            if operands != .nothing {
                lines.append("complete -c aasalint \(condition) \(spelled(operands, Self.fishSyntax))")
            }
            for option in command.allOptions {
                var line = "complete -c aasalint \(condition) -l \(option.name)"
                if let short = option.shortName { line += " -s \(short)" }
                if option.takesValue { line += " -r \(spelled(option.valueCompletion, Self.fishSyntax))" }
                lines.append(line + " -d \(Self.fishQuoted(option.help))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
