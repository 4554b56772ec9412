@testable import aasalint
import Foundation
import Testing

/// The scripts `aasalint completions SHELL` prints, run in the shells themselves where they are
/// installed (bash always is), from `Fixtures/cli` so that file names are there to complete.
@Suite struct CompletionTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/cli")
    static let fish = installed("fish")
    static let zsh = installed("zsh")
    static let tmux = installed("tmux")

    static func installed(_ shell: String) -> String? {
        ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { "\($0)/\(shell)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A command line up to the cursor (its last word is the one completed), and what completes it.
    struct Probe: Sendable, CustomTestStringConvertible {
        let words: [String]
        let completions: [String]

        init(_ line: String, _ completions: [String]) {
            words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            self.completions = completions
        }

        var testDescription: String { words.joined(separator: " ") }
    }

    static let probes = [
        Probe("aasalint cle", ["clean"]),
        Probe("aasalint lint --for", ["--format"]),
        Probe("aasalint --format ", ["azure", "checkstyle", "github", "gitlab", "json", "junit", "markdown", "sarif", "sonarqube", "text"]),
        Probe("aasalint lint --disable unknown-k", ["unknown-key"]),
        Probe("aasalint rules duplicate-k", ["duplicate-key"]),
        Probe("aasalint schema ", ["aasa", "config", "report"]),
        Probe("aasalint completions ", ["bash", "fish", "zsh"]),
        Probe("aasalint lint --output scen", ["scenarios"]),
        Probe("aasalint lint scen", ["scenarios"]),
        Probe("aasalint fetch --save scen", ["scenarios"]),
        // Numbers, URLs, app IDs and hosts: no file names (`scenarios` is a folder here).
        Probe("aasalint fetch --timeout ", []),
        Probe("aasalint fetch --origin-base ", []),
        Probe("aasalint lint --cdn-base scen", []),
        Probe("aasalint match --app ", []),
        Probe("aasalint fetch scen", []),
        Probe("aasalint version ", []),
    ]

    func script(for shell: String) throws -> String {
        let run = try BinaryRunner.run(["completions", shell], workingDirectory: Self.folder)
        #expect(run.status == 0)
        return run.standardOutput
    }

    /// Runs `commands` in the shell with the script loaded; one line of output per probe.
    func output(of shell: String, _ commands: [String]) throws -> [String] {
        let workspace = try TemporaryFolder()
        let file = workspace.url.appendingPathComponent("aasalint.\(shell)")
        try script(for: shell).write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.installed(shell)))
        process.arguments = ["-c", (["source '\(file.path)'"] + commands).joined(separator: "\n")]
        process.currentDirectoryURL = Self.folder
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let commands = Self.probes.map { probe in
            let words = probe.words.map { "'\($0)'" }.joined(separator: " ")
            return "COMP_WORDS=(\(words)); COMP_CWORD=\(probe.words.count - 1); COMPREPLY=(); _aasalint; echo \"${COMPREPLY[*]}\""
        }
        let lines = try output(of: "bash", commands)
        for (probe, line) in zip(Self.probes, lines) {
            #expect(line.split(separator: " ").map(String.init).sorted() == probe.completions, "\(probe.testDescription)")
        }
        #expect(lines.count == Self.probes.count)
    }

    /// Tab in a real interactive bash (in tmux, read back from the screen) completes a folder
    /// whose name holds a space as one word, escaped as bash escapes it, and then the file in it.
    @Test(.enabled(if: tmux != nil, "tmux is not installed (.ci/run installs it)"))
    func interactiveBashCompletesAFolderWithASpaceAsOneWord() throws {
        let workspace = try TemporaryFolder("completion")
        try workspace.write("aasalint.bash", try script(for: "bash"))
        try workspace.write("My App/Shop.entitlements", "")
        let screens = try Self.typeInInteractiveBash(in: workspace.url, [
            ("aasalint lint My\t", "My\\ App/"),
            ("\t", "Shop.entitlements"),
        ])
        #expect(screens.first?.contains("$ aasalint lint My\\ App/\n") == true, "\(screens)")
        #expect(screens.last?.contains("$ aasalint lint My\\ App/Shop.entitlements") == true, "\(screens)")
    }

    /// Types each step's keys into an interactive bash in a detached tmux session of its own
    /// (with the completion script of the folder loaded) and returns the screen once it shows
    /// the step's text, or after ten seconds. One bash script drives tmux, so that the tmux
    /// server is stopped before the test reads the output.
    static func typeInInteractiveBash(in folder: URL, _ steps: [(keys: String, shows: String)]) throws -> [String] {
        let driver = """
            socket="aasalint-test-$$-$RANDOM"
            terminal() { "$TMUX_BINARY" -L "$socket" "$@"; }
            # The test process hands its children every signal blocked and some descriptors
            # open; the tmux server (and the bash in it) must start without them, or it never ends.
            python3 -c 'import os, signal, sys
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            os.closerange(3, 65536)
            os.execv(sys.argv[1], sys.argv[1:])' "$TMUX_BINARY" -L "$socket" -f /dev/null new-session -d -x 160 -y 20 -c "$PWD" \\
              "env -i HOME=$PWD TERM=xterm PATH=/usr/bin:/bin bash --norc --noprofile -i" </dev/null >/dev/null 2>&1
            trap 'terminal kill-server' EXIT
            terminal send-keys -l "PS1='\\$ '; source aasalint.bash; clear"
            terminal send-keys Enter
            while [ "$#" -gt 0 ]; do
              terminal send-keys -l "$1"
              for attempt in $(seq 100); do
                screen="$(terminal capture-pane -p)"
                if [[ "$screen" == *"$2"* ]]; then break; fi
                sleep 0.1
              done
              printf '%s\\n\\0' "$screen"
              shift 2
            done

            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(installed("bash")))
        process.arguments = ["-c", driver, "driver"] + steps.flatMap { [$0.keys, $0.shows] }
        process.currentDirectoryURL = folder
        process.environment = ["TMUX_BINARY": try #require(tmux), "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output.split(separator: "\0").map(String.init)
    }

    @Test(.enabled(if: fish != nil, "fish is not installed; fishScriptOffersWhatEachValueTakes checks the script's content"))
    func fishCompletesCommandsOptionsAndValues() throws {
        let commands = Self.probes.map { probe in
            "set -l words (complete -C '\(probe.words.joined(separator: " "))' | string split -f1 \\t); echo \"$words\""
        }
        let lines = try output(of: "fish", commands)
        for (probe, line) in zip(Self.probes, lines) {
            // fish shows folders with their slash.
            let words = line.split(separator: " ").map { $0.hasSuffix("/") ? String($0.dropLast()) : String($0) }
            #expect(words.sorted() == probe.completions, "\(probe.testDescription)")
        }
        #expect(lines.count == Self.probes.count)
    }

    @Test func fishScriptOffersWhatEachValueTakes() throws {
        let script = try script(for: "fish")
        for command in CommandLineTool.commands {
            #expect(script.contains("complete -c aasalint -n __fish_use_subcommand -a \(command.name) -d "))
            for option in command.allOptions {
                #expect(script.contains("complete -c aasalint -n '__aasalint_command \(command.name)' -l \(option.name)"), "\(command.name) --\(option.name)")
            }
        }
        #expect(script.contains("-n '__aasalint_command fetch' -l timeout -r -f -d 'Give up on a download after SECONDS (default: 10)'\n"))
        #expect(script.contains("-n '__aasalint_command lint' -l config -s c -r -F -d "))
        #expect(script.contains("complete -c aasalint -n '__aasalint_command schema' -f -a 'aasa config report'\n"))
        #expect(script.contains("complete -c aasalint -n '__aasalint_command completions' -f -a 'bash zsh fish'\n"))
        #expect(!script.contains("'__aasalint_command fetch' -F"), "hosts are not files")
    }

    @Test(.enabled(if: zsh != nil, "zsh is not installed; zshScriptOffersWhatEachValueTakes checks the script's content"))
    func zshReadsTheScript() throws {
        let workspace = try TemporaryFolder()
        try workspace.write("_aasalint", try script(for: "zsh"))
        let process = try Process.run(URL(fileURLWithPath: try #require(Self.zsh)), arguments: ["-n", workspace.url.appendingPathComponent("_aasalint").path])
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func zshScriptOffersWhatEachValueTakes() throws {
        let script = try script(for: "zsh")
        #expect(script.hasPrefix("#compdef aasalint\n"))
        for command in CommandLineTool.commands {
            #expect(script.contains("_aasalint_\(command.name)() {"))
            for option in command.options {
                #expect(script.contains(option.longSpelling), "\(command.name) \(option.longSpelling)")
            }
        }
        #expect(script.contains("'*'{-f,--format}'[Report format (default: text); FORMAT:FILE writes that report to FILE, so that one run writes several]"
            + ":FORMAT:(text json sarif github markdown gitlab junit checkstyle sonarqube azure)'"))
        #expect(script.contains("'(-q --quiet)'{-q,--quiet}'[Print only the findings: no snippets, no summary]'"))
        #expect(script.contains("'--timeout[Give up on a download after SECONDS (default: 10)]:SECONDS: '"))
        #expect(script.contains("'--save[Keep what was downloaded in DIR/HOST/origin/ and DIR/HOST/cdn/]:DIR:_files -/'"))
        #expect(script.contains("'*:which:(aasa config report)'"))
        #expect(script.contains("'*:shell:(bash zsh fish)'"))
        #expect(script.contains("'*:host: '"))
        let version = try #require(script.components(separatedBy: "_aasalint_version() {").last?.components(separatedBy: "}").first)
        #expect(!version.contains("'*:"), "version takes no operand")
    }
}
