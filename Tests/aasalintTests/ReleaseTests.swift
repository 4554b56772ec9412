@testable import AASALintCore
import Foundation
import Testing

/// What a release publishes and what installs it: the files of `scripts/make-release` verify
/// with SHA256SUMS and run, its artifact bundle is one SwiftPM accepts, `--merge` makes one
/// bundle of several platforms, and the Action's install step takes the binary of a release
/// served on 127.0.0.1 and refuses one whose checksum is wrong.
@Suite struct ReleaseTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let version = AASALintVersion.current
    static let installStep = "Install the released aasalint"

    // MARK: make-release

    @Test func theReleaseFilesVerifyAndTheirBinariesRun() throws {
        let release = try Release.make()
        let files = try FileManager.default.contentsOfDirectory(atPath: release.dist.path).sorted()
        let sums = try String(contentsOf: release.dist.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
        #expect(sums.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") } == files.filter { $0 != "SHA256SUMS" })
        try Tool.expectSuccess(Tool.sha256Check, in: release.dist)

        let platforms = files.filter { $0.hasPrefix("aasalint-\(Self.version)-") && $0.hasSuffix(".tar.gz") }
        #expect(platforms.count == 1, "one platform tarball: \(files)")
        let tarball = try #require(platforms.first)
        let folder = String(tarball.dropLast(".tar.gz".count))
        let unpacked = try TemporaryFolder("release")
        try Tool.expectSuccess(["tar", "-xzf", release.dist.appendingPathComponent(tarball).path], in: unpacked.url)
        let contents = try FileManager.default.subpathsOfDirectory(atPath: unpacked.url.path).sorted()
        #expect(contents == [folder, "\(folder)/LICENSE", "\(folder)/README.md", "\(folder)/bin", "\(folder)/bin/aasalint"])
        try Self.expectItLints(unpacked.url.appendingPathComponent("\(folder)/bin/aasalint"))
        try Self.expectNoLibraryUsersMayLack(unpacked.url.appendingPathComponent("\(folder)/bin/aasalint"))

        let source = try Tool.run(["tar", "-tzf", release.dist.appendingPathComponent("aasalint-\(Self.version).tar.gz").path], in: unpacked.url)
        #expect(source.output.split(separator: "\n").contains("aasalint-\(Self.version)/Package.swift"))

        let bundle = try ArtifactBundle(release.dist.appendingPathComponent("aasalint.artifactbundle.zip"))
        let triple = String(folder.dropFirst("aasalint-\(Self.version)-".count))
        #expect(bundle.variants.map(\.path) == ["\(folder)/bin/aasalint"])
        #expect(bundle.variants.first?.triples == (triple == "universal-apple-macosx" ? ["arm64-apple-macosx", "x86_64-apple-macosx"] : [triple]))
        for variant in bundle.variants {
            try Self.expectItLints(bundle.folder.url.appendingPathComponent("aasalint.artifactbundle/\(variant.path)"))
        }
    }

    /// The release workflow builds each platform on its own runner and merges their outputs.
    @Test func mergeMakesOneBundleOfEveryPlatform() throws {
        let platforms = try TemporaryFolder("platforms")
        let triples = ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu", "universal-apple-macosx"]
        for (index, triple) in triples.enumerated() {
            try Self.writeTarball(triple: triple, version: Self.version, into: platforms, folder: "dist-\(index)")
        }
        let output = try TemporaryFolder("merged")
        let merge = try Tool.run(["python3", "scripts/make-release", "--merge", "--output", output.url.path]
                                 + triples.indices.map { platforms.url.appendingPathComponent("dist-\($0)").path }, in: Self.root)
        #expect(merge.status == 0, "\(merge.output)")
        #expect(merge.output.contains("sha256 \""), "make-release prints the formula's sha256 line")
        try Tool.expectSuccess(Tool.sha256Check, in: output.url)

        let bundle = try ArtifactBundle(output.url.appendingPathComponent("aasalint.artifactbundle.zip"))
        let expected: [String: [String]] = [
            "x86_64-unknown-linux-gnu": ["x86_64-unknown-linux-gnu"],
            "aarch64-unknown-linux-gnu": ["aarch64-unknown-linux-gnu"],
            "universal-apple-macosx": ["arm64-apple-macosx", "x86_64-apple-macosx"],
        ]
        #expect(bundle.variants.count == 3)
        for variant in bundle.variants {
            let triple = try #require(variant.path.wholeMatch(of: /aasalint-[0-9.]+-(.+)\/bin\/aasalint/)?.output.1)
            #expect(variant.triples == expected[String(triple)], "\(variant.path)")
            let binary = bundle.folder.url.appendingPathComponent("aasalint.artifactbundle/\(variant.path)")
            #expect(FileManager.default.isExecutableFile(atPath: binary.path))
            #expect(try String(contentsOf: binary, encoding: .utf8).contains(String(triple)))
        }

        try Self.writeTarball(triple: triples[0], version: Self.version, into: platforms, folder: "again")
        let twice = try Tool.run(["python3", "scripts/make-release", "--merge", "--output", output.url.path,
                                  platforms.url.appendingPathComponent("dist-0").path, platforms.url.appendingPathComponent("again").path], in: Self.root)
        #expect(twice.status == 1)
        #expect(twice.output.contains("two tarballs for \(triples[0])"))

        try Self.writeTarball(triple: triples[1], version: "9.9.9", into: platforms, folder: "other-version")
        let mixed = try Tool.run(["python3", "scripts/make-release", "--merge", "--output", output.url.path,
                                  platforms.url.appendingPathComponent("dist-0").path, platforms.url.appendingPathComponent("other-version").path], in: Self.root)
        #expect(mixed.status == 1)
        #expect(mixed.output.contains("several versions"))
    }

    // MARK: The Action's install step

    /// A cold run downloads the binary of the action's own tag (or of `version`) and checks it
    /// against SHA256SUMS; a tarball whose checksum differs is never installed.
    @Test(.enabled(if: Self.isLinux, "on macOS the Action installs the universal binary, which only the release workflow builds"))
    func theActionInstallsTheReleaseAndRefusesABadChecksum() throws {
        let release = try Release.make()
        let served = try TemporaryFolder("served")
        try FileManager.default.copyItem(at: release.dist, to: served.url.appendingPathComponent("v\(Self.version)"))
        let server = try LoopbackFileServer(serving: served.url)

        for (reference, version) in [("v\(Self.version)", ""), ("main", Self.version)] {
            let action = try TemporaryFolder("action")
            let run = try ActionStep.run(Self.installStep, inputs: ["version": version], environment: [
                "ACTION_PATH": action.url.path, "ACTION_REF": reference, "AASALINT_RELEASES_URL": server.base,
            ])
            #expect(run.status == 0, "\(run.standardOutput)")
            #expect(run.outputs == ["installed=true"])
            try Self.expectItLints(action.url.appendingPathComponent(".build/aasalint-bin/aasalint"))
        }

        let tarball = try #require(try FileManager.default.contentsOfDirectory(atPath: release.dist.path)
            .first { $0.hasPrefix("aasalint-\(Self.version)-") })
        let handle = try FileHandle(forWritingTo: served.url.appendingPathComponent("v\(Self.version)/\(tarball)"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("tampered".utf8))
        try handle.close()
        let action = try TemporaryFolder("action")
        let tampered = try ActionStep.run(Self.installStep, inputs: [:], environment: [
            "ACTION_PATH": action.url.path, "ACTION_REF": "v\(Self.version)", "AASALINT_RELEASES_URL": server.base,
        ])
        #expect(tampered.status == 1)
        #expect(tampered.outputs.isEmpty)
        #expect(tampered.standardOutput.contains("::error title=aasalint::\(tarball) has SHA-256"), "\(tampered.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: action.url.appendingPathComponent(".build/aasalint-bin/aasalint").path))
    }

    /// From a branch, or a tag with no release, the action builds from its own sources; a
    /// `version` that was asked for and is not there, or is no version, is an error instead.
    @Test func withoutAReleaseTheActionBuildsFromSourceUnlessAVersionWasAskedFor() throws {
        let empty = try TemporaryFolder("served")
        let server = try LoopbackFileServer(serving: empty.url)
        let action = try TemporaryFolder("action")
        func install(reference: String, version: String = "") throws -> ActionStep.Run {
            try ActionStep.run(Self.installStep, inputs: ["version": version], environment: [
                "ACTION_PATH": action.url.path, "ACTION_REF": reference, "AASALINT_RELEASES_URL": server.base,
            ])
        }
        let branch = try install(reference: "main")
        #expect(branch.status == 0)
        #expect(branch.outputs == ["installed=false"])
        #expect(branch.standardOutput.contains("does not run from a release tag"))

        let unreleased = try install(reference: "v99.0.0")
        #expect(unreleased.status == 0)
        #expect(unreleased.outputs == ["installed=false"])
        #expect(unreleased.standardOutput.contains("found no release binary v99.0.0"))

        let missing = try install(reference: "main", version: "99.0.0")
        #expect(missing.status == 1)
        #expect(missing.outputs.isEmpty)
        #expect(missing.standardOutput.contains("::error title=aasalint::could not download"))
        #expect(missing.standardOutput.contains("(HTTP status 404)"))

        let malformed = try install(reference: "main", version: "../0.1.0\n::warning::injected")
        #expect(malformed.status == 1)
        #expect(malformed.standardOutput == "::error title=aasalint::the input version must name a release, such as 0.1.0\n")
    }

    // MARK: Helpers

    static var isLinux: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// The binary reports this version and finds the unknown key of the README's first example.
    /// libyaml and zlib (and on Linux libstdc++) are linked into the binary and libcurl is loaded
    /// by downloads only, so that the binary runs where none of them is installed.
    static func expectNoLibraryUsersMayLack(_ binary: URL) throws {
        #if os(Linux)
        let listed = try Tool.run(["readelf", "-d", binary.path], in: root).output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #else
        let listed = try Tool.run(["otool", "-L", binary.path], in: root).output.split(separator: "\n").dropFirst()
        #endif
        #expect(listed.contains { $0.contains("libc") || $0.contains("libSystem") }, "the list was read: \(listed)")
        #if os(Linux)
        // Relocating libstdc++.so was a quarter of a tiny lint (scripts/release-build-flags).
        let unwanted = ["libyaml", "libz.", "libcurl", "libstdc++"]
        #else
        let unwanted = ["libyaml", "libz.", "libcurl"]
        #endif
        for library in unwanted {
            #expect(!listed.contains { $0.contains(library) }, "the release binary links \(library): \(listed)")
        }
    }

    static func expectItLints(_ binary: URL) throws {
        let version = try Tool.run([binary.path, "version"], in: root)
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("aasalint \(Self.version) "), "\(version.output)")
        let lint = try Tool.run([binary.path, "lint", "--no-color", "Fixtures/readme/web/.well-known/apple-app-site-association"], in: root)
        #expect(lint.status == 1, "\(lint.output)")
        #expect(lint.output.contains(#"error: unknown key "appIds" in a details entry"#), "\(lint.output)")
    }

    /// `folder/aasalint-VERSION-TRIPLE.tar.gz` as make-release lays it out, with a script for a binary.
    static func writeTarball(triple: String, version: String, into platforms: TemporaryFolder, folder: String) throws {
        let name = "aasalint-\(version)-\(triple)"
        let staging = try TemporaryFolder("staging")
        try staging.write("\(name)/bin/aasalint", "#!/bin/sh\necho \(triple)\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: staging.url.appendingPathComponent("\(name)/bin/aasalint").path)
        let tarball = try platforms.place("\(folder)/\(name).tar.gz")
        try Tool.expectSuccess(["tar", "-czf", tarball.path, name], in: staging.url)
    }
}

/// The files of one make-release run: of the aasalint binary beside the tests (`--skip-build`),
/// or the folder `AASALINT_RELEASE_DIST` names, which .ci/run sets to a make-release of the
/// static release build.
private struct Release {
    let dist: URL
    /// Keeps a made dist until the test ends.
    let folder: TemporaryFolder?

    static func make() throws -> Release {
        if let given = ProcessInfo.processInfo.environment["AASALINT_RELEASE_DIST"], !given.isEmpty {
            return Release(dist: URL(fileURLWithPath: given), folder: nil)
        }
        let folder = try TemporaryFolder("dist")
        let made = try Tool.run(["python3", "scripts/make-release", "--skip-build", try BinaryRunner.executable().path,
                                 "--output", folder.url.path], in: ReleaseTests.root)
        try #require(made.status == 0, "make-release failed: \(made.output)")
        return Release(dist: folder.url, folder: folder)
    }
}

/// An unpacked `aasalint.artifactbundle.zip`, whose `info.json` is checked against SE-0305's
/// format on the way: schema version 1.0, one executable artifact named aasalint of this version,
/// and variants whose paths exist and whose triples no other variant claims.
private struct ArtifactBundle {
    struct Variant {
        let path: String
        let triples: [String]
    }

    let folder: TemporaryFolder
    let variants: [Variant]

    init(_ zip: URL) throws {
        folder = try TemporaryFolder("bundle")
        try Tool.expectSuccess(["unzip", "-q", zip.path], in: folder.url)
        let bundle = folder.url.appendingPathComponent("aasalint.artifactbundle")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("info.json"))) as? [String: Any])
        #expect(Set(info.keys) == ["schemaVersion", "artifacts"])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifacts = try #require(info["artifacts"] as? [String: Any])
        #expect(Array(artifacts.keys) == ["aasalint"])
        let artifact = try #require(artifacts["aasalint"] as? [String: Any])
        #expect(Set(artifact.keys) == ["version", "type", "variants"])
        #expect(artifact["type"] as? String == "executable")
        #expect(artifact["version"] as? String == ReleaseTests.version)
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        self.variants = try variants.map { variant in
            #expect(Set(variant.keys) == ["path", "supportedTriples"])
            let path = try #require(variant["path"] as? String)
            let triples = try #require(variant["supportedTriples"] as? [String])
            #expect(!triples.isEmpty)
            #expect(FileManager.default.isExecutableFile(atPath: bundle.appendingPathComponent(path).path), "\(path)")
            return Variant(path: path, triples: triples)
        }
        let triples = self.variants.flatMap(\.triples)
        #expect(Set(triples).count == triples.count, "a triple belongs to one variant: \(triples)")
    }
}

/// Python's http.server on a free port of 127.0.0.1, serving a folder for as long as this object
/// lives: it stops when its standard input closes, here or when the test process ends.
private final class LoopbackFileServer {
    let base: String
    private let process = Process()
    private let input = Pipe()

    init(serving folder: URL) throws {
        let script = """
            import functools, http.server, sys, threading
            class Quiet(http.server.SimpleHTTPRequestHandler):
                def log_message(self, *arguments): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=sys.argv[1]))
            print(server.server_address[1], flush=True)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            sys.stdin.read()
            """
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, folder.path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A server that never announces its port fails the test after a minute instead of hanging it.
        let announced = DispatchSemaphore(value: 0)
        let line = LockedText()
        DispatchQueue.global().async {
            var data = Data()
            while !data.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                data += chunk
            }
            line.set(String(decoding: data, as: UTF8.self))
            announced.signal()
        }
        guard announced.wait(timeout: .now() + 60) == .success,
              let port = Int(line.get().trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw LoopbackServerError(description: "python3's http.server did not start on 127.0.0.1 within 60 seconds")
        }
        base = "http://127.0.0.1:\(port)"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

private struct LoopbackServerError: Error, CustomStringConvertible {
    let description: String
}

private final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func set(_ value: String) { lock.withLock { text = value } }
    func get() -> String { lock.withLock { text } }
}

/// A command-line tool found on the PATH, run to its end with standard output and error together
/// (as a build log shows them), with variables added to the environment.
enum Tool {
    struct Run {
        let status: Int32
        let output: String
    }

    static var sha256Check: [String] {
        isLinux ? ["sha256sum", "-c", "SHA256SUMS"] : ["shasum", "-a", "256", "-c", "SHA256SUMS"]
    }

    private static var isLinux: Bool { ReleaseTests.isLinux }

    static func run(_ command: [String], environment: [String: String] = [:], in folder: URL) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    static func expectSuccess(_ command: [String], in folder: URL) throws {
        let run = try run(command, in: folder)
        try #require(run.status == 0, "\(command.joined(separator: " ")) exited \(run.status): \(run.output)")
    }
}
