@testable import aasalint
@testable import AASALintCore
import Foundation
import Testing

/// The files that connect aasalint to pre-commit (GitHub Actions: `GitHubActionsTests`; shells: `CompletionTests`).
@Suite struct EcosystemTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func yaml(_ path: String) throws -> PositionedValue {
        try YAMLReader.parse([UInt8](Data(contentsOf: Self.root.appendingPathComponent(path))))
    }

    /// The script hooks build aasalint from source; each has a `-system` twin that runs the
    /// aasalint on the PATH (Homebrew, a release) with the same command on the same files.
    @Test func preCommitHooksRunAnExistingCommandOnTheRightFiles() throws {
        let hooks = try #require(try yaml(".pre-commit-hooks.yaml").elements)
        #expect(hooks.map { $0.member("id")?.value.stringValue } == ["aasalint", "aasalint-release", "aasalint-system", "aasalint-release-system"])
        func field(_ hook: PositionedValue, _ key: String) -> String? { hook.member(key)?.value.stringValue }
        for hook in hooks {
            for key in ["id", "name", "entry", "language", "files"] {
                #expect(field(hook, key)?.isEmpty == false, "hook needs \(key)")
            }
            let entry = try #require(field(hook, "entry")?.split(separator: " ").map(String.init))
            if field(hook, "language") == "script" {
                #expect(entry.first == "scripts/pre-commit-aasalint")
                #expect(FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent(entry[0]).path))
                let twin = try #require(hooks.first { field($0, "id") == "\(field(hook, "id") ?? "")-system" })
                #expect(field(twin, "language") == "system")
                #expect(field(twin, "entry") == (["aasalint"] + entry.dropFirst()).joined(separator: " "))
                #expect(field(twin, "files") == field(hook, "files"))
            } else {
                #expect(field(hook, "language") == "system")
                #expect(entry.first == "aasalint")
            }
            #expect(CommandLineTool.commands.contains { $0.name == entry[1] })
            for option in entry.dropFirst(2) {
                #expect(LintCommand.spec.option(named: option.dropFirst(2)) != nil, "\(option) is not a lint option")
            }
        }
        let pattern = try #require(hooks.first?.member("files")?.value.stringValue)
        let files = try NSRegularExpression(pattern: pattern)
        func selects(_ path: String) -> Bool {
            files.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
        #expect(selects("web/.well-known/apple-app-site-association"))
        #expect(selects("apple-app-site-association.json"))
        #expect(selects("ios/App/App.entitlements"))
        #expect(!selects("web/apple-app-site-association.md"))
        #expect(!selects("package.json"))
    }

    // MARK: scripts/pre-commit-aasalint

    /// Without swift, the source-building hook says how to get aasalint and exits 2, instead of failing with 127.
    @Test func withoutSwiftTheHookSaysHowToInstallARelease() throws {
        let hook = try HookScript()
        let run = try hook.run(["lint", "a.json"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("swift is not on the PATH"), "\(run.standardError)")
        #expect(run.standardError.contains("brew install aasalint"))
        #expect(run.standardError.contains("https://github.com/aasalint/aasalint/releases"))
        #expect(run.standardError.contains("aasalint-system"))
    }

    /// The first commit waits for a build: the hook says so before it starts, then never again.
    @Test func theHookSaysItBuildsBeforeTheFirstBuildOnly() throws {
        let hook = try HookScript()
        try hook.tools.write("swift", """
            #!/bin/bash
            # Stands in for `swift build`: prints the bin path when asked, else "builds" a binary there.
            bin="$PWD/fake-build"
            for argument in "$@"; do
              if [ "$argument" = --show-bin-path ]; then echo "$bin"; exit 0; fi
            done
            echo "compiling" >&2
            mkdir -p "$bin"
            printf '#!/bin/bash\necho "aasalint $*"\n' > "$bin/aasalint"
            chmod +x "$bin/aasalint"

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.tools.url.appendingPathComponent("swift").path)
        let first = try hook.run(["lint", "a.json"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "aasalint lint a.json\n")
        let announcement = try #require(first.standardError.range(of: "aasalint: building aasalint "))
        let compiling = try #require(first.standardError.range(of: "compiling"))
        #expect(announcement.lowerBound < compiling.lowerBound)
        #expect(first.standardError.contains(/from source once for this hook version \(swift build -c release\); about [0-9]+ minutes on two cores\n/))

        let second = try hook.run(["lint", "b.json"])
        #expect(second.standardOutput == "aasalint lint b.json\n")
        #expect(second.standardError.isEmpty)
    }
}

/// A copy of scripts/pre-commit-aasalint in a package folder of its own (so that no built
/// binary is found), run by bash with a PATH of only the tools it needs, in `tools`.
private struct HookScript {
    let package: TemporaryFolder
    let tools: TemporaryFolder

    init() throws {
        package = try TemporaryFolder("hook")
        tools = try TemporaryFolder("tools")
        let script = try String(contentsOf: EcosystemTests.root.appendingPathComponent("scripts/pre-commit-aasalint"), encoding: .utf8)
        try package.write("scripts/pre-commit-aasalint", script)
        for tool in ["cat", "chmod", "cp", "dirname", "mkdir", "mv", "uname"] {
            let found = try #require(["/bin", "/usr/bin"].map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) })
            try FileManager.default.createSymbolicLink(atPath: tools.url.appendingPathComponent(tool).path, withDestinationPath: found)
        }
    }

    func run(_ arguments: [String]) throws -> (status: Int32, standardOutput: String, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [package.url.appendingPathComponent("scripts/pre-commit-aasalint").path] + arguments
        process.currentDirectoryURL = package.url
        process.environment = ["PATH": tools.url.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The hook writes little: reading one pipe to its end, then the other, cannot fill either.
        let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        let standardError = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: standardOutput, as: UTF8.self), String(decoding: standardError, as: UTF8.self))
    }
}
