@testable import AASALintCore
import Foundation
import Testing

/// The readers against the third hostile round: URL sources that never end or hold one
/// enormous line, sitemap indexes that name a child many times, `.ipa` files of thousands of
/// apps or whose entries share bytes, fat binaries whose slices overlap, links out of the folder
/// walked, and plugins that leave a process behind. Each run is bounded in processor time and
/// memory, as the other hostile suites are, and says what it refused.
@Suite struct HostileReadTests {
    static let megabyte = 1024 * 1024
    static let aasa = HostileInputTests.cleanAASA
    static let app = "9JA89QQLNQ.com.example.app"

    // MARK: URL sources

    /// A configuration in a repository names its URL sources: links to /dev/zero and a named
    /// pipe would make plain `aasalint` run (or wait) forever.
    @Test func urlSourcesThatAreNotRegularFilesAreRefused() throws {
        let folder = try Workspace("hostile-read")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try folder.write("web/.well-known/apple-app-site-association", Self.aasa)
        try folder.symbolicLink("web/zero.txt", to: "/dev/zero")
        try folder.symbolicLink("web/zero.xml", to: "/dev/zero")
        try folder.fifo("web/pipe.txt")
        try folder.write(".aasalint.yml", """
            domains:
              example.com: web/.well-known/apple-app-site-association
            expectations:
              - {app: \(Self.app), opens_from: web/zero.txt}
              - {app: \(Self.app), stays_on_web_from: web/zero.xml}
              - {app: \(Self.app), opens_from: web/pipe.txt}

            """)
        let run = try folder.aasalint([])
        run.expectGraceful(status: 2, memory: 100 * Self.megabyte, stderr: [
            "cannot read the URLs of 'web/zero.txt': web/zero.txt: not a regular file (a character device)",
            "cannot read the URLs of 'web/zero.xml': web/zero.xml: not a regular file (a character device)",
            "cannot read the URLs of 'web/pipe.txt': web/pipe.txt: not a regular file (a named pipe)",
        ])
    }

    /// Each chunk of a long line used to be searched again from the line's start for a line
    /// break: 32 MB took many times the time of 8 MB. A comment line keeps the URL work out of it.
    @Test func aLineOf32MegabytesIsReadInLinearTime() throws {
        let folder = try Workspace("hostile-read")
        try folder.write("apple-app-site-association", Self.aasa)
        try folder.write("urls.txt", "# " + String(repeating: "a", count: 32 * Self.megabyte) + "\nhttps://example.com/product/1\n")
        let run = try folder.aasalint(["match", "apple-app-site-association", "--urls", "urls.txt"])
        run.expectGraceful(status: 0, time: .seconds(15), stdout: ["1 open the app"])
    }

    /// A child of 20,000 URLs named sixteen times is read once: its URLs are decided once,
    /// and the fifteen other names are said.
    @Test func aSitemapIndexReadsEachChildOnce() throws {
        let folder = try Workspace("hostile-read")
        try folder.write("apple-app-site-association", Self.aasa)
        let urls = (0..<20_000).map { "<url><loc>https://example.com/product/\($0)</loc></url>\n" }.joined()
        try folder.write("site/child.xml", "<urlset>\n\(urls)</urlset>\n")
        let children = String(repeating: "<sitemap><loc>https://example.com/child.xml</loc></sitemap>\n", count: 16)
        try folder.write("site/index.xml", "<sitemapindex>\n\(children)</sitemapindex>\n")
        let run = try folder.aasalint(["match", "apple-app-site-association", "--sitemap", "site/index.xml"])
        run.expectGraceful(status: 0, time: .seconds(20), memory: 100 * Self.megabyte, stdout: ["20000 open the app"])
        #expect(run.output.standardError.components(separatedBy: "is named again; its URLs are read once").count == 16, "\(run)")
    }

    /// A `<loc>` whose last component decodes to `../secret.xml` (`..%2F`), one that climbs with
    /// `../` (which URLs resolve: it names `secret.xml` beside the index, which is not there), and
    /// a link beside the index to the file outside: the file outside the index's folder is not
    /// read, so none of its URLs is decided or quoted; each `<loc>` says why.
    @Test func sitemapChildrenOutsideTheIndexsFolderAreNotRead() throws {
        let folder = try Workspace("hostile-read")
        try folder.write("apple-app-site-association", Self.aasa)
        try folder.write("secret.xml", "<urlset><url><loc>https://example.com/product/token-hunter2</loc></url></urlset>\n")
        try folder.write("site/inside.xml", "<urlset><url><loc>https://example.com/product/1</loc></url></urlset>\n")
        try folder.symbolicLink("site/linked.xml", to: "../secret.xml")
        try folder.write("site/index.xml", """
            <sitemapindex>
            <sitemap><loc>https://example.com/..%2Fsecret.xml</loc></sitemap>
            <sitemap><loc>https://example.com/sitemaps/../../secret.xml</loc></sitemap>
            <sitemap><loc>https://example.com/linked.xml</loc></sitemap>
            <sitemap><loc>https://example.com/inside.xml</loc></sitemap>
            </sitemapindex>

            """)
        let run = try folder.aasalint(["match", "apple-app-site-association", "--sitemap", "site/index.xml"])
        // As other unreadable lines of a URL source, they are skipped and said; the rest is decided.
        run.expectGraceful(status: 0, stdout: ["1 open the app", "(3 unreadable lines skipped)"], stderr: [
            #"child sitemap https://example.com/..%2Fsecret.xml does not name a file: its last path component is "../secret.xml""#,
            "child sitemap https://example.com/sitemaps/../../secret.xml is not beside the index as site/secret.xml",
            "child sitemap https://example.com/linked.xml is site/linked.xml, a link to ",
            "outside the index's folder; children are read only from beside the index; skipped",
        ])
        #expect(!run.output.standardOutput.contains("hunter2") && !run.output.standardError.contains("hunter2"), "\(run)")
    }

    // MARK: Signed apps

    /// An `.ipa` of `count` apps, each an Info.plist without its executable.
    static func manyApps(_ count: Int, in folder: Workspace, named name: String) throws {
        let entries = (0..<count).map { TestZipWriter.Entry("Payload/App\($0).app/Info.plist", HostileArtifactTests.infoPlist()) }
        try TestZipWriter.write(entries, to: folder.place(name))
    }

    /// Listing the bundles scanned every entry for every bundle: 20,000 apps took sixteen times
    /// the processor time of 5,000, or more. Linear growth would be four times; eight allows for noise.
    @Test func anIpaOfThousandsOfAppsIsReadInLinearTime() throws {
        let folder = try Workspace("hostile-read")
        try Self.manyApps(5_000, in: folder, named: "Small.ipa")
        try Self.manyApps(20_000, in: folder, named: "Large.ipa")
        let small = try folder.aasalint(["lint", "--no-config", "Small.ipa"])
        let large = try folder.aasalint(["lint", "--no-config", "Large.ipa"])
        small.expectGraceful(status: 2, stderr: ["Small.ipa!Payload/App4999.app/Shop: not in the archive"])
        large.expectGraceful(status: 2, stderr: ["Large.ipa!Payload/App19999.app/Shop: not in the archive"])
        #expect(large.processorTime < small.processorTime * 8, "5,000 apps: \(small.processorTime); 20,000: \(large.processorTime)")
    }

    /// 2,000 extensions whose Info.plist and executable are the app's own local headers, named
    /// again: each would be read and inflated once for each name.
    @Test func zipEntriesThatShareALocalHeaderAreRefused() throws {
        let folder = try Workspace("hostile-read")
        var entries = HostileArtifactTests.app(TestZipWriter.Entry("Payload/Shop.app/Shop", try HostileArtifactTests.signedExecutable(), method: 8))
        for index in 0..<2_000 {
            var info = entries[0], executable = entries[1]
            info.name = "Payload/Shop.app/PlugIns/P\(index).appex/Info.plist"
            info.sharesLocalHeaderOf = 0
            executable.name = "Payload/Shop.app/PlugIns/P\(index).appex/Shop"
            executable.sharesLocalHeaderOf = 1
            entries += [info, executable]
        }
        try TestZipWriter.write(entries, to: folder.place("Shared.ipa"))
        let run = try folder.aasalint(["lint", "--no-config", "Shared.ipa"])
        run.expectGraceful(status: 2, memory: 100 * Self.megabyte, stderr: [
            "Shared.ipa!Payload/Shop.app/Info.plist: not read: its local header (offset 0) is also that of 2000 other entries",
            "Shared.ipa!Payload/Shop.app/PlugIns/P1999.appex/Info.plist: not read: its local header (offset 0)",
        ])
    }

    /// Entries with headers of their own whose data run into the next entry's header.
    @Test func zipEntriesWhoseDataOverlapAreRefused() throws {
        let folder = try Workspace("hostile-read")
        let info = HostileArtifactTests.infoPlist()
        var entries = HostileArtifactTests.app(HostileArtifactTests.executableEntry(try HostileArtifactTests.signedExecutable()))
        entries[0].declaredCompressedSize = info.count + 60
        entries[0].declaredUncompressedSize = info.count + 60
        try TestZipWriter.write(entries, to: folder.place("Overlap.ipa"))
        let run = try folder.aasalint(["lint", "--no-config", "Overlap.ipa"])
        run.expectGraceful(status: 2, stderr: ["Payload/Shop.app/Info.plist: its \(info.count + 60) bytes at offset", "run into the next entry's header"])
    }

    /// Entries under the ratio check, each inflated in turn, share one budget per archive.
    @Test func theBytesInflatedFromOneArchiveAreBounded() throws {
        let folder = try Workspace("hostile-read")
        let data = [UInt8](repeating: 7, count: 1_000)
        try TestZipWriter.write([TestZipWriter.Entry("a", data, method: 8), TestZipWriter.Entry("b", data, method: 8)], to: folder.place("Two.ipa"))
        var limits = ZipLimits()
        limits.maximumInflatedSize = 1_500
        let archive = try ZipArchive(source: FileArtifactSource(path: folder.place("Two.ipa").path), limits: limits)
        #expect(try archive.contents(of: archive.entries[0]) == data)
        #expect {
            try archive.contents(of: archive.entries[1])
        } throws: { error in
            "\(error)".contains("b: not inflated: with its 1000 bytes, the entries read from this archive would expand past 1500 bytes together")
        }
    }

    /// A fat header whose four architectures are one 16 MB slice: its signature, and its
    /// entitlements, would be read and kept four times.
    @Test func fatArchitecturesThatOverlapAreRefused() throws {
        let folder = try Workspace("hostile-read")
        let padding = [UInt8](repeating: 0, count: 16 * Self.megabyte)
        let thin = HostileArtifactTests.signed(HostileArtifactTests.superBlob(count: 1, index: [(5, 20)], HostileArtifactTests.entitlementsBlob())) + padding
        let be32 = HostileArtifactTests.be32
        let records = (0..<4).flatMap { _ in be32(0x0100_000C) + be32(0) + be32(4096) + be32(thin.count) + be32(14) }
        let header = be32(0xCAFE_BABE) + be32(4) + records
        let fat = header + [UInt8](repeating: 0, count: 4096 - header.count) + thin
        try TestZipWriter.write(HostileArtifactTests.app(HostileArtifactTests.executableEntry(fat)), to: folder.place("Fat.ipa"))
        let run = try folder.aasalint(["lint", "--no-config", "Fat.ipa"])
        run.expectGraceful(status: 2, memory: 100 * Self.megabyte, stderr: ["Payload/Shop.app/Shop: fat architectures ", " overlap (bytes 4096..<"])
    }

    @Test func entitlementsOfMoreThan4MegabytesAreNotKept() throws {
        let folder = try Workspace("hostile-read")
        let be32 = HostileArtifactTests.be32
        let plist = [UInt8](repeating: 0x20, count: 5 * Self.megabyte)
        let blob = be32(0xFADE_7171) + be32(8 + plist.count) + plist
        let executable = HostileArtifactTests.signed(HostileArtifactTests.superBlob(count: 1, index: [(5, 20)], blob))
        try TestZipWriter.write(HostileArtifactTests.app(HostileArtifactTests.executableEntry(executable)), to: folder.place("Large.ipa"))
        let run = try folder.aasalint(["lint", "--no-config", "Large.ipa"])
        run.expectGraceful(status: 2, stderr: ["arm64: the entitlements of the code signature are \(plist.count) bytes, more than the 4194304 aasalint keeps"])
    }

    // MARK: Folder walks

    /// A link committed to a repository, to `../.git-credentials` and named as an AASA file, was
    /// linted, and its content quoted by `--snippet` and GitHub annotations. It is skipped with
    /// a note; a link inside the repository is still followed, and a link named on the command
    /// line is still linted.
    @Test func fileLinksOutOfTheFolderWalkedAreSkippedWithANote() throws {
        let folder = try Workspace("hostile-read")
        try folder.write(".git-credentials", "https://ci:hunter2@github.com\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("tree/.git"), withIntermediateDirectories: true)
        try folder.write("tree/site/apple-app-site-association", #"{"applinks": {"details": []}}"#)
        try folder.symbolicLink("tree/apple-app-site-association", to: "../.git-credentials")
        try folder.symbolicLink("tree/copy/apple-app-site-association", to: "../site/apple-app-site-association")
        for options in [["--snippet"], ["--format", "github"]] {
            let run = try folder.aasalint(["lint", "--no-config"] + options + ["tree"])
            run.expectGraceful(status: 1, stderr: [
                "aasalint: warning: tree/apple-app-site-association: not linted: it is a symbolic link to a file outside the repository",
            ])
            #expect(run.output.standardOutput.contains("tree/copy/apple-app-site-association"), "\(run)")
            #expect(!run.output.standardOutput.contains("hunter2") && !run.output.standardError.contains("hunter2"), "\(run)")
        }
        let named = try folder.aasalint(["lint", "--no-config", "tree/apple-app-site-association"])
        named.expectGraceful(status: 1, stdout: ["tree/apple-app-site-association:1:1"])
    }

    // MARK: Plugins

    /// The plugin answers and exits, leaving a child that moved to a process group of its own
    /// (as `setpgid`, a shell's `set -m` or a detached job do): it is ended with the plugin.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/perl"), "perl moves the child to a group of its own"))
    func aChildThePluginLeftInAnotherGroupEndsWithIt() throws {
        let folder = try Workspace("hostile-read")
        try folder.write("apple-app-site-association", Self.aasa)
        // The child writes its ID once it is in its own group, and the plugin answers only then.
        try folder.write(".aasalint.yml", HostileInputTests.plugin(
            command: #"/usr/bin/perl -e 'setpgrp(0, 0); open(my $f, ">", "child.pid"); print $f $$; close($f); sleep 1000' > /dev/null 2>&1 & "#
                + #"while [ ! -s child.pid ]; do sleep 0.05; done; echo '{"diagnostics": []}'"#))
        let lint = try folder.aasalint(["lint", "--quiet", "apple-app-site-association"], environment: HostileInputTests.pluginsAllowed)
        lint.expectGraceful(status: 0)
        let child = try #require(Int32(try String(contentsOf: folder.url.appendingPathComponent("child.pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(HostileInputTests.ends(child), "the plugin's child \(child) is still running")
    }
}
