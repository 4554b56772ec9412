import AASALintCore
import AASALintRules

struct CompletionsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "completions",
        summary: "Print a shell completion script: bash or zsh",
        usage: "aasalint completions bash|zsh",
        positionals: PositionalSpec(name: "SHELL", help: "bash or zsh", minimum: 1, maximum: 1)
    )

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments) throws -> Int32 {
        let ruleIDs = BuiltInRules.all.map { $0.description.id }
        let completions = ShellCompletions(commands: CommandLineTool.commands, ruleIDs: ruleIDs)
        switch parsed.positionals.first {
        case "bash":
            output.write(completions.bash)
        case "zsh":
            output.write(completions.zsh)
        case let other:
            let suggestion = Suggestion.nearest(to: other ?? "", in: ["bash", "zsh"]).map { "; did you mean '\($0)'?" } ?? ""
            return output.fail("no completions for '\(other ?? "")'\(suggestion) (expected bash or zsh)")
        }
        return ExitStatus.success
    }
}

/// Completion scripts generated from the command specifications, so they never fall behind
/// the options a command really takes.
struct ShellCompletions {
    let commands: [CommandSpec]
    let ruleIDs: [String]

    /// Words that complete an option's value.
    private func values(of option: OptionSpec) -> [String]? {
        if let allowed = option.allowedValues { return allowed }
        if option.name == "enable" || option.name == "disable" { return ruleIDs }
        return nil
    }

    private func spellings(_ command: CommandSpec) -> [String] {
        command.allOptions.flatMap { option in
            [option.longSpelling] + (option.shortName.map { ["-\($0)"] } ?? [])
        }
    }

    var bash: String {
        var cases = ""
        for command in commands {
            var valueCases = ""
            for option in command.allOptions {
                guard option.takesValue else { continue }
                let spelled = ([option.longSpelling] + (option.shortName.map { ["-\($0)"] } ?? [])).joined(separator: "|")
                let words = values(of: option).map { "-W \"\($0.joined(separator: " "))\"" } ?? "-f"
                valueCases += "            \(spelled)) COMPREPLY=($(compgen \(words) -- \"$current\")); return ;;\n"
            }
            let positional = command.name == "rules" ? "-W \"\(ruleIDs.joined(separator: " "))\"" : "-f"
            cases += """
                    \(command.name))
                        case "$previous" in
                \(valueCases)        esac
                        if [[ "$current" == -* ]]; then
                            COMPREPLY=($(compgen -W "\(spellings(command).joined(separator: " "))" -- "$current"))
                        else
                            COMPREPLY=($(compgen \(positional) -- "$current"))
                        fi
                        ;;

                """
        }
        return """
            # bash completion for aasalint: source <(aasalint completions bash)
            _aasalint() {
                local current="${COMP_WORDS[COMP_CWORD]}" previous="${COMP_WORDS[COMP_CWORD-1]}"
                local command="lint" word
                for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
                    case "$word" in \(commands.map(\.name).joined(separator: "|"))) command="$word"; break ;; esac
                done
                if [[ $COMP_CWORD -eq 1 && "$current" != -* ]]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$current") $(compgen -f -- "$current"))
                    return
                fi
                case "$command" in
            \(cases)    esac
            }
            complete -o filenames -F _aasalint aasalint

            """
    }

    var zsh: String {
        var functions = ""
        for command in commands {
            let arguments = command.allOptions.map { option -> String in
                let help = option.help.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
                    .replacingOccurrences(of: "]", with: "\\]")
                var action = ""
                if option.takesValue {
                    let choices = values(of: option).map { "(\($0.joined(separator: " ")))" } ?? "_files"
                    action = ":\(option.valueName ?? "VALUE"):\(choices)"
                }
                // Brace expansion happens outside the quotes: '(-f --format)'{-f,--format}'[help]...'
                guard let short = option.shortName else { return "        '\(option.longSpelling)[\(help)]\(action)'" }
                return "        '(-\(short) \(option.longSpelling))'{-\(short),\(option.longSpelling)}'[\(help)]\(action)'"
            }
            let positional = command.name == "rules" ? "'*:rule:(\(ruleIDs.joined(separator: " ")))'" : "'*:file:_files'"
            functions += """
                _aasalint_\(command.name.replacingOccurrences(of: "-", with: "_"))() {
                    _arguments \\
                \((arguments + ["        \(positional)"]).joined(separator: " \\\n"))
                }


                """
        }
        let commandList = commands.map { "'\($0.name):\($0.summary.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:"))'" }
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
}
