import Foundation
import Testing

/// What a run lints for the paths it is given, and exit status 2 whenever it could not lint
/// what it was asked to: a folder with nothing to lint, globs that leave nothing, a missing path.
/// Exit status 2 never comes with a summary that passes for a clean run.
@Suite struct LintPathTests {
    static let cleanAASA = """
        {"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [{"/": "/product/*"}]}]}}
        """
    static let aasaPath = "web/.well-known/apple-app-site-association"
    static let cleanEntitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>com.apple.developer.associated-domains</key><array><string>applinks:example.com</string></array>
        </dict></plist>
        """

    static func workspace(_ files: [String: String]) throws -> TemporaryFolder {
        let workspace = try TemporaryFolder()
        for (path, text) in files { try workspace.write(path, text) }
        return workspace
    }

    func lint(_ arguments: [String], in workspace: TemporaryFolder, standardInput: Data? = nil) throws -> BinaryRun {
        try BinaryRunner.run(["lint"] + arguments, standardInput: standardInput, workingDirectory: workspace.url)
    }

    func expectIncomplete(_ run: BinaryRun, error: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        #expect(run.standardError.contains("aasalint: error: \(error)"), "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        #expect(!run.standardOutput.contains("no problems"), "stdout: \(run.standardOutput)", sourceLocation: sourceLocation)
    }

    @Test func folderWithNothingToLintIsAnError() throws {
        let workspace = try Self.workspace(["docs/README.md": "# not an AASA file"])
        let run = try lint(["--no-config", "docs"], in: workspace)
        expectIncomplete(run, error: "docs: no file to lint in this folder: aasalint looks for files named apple-app-site-association")
        #expect(run.standardError.contains("name a file on the command line to lint it whatever its name"))
        #expect(run.standardOutput == "")
    }

    @Test func emptyWorkingDirectoryIsAnError() throws {
        let workspace = try Self.workspace([:])
        let run = try BinaryRunner.run(["--no-config"], workingDirectory: workspace.url)
        expectIncomplete(run, error: ".: no file to lint in this folder")
    }

    /// Like ESLint's "no files matching": one such path fails the run even when others lint.
    @Test func folderWithNothingToLintBesideOneThatLintsStillFails() throws {
        let workspace = try Self.workspace([Self.aasaPath: Self.cleanAASA, "docs/README.md": "#"])
        let run = try lint(["--no-config", "web", "docs"], in: workspace)
        expectIncomplete(run, error: "docs: no file to lint in this folder")
        #expect(run.standardOutput == "no findings in 1 file, but the run is incomplete: 1 error on standard error\n")
    }

    @Test func fileNamedOnTheCommandLineIsLintedWhateverItsName() throws {
        let workspace = try Self.workspace(["notes.txt": Self.cleanAASA])
        let run = try lint(["--no-config", "notes.txt"], in: workspace)
        #expect(run.status == 0)
        #expect(run.standardOutput == "no problems in 1 file\n")
        #expect(run.standardError == "")
    }

    @Test func includeGlobsThatMatchNothingAreAnErrorWhenNothingIsLinted() throws {
        let workspace = try Self.workspace([Self.aasaPath: Self.cleanAASA, ".aasalint.yml": "include: [\"site/**\"]\n"])
        let run = try lint([], in: workspace)
        expectIncomplete(run, error: #".: no file to lint: .aasalint.yml's include globs ("site/**") do not match the file found here"#)
        #expect(run.standardOutput == "")
    }

    @Test func excludeThatLeavesNothingIsAnErrorWhenNothingIsLinted() throws {
        let workspace = try Self.workspace([
            Self.aasaPath: Self.cleanAASA,
            "ios/App.entitlements": Self.cleanEntitlements,
            ".aasalint.yml": "exclude: [\"web/**\", \"ios/**\"]\n",
        ])
        let run = try lint(["web", "ios"], in: workspace)
        expectIncomplete(run, error: #"web: no file to lint: .aasalint.yml excludes the file found here (exclude: "web/**")"#)
        #expect(run.standardError.contains(#"ios: no file to lint: .aasalint.yml excludes the file found here (exclude: "ios/**")"#))
    }

    @Test func mixedIncludeAndExcludeNameBoth() throws {
        let workspace = try Self.workspace([
            Self.aasaPath: Self.cleanAASA,
            "ios/App.entitlements": Self.cleanEntitlements,
            ".aasalint.yml": "include: [\"site/**\"]\nexclude: [\"ios/**\"]\n",
        ])
        let run = try lint([], in: workspace)
        expectIncomplete(run, error: #".: no file to lint: .aasalint.yml excludes 1 of the 2 files found here (exclude: "ios/**") and its include globs ("site/**") match none of the others"#)
    }

    /// A folder the configuration leaves out beside one that lints is the configuration doing its job.
    @Test func excludedFolderBesideOneThatLintsPasses() throws {
        let workspace = try Self.workspace([
            Self.aasaPath: Self.cleanAASA,
            "vendor/apple-app-site-association": Self.cleanAASA,
            ".aasalint.yml": "exclude: [\"vendor/**\"]\n",
        ])
        let run = try lint(["web", "vendor"], in: workspace)
        #expect(run.status == 0)
        #expect(run.standardOutput == "no problems in 1 file\n")
        #expect(run.standardError == "")
    }

    /// pre-commit names every changed file: an excluded one is skipped with a warning, never exit 2.
    @Test func excludedFileNamedOnTheCommandLineIsSkippedWithAWarning() throws {
        let workspace = try Self.workspace([
            "vendor/apple-app-site-association": Self.cleanAASA,
            ".aasalint.yml": "exclude: [\"vendor/**\"]\n",
        ])
        let run = try lint(["vendor/apple-app-site-association"], in: workspace)
        #expect(run.status == 0)
        #expect(run.standardOutput == "no file linted\n")
        #expect(run.standardError == #"aasalint: warning: vendor/apple-app-site-association: not linted: .aasalint.yml excludes it (exclude: "vendor/**")"# + "\n")
    }

    /// Files the configuration names under `files:` are what a folder yields, whatever their names.
    @Test func configuredFilesCountAsLinted() throws {
        let workspace = try Self.workspace([
            "site/association.json": Self.cleanAASA,
            ".aasalint.yml": "files: [{path: site/association.json, kind: aasa}]\n",
        ])
        let run = try lint([], in: workspace)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput == "no problems in 1 file\n")
    }

    @Test(arguments: ["json", "sarif"])
    func machineFormatsStillWriteTheirDocumentWhenTheRunIsIncomplete(format: String) throws {
        let workspace = try Self.workspace([:])
        let run = try lint(["--no-config", "--format", format, "missing"], in: workspace)
        #expect(run.status == 2)
        #expect(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) is [String: Any])
    }
}
