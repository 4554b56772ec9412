import AASALintTestSupport
import Foundation
import Testing

/// The hostile-input suite, continued: what aasalint writes and where. Text from files, file
/// names, configurations and command lines never drives a terminal nor starts a line of its own
/// (a forged finding, a GitHub workflow command); the files aasalint writes keep being what
/// they were (devices, FIFOs, links, hard links, mode); folder walks are bounded by the real
/// folders, not the paths that lead to them; and what cannot be searched is said.
@Suite struct HostileOutputTests {
    /// A line break followed by what must not start a line, carriage returns, an escape
    /// sequence, an OSC 8 hyperlink and a right-to-left override.
    static let injection = "\n::stop-commands::FORGED\r::error::FORGED\u{1B}[2J\u{1B}]8;;https://evil.example/\u{07}link\u{1B}]8;;\u{07}\u{202E}gpj"
    /// The same, as a file name: without slashes.
    static let nameInjection = injection.replacingOccurrences(of: "/", with: "")

    // MARK: Escaping

    @Test func everyCommandAndFormatEscapesHostileText() throws {
        let folder = try Workspace("hostile-output")
        let json = Self.jsonString(Self.injection)
        let aasa = #"{"applinks": {"details": [{"appIDs": [\#(json)], "components": [{"/": \#(json), "?": {\#(json): "x"}}]}]}}"#
        try folder.write("apple-app-site-association", aasa)
        try folder.write("\(Self.nameInjection)/apple-app-site-association", aasa)
        try folder.write("other/apple-app-site-association", #"{"applinks": {"details": []}}"#)
        try folder.write("baseline.json", #"{"version": 1, "findings": [{"file": \#(json), "rule": \#(json), "pointer": \#(json), "digest": "0"}, {"file": "apple-app-site-association", "rule": \#(json), "pointer": \#(json), "digest": "0"}]}"#)
        let yaml = Self.yamlString(Self.injection)
        try folder.write("hostile.yml", "rules: {\(yaml): warning}\n")
        try folder.write("include.yml", "include: [\(yaml)]\n")
        try folder.write("custom.yml", """
            custom_rules:
              - id: hostile-text
                select: /applinks/details/*/appIDs/*
                matches: "^none$"
                message: \(yaml)
                summary: \(yaml)
            """)

        var runs: [HostileRun] = []
        for format in ["text", "json", "sarif", "github"] {
            let lint = try folder.aasalint(["lint", "--no-config", "--snippet", "--format", format, "--baseline", "baseline.json", "."])
            lint.expectGraceful(status: 1)
            if format == "json" || format == "sarif" { lint.expectValidJSON(status: 1) }
            runs.append(lint)
        }
        runs.append(try folder.aasalint(["lint", "--no-config", "--fix", "."]))
        runs.append(try folder.aasalint(["lint", "--config", "hostile.yml", "."]))
        runs.append(try folder.aasalint(["lint", "--config", "include.yml", "."]))
        for format in ["text", "github", "sarif"] {
            runs.append(try folder.aasalint(["lint", "--config", "custom.yml", "--format", format, "apple-app-site-association"]))
        }
        runs.append(try folder.aasalint(["rules", "--config", "custom.yml"]))
        runs.append(try folder.aasalint(["rules", "--config", "custom.yml", "hostile-text"]))
        runs.append(try folder.aasalint(["lint", "--config", "custom.yml", "--print-config"]))
        runs.append(try folder.aasalint(["lint", "--no-config", "--explain-release", "."]))
        runs.append(try folder.aasalint(["lint", "--no-config", "missing\(Self.nameInjection)"]))
        for trace in [[], ["--trace"], ["--format", "json"]] {
            runs.append(try folder.aasalint(["match", "apple-app-site-association", "https://example.com/x"] + trace))
        }
        runs.append(try folder.aasalint(["match", "--explain-order", "apple-app-site-association"]))
        runs.append(try folder.aasalint(["match", "--explain-order", "--format", "json", "apple-app-site-association"]))
        runs.append(try folder.aasalint(["match", "apple-app-site-association", "https://example.com/" + Self.injection]))
        for format in ["text", "json"] {
            runs.append(try folder.aasalint(["diff", "--format", format, "other/apple-app-site-association", "apple-app-site-association"]))
        }
        runs.append(try folder.aasalint(["fetch", "example\(Self.injection).com"]))
        let server = try RemoteTestServer()
        for format in ["text", "json", "sarif", "github"] {
            runs.append(try folder.aasalint(["fetch", "--no-config", "--snippet", "--format", format, "hostile-text.example.com",
                                             "--origin-base", server.originBase, "--cdn-base", server.cdnBase]))
            #expect(runs.last?.output.status == 1, "\(runs.last.map(String.init(describing:)) ?? "")")
        }
        runs.append(try folder.aasalint(["rules", Self.injection]))
        runs.append(try folder.aasalint(["schema", Self.injection]))
        runs.append(try folder.aasalint(["completions", Self.injection]))
        runs.append(try folder.aasalint([Self.injection]))

        for run in runs {
            #expect(run.output.status <= 2 && !run.output.endedBySignal, "\(run)")
            run.expectNoTerminalControls()
            run.expectNoInjectedLine()
        }
        #expect(runs[0].output.standardOutput.contains(#"\u{A}::stop-commands::FORGED\u{D}::error::FORGED\u{1B}"#),
                "escaped, not dropped: \(runs[0])")
        #expect(runs[3].output.standardOutput.contains("%0A::stop-commands::FORGED%0D::error::FORGED"), "GitHub's own escape: \(runs[3])")
    }

    // MARK: Folder walks

    /// Twenty levels of two links to the folder below would be 2^20 visits of one file if links
    /// were paths; a link to `/` would walk the machine. Each real folder is walked once, and
    /// links lead neither around the walk nor onto another file system.
    @Test func linksDoNotMultiplyOrWidenTheWalk() throws {
        let folder = try Workspace("hostile-output")
        try folder.write("tree/level0/apple-app-site-association", #"{"applinks": {"details": []}}"#)
        for level in 1...20 {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("tree/level\(level)"), withIntermediateDirectories: true)
            try folder.symbolicLink("tree/level\(level)/a", to: "../level\(level - 1)")
            try folder.symbolicLink("tree/level\(level)/b", to: "../level\(level - 1)")
        }
        try folder.symbolicLink("tree/root", to: "/")
        try folder.symbolicLink("tree/up", to: "..")
        let otherFolder = Self.onAnotherFileSystem(than: folder.url.path, ["/proc", "/System/Library"])
        #expect(otherFolder != nil, "no folder on another file system to link to")
        if let otherFolder { try folder.symbolicLink("tree/proc", to: otherFolder) }
        let lint = try folder.aasalint(["lint", "--no-config", "--format", "json", "tree/level20"])
        let report = lint.expectValidJSON(status: 1)
        let files = Set(((report?["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String })
        #expect(files.count == 1, "one file, found once: \(files)")
        // Linux: the environment (CI secrets); macOS: the sealed system volume.
        let otherFile = Self.onAnotherFileSystem(than: folder.url.path, ["/proc/self/environ", "/System/Library/CoreServices/SystemVersion.plist"])
        #expect(otherFile != nil, "no file on another file system to link to")
        if let otherFile {
            try folder.symbolicLink("secrets/apple-app-site-association", to: otherFile)
            let secrets = try folder.aasalint(["lint", "--no-config", "--snippet", "secrets"], environment: ["AASALINT_TEST_SECRET": "hunter2"])
            secrets.expectGraceful(status: 2, stderr: ["secrets/apple-app-site-association: not linted: it is a symbolic link onto another file system"])
            #expect(!secrets.output.standardOutput.contains("hunter2") && !secrets.output.standardError.contains("hunter2"), "\(secrets)")
        }
        let whole = try folder.aasalint(["lint", "--no-config", "--quiet", "tree"])
        whole.expectGraceful(status: 1, time: .seconds(10))
        #expect(whole.output.standardOutput.split(separator: "\n").count <= 2, "\(whole)")
    }

    /// A folder nested past PATH_MAX cannot be searched; that is said, and a run that found
    /// nothing else is exit status 2.
    @Test func pathsLongerThanTheSystemAllowsAreNamed() throws {
        let folder = try Workspace("hostile-output")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("deep"), withIntermediateDirectories: true)
        let component = String(repeating: "d", count: 200)
        let levels = Int(PATH_MAX) / component.count + 1
        // Built one folder at a time from the one above, since the whole path is too long to name.
        var descriptors = [open(folder.url.appendingPathComponent("deep").path, O_RDONLY | O_DIRECTORY)]
        for _ in 0..<levels {
            #expect(mkdirat(descriptors.last!, component, 0o755) == 0)
            descriptors.append(openat(descriptors.last!, component, O_RDONLY | O_DIRECTORY))
        }
        let file = openat(descriptors.last!, "apple-app-site-association", O_WRONLY | O_CREAT, 0o644)
        close(file)
        defer {
            // Removed from the bottom up, since FileManager cannot name what is below PATH_MAX.
            unlinkat(descriptors.last!, "apple-app-site-association", 0)
            for level in (0..<levels).reversed() {
                close(descriptors[level + 1])
                unlinkat(descriptors[level], component, AT_REMOVEDIR)
            }
            close(descriptors[0])
        }
        let lint = try folder.aasalint(["lint", "--no-config", "deep"])
        lint.expectGraceful(status: 2, stderr: ["not searched: its path is longer than the system allows (PATH_MAX)"])
    }

    /// A glob with a `..` segment can never match (globs match paths inside the configuration's
    /// folder): a configuration error that names it, not a run that quietly lints less.
    @Test func globsThatLeaveTheConfigurationFolderAreConfigurationErrors() throws {
        let folder = try Workspace("hostile-output")
        try folder.write("sub/apple-app-site-association", #"{"applinks": {"details": []}}"#)
        try folder.write("sub/.aasalint.yml", "include: [\"**\", \"../**\"]\n")
        let lint = try folder.aasalint(["lint"], in: "sub")
        lint.expectGraceful(status: 2, stderr: [".aasalint.yml:1:", "'../**' leaves the configuration's folder"])
    }

    // MARK: Files written

    /// `--output` and `--write-baseline` to a FIFO write into it; to a symbolic link, through it;
    /// over a regular file, keeping its mode; never over a file being linted.
    @Test func reportsAndBaselinesKeepWhatTheTargetIs() throws {
        let folder = try Workspace("hostile-output")
        try folder.write("apple-app-site-association", #"{"applinks": {"details": [{"appIDs": ["x"], "components": []}]}}"#)
        let emptyBaseline = #"{"version": 1, "findings": []}"#
        let targets = [("--output", "report.txt", "old", 1 as Int32), ("--write-baseline", "baseline.json", emptyBaseline, 0)]
        for (_, name, contents, _) in targets {
            try folder.write(name, contents)
            try folder.write("real-" + name, contents)
            try folder.symbolicLink("linked-" + name, to: "real-" + name)
            chmod(folder.url.appendingPathComponent(name).path, 0o640)
        }
        try folder.symbolicLink("linked-aasa", to: "apple-app-site-association")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()

        for (option, name, contents, status) in targets {
            let kept = try folder.aasalint(["lint", "--no-config", option, name, "apple-app-site-association"])
            kept.expectGraceful(status: status)
            #expect(Self.mode(folder.url.appendingPathComponent(name).path) == 0o640, "mode kept by \(option)")
            let linked = try folder.aasalint(["lint", "--no-config", option, "linked-" + name, "apple-app-site-association"])
            linked.expectGraceful(status: status)
            #expect(Self.isSymbolicLink(folder.url.appendingPathComponent("linked-" + name).path), "link kept by \(option)")
            #expect(try String(contentsOf: folder.url.appendingPathComponent("real-" + name), encoding: .utf8) != contents,
                    "\(option) wrote through the link")
            for target in ["apple-app-site-association", "linked-aasa"] {
                let refused = try folder.aasalint(["lint", "--no-config", option, target, "apple-app-site-association"])
                refused.expectGraceful(status: 2, stderr: ["\(target) is one of the files being linted"])
            }
            try folder.fifo("pipe\(option)")
            let fifoPath = folder.url.appendingPathComponent("pipe\(option)").path
            let reader = Thread { _ = FileHandle(forReadingAtPath: fifoPath)?.readDataToEndOfFile() }
            reader.start()
            let piped = try folder.aasalint(["lint", "--no-config", option, "pipe\(option)", "apple-app-site-association"], deadline: .seconds(60))
            piped.expectGraceful(status: status)
            var info = stat()
            #expect(lstat(fifoPath, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO after \(option)")
        }
        #expect(try String(contentsOf: folder.url.appendingPathComponent("apple-app-site-association"), encoding: .utf8).contains(#""appIDs": ["x"]"#))
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(after == (before + ["pipe--output", "pipe--write-baseline"]).sorted(), "no temporary file left behind")
    }

    /// `--output /dev/stdout` when standard output is a pipe (`aasalint ... | tee`): the report
    /// goes down the pipe, which is not flushed to disk (Darwin's `fsync` refuses a pipe with
    /// ENOTSUP, Linux's with EINVAL).
    @Test func outputToStandardOutputThatIsAPipe() throws {
        let folder = try Workspace("hostile-output")
        try folder.write("apple-app-site-association", #"{"applinks": {"details": [{"appIDs": ["x"], "components": []}]}}"#)
        let run = try folder.aasalint(["lint", "--no-config", "--output", "/dev/stdout", "apple-app-site-association"])
        run.expectGraceful(status: 1, stdout: ["invalid-app-id"])
        #expect(run.output.standardError.isEmpty, "\(run)")
    }

    /// As root in CI: a device node stays a device, another user's file keeps its owner, and
    /// `/dev/stdout` reaches standard output even when that is a file.
    @Test(.enabled(if: getuid() == 0, "only root makes device nodes and gives files away"))
    func rootKeepsDevicesAndOwners() throws {
        let folder = try Workspace("hostile-output")
        try folder.write("apple-app-site-association", #"{"applinks": {"details": [{"appIDs": ["x"], "components": []}]}}"#)
        let device = folder.url.appendingPathComponent("null").path
        // The null device, 1:3, in Linux's encoding of small device numbers; elsewhere only owners are checked.
        #if os(Linux)
        let madeDevice = mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0
        #else
        let madeDevice = false
        #endif
        if madeDevice {
            let run = try folder.aasalint(["lint", "--no-config", "--output", "null", "apple-app-site-association"])
            run.expectGraceful(status: 1)
            var info = stat()
            #expect(lstat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "still a character device")
        }
        try folder.write("owned.txt", "old")
        let owned = folder.url.appendingPathComponent("owned.txt").path
        #expect(chown(owned, 4321, 4321) == 0)
        let run = try folder.aasalint(["lint", "--no-config", "--output", "owned.txt", "apple-app-site-association"])
        run.expectGraceful(status: 1)
        var info = stat()
        #expect(stat(owned, &info) == 0 && info.st_uid == 4321 && info.st_gid == 4321, "owner kept")
        #expect(try String(contentsOf: URL(fileURLWithPath: owned), encoding: .utf8).contains("invalid-app-id"))

        let captured = try folder.place("captured.txt")
        _ = FileManager.default.createFile(atPath: captured.path, contents: nil)
        let handle = try FileHandle(forWritingTo: captured)
        let throughStandardOutput = try folder.aasalint(["lint", "--no-config", "--output", "/dev/stdout", "apple-app-site-association"],
                                                        standardOutput: handle)
        try handle.close()
        throughStandardOutput.expectGraceful(status: 1)
        #expect(try String(contentsOf: captured, encoding: .utf8).contains("invalid-app-id"))
    }

    /// `--fix` writes through a symbolic link and keeps the mode; a file with hard links is
    /// refused (a rename would split the links, a rewrite in place could leave half a file in each).
    @Test func fixKeepsLinksAndMode() throws {
        let folder = try Workspace("hostile-output")
        let broken = #"{"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [{"/": "/caf%C3%A9/*"}]}]}}"#
        try folder.write("real/site.json", broken)
        try folder.symbolicLink("linked/apple-app-site-association", to: "../real/site.json")
        try folder.write("hard/one", broken)
        let one = folder.url.appendingPathComponent("hard/one").path
        try FileManager.default.linkItem(atPath: one, toPath: folder.url.appendingPathComponent("hard/apple-app-site-association").path)
        chmod(folder.url.appendingPathComponent("real/site.json").path, 0o604)

        let fix = try folder.aasalint(["lint", "--no-config", "--fix", "linked", "hard"])
        fix.expectGraceful(status: 2, stderr: ["aasalint: did not fix hard/apple-app-site-association: the file could not be written: hard/apple-app-site-association has 2 hard links",
                                               "aasalint: fixed 1 finding in linked/apple-app-site-association"])
        #expect(Self.isSymbolicLink(folder.url.appendingPathComponent("linked/apple-app-site-association").path))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("real/site.json"), encoding: .utf8).contains(#""percentEncoded": false"#))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("hard/one"), encoding: .utf8) == broken)
        var info = stat()
        #expect(stat(one, &info) == 0 && info.st_nlink == 2, "hard links kept")
        #expect(Self.mode(folder.url.appendingPathComponent("real/site.json").path) == 0o604)
    }

    // MARK: Helpers

    static func jsonString(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        return String(decoding: data ?? Data(), as: UTF8.self).dropFirst().dropLast().description
    }

    /// A YAML double-quoted scalar, with YAML's escapes for what YAML may not hold raw.
    static func yamlString(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\u{1B}": "\\e"
            case "\u{07}": "\\a"
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\u{202E}": "\\u202E"
            default: String(scalar)
            }
        }.joined() + "\""
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// The first of `candidates` that exists on another file system than `folder`.
    static func onAnotherFileSystem(than folder: String, _ candidates: [String]) -> String? {
        candidates.first { candidate in device(of: candidate).map { $0 != device(of: folder) } ?? false }
    }

    static func device(of path: String) -> dev_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_dev : nil
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }
}


extension HostileRun {
    /// No line of either output starts with text that came after a line break or carriage
    /// return in the input: no forged finding, no workflow command.
    func expectNoInjectedLine(sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, text) in [("stdout", output.standardOutput), ("stderr", output.standardError)] {
            let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            let injected = lines.filter { $0.hasPrefix("::stop-commands::FORGED") || $0.hasPrefix("::error::FORGED") }
            #expect(injected.isEmpty, "\(name) has injected lines \(injected): \(self)", sourceLocation: sourceLocation)
        }
    }
}
