@testable import AASALintCore
import Foundation
import Testing

/// The zip, Mach-O and bundle readers on the fixtures of `scripts/make-artifact-fixtures.py`.
@Suite struct ArtifactReaderTests {
    static let artifacts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/artifacts")

    static func path(_ name: String) -> String { artifacts.appendingPathComponent(name).path }

    static func slices(_ name: String) throws -> [MachOSlice] {
        try MachOFile.slices(of: FileArtifactSource(path: path("macho/" + name)))
    }

    static func entitlementKeys(_ slice: MachOSlice) throws -> [String] {
        try PlistReader.parse(#require(slice.signature?.entitlements)).members?.map(\.key) ?? []
    }

    @Test func zipListsEntriesAndReadsStoredAndDeflated() throws {
        let archive = try ZipArchive(source: FileArtifactSource(path: Self.path("Shop.ipa")))
        #expect(archive.entries.count == 9)
        let executable = try #require(archive.entry(named: "Payload/Shop.app/Shop"))
        #expect(executable.method == .deflated)
        #expect(try archive.contents(of: executable) == [UInt8](Data(contentsOf: Self.artifacts.appendingPathComponent("Shop.app/Shop"))))
        let info = try #require(archive.entry(named: "Payload/Shop.app/Info.plist"))
        #expect(info.method == .stored)
        #expect(try PlistReader.parse(archive.contents(of: info)).member("CFBundleExecutable")?.value.stringValue == "Shop")
    }

    @Test func thinSlicesInEitherByteOrderAndWordSize() throws {
        let little = try Self.slices("thin-arm64")
        #expect(little.map(\.architecture) == ["arm64"])
        #expect(try Self.entitlementKeys(little[0]).contains("com.apple.developer.associated-domains"))
        #expect(little[0].signature?.hasCodeDirectory == true)
        #expect(little[0].signature?.derEntitlements?.first == 0x70)
        let big = try Self.slices("thin-ppc-big-endian-32")
        #expect(big.map(\.architecture) == ["CPU type 18"])
        #expect(big[0].signature?.entitlements == little[0].signature?.entitlements)
    }

    @Test func fatAndFat64Slices() throws {
        #expect(try Self.slices("fat-arm64-armv7").map(\.architecture) == ["arm64", "armv7"])
        let fat64 = try Self.slices("fat64-arm64-x86_64")
        #expect(fat64.map(\.architecture) == ["arm64", "x86_64"])
        #expect(fat64[0].signature?.entitlements == fat64[1].signature?.entitlements)
        let disagreeing = try Self.slices("fat-disagreeing")
        #expect(disagreeing[0].signature?.entitlements != disagreeing[1].signature?.entitlements)
    }

    @Test(arguments: [("Shop.ipa", ArtifactBundle.Layout.ipa, "Payload/Shop.app"),
                      ("Shop.xcarchive", .xcarchive, "Products/Applications/Shop.app"),
                      ("Shop.app", .app, "")])
    func layoutsFindTheAppItsClipAndItsExtension(name: String, layout: ArtifactBundle.Layout, app: String) throws {
        let contents = try ArtifactBundle.read(path: Self.path(name), shownAs: name, layout: layout)
        #expect(contents.problems == [])
        let prefix = app.isEmpty ? "" : app + "/"
        #expect(contents.bundles.map(\.executablePath) == [prefix + "Shop", prefix + "AppClips/ShopClip.app/ShopClip", prefix + "PlugIns/ShopWidget.appex/ShopWidget"])
        #expect(contents.bundles.map(\.kind) == [.application, .appClip, .appExtension])
        #expect(contents.bundles.map(\.bundleIdentifier) == ["com.example.shop", "com.example.shop.Clip", "com.example.shop.widget"])
        #expect(contents.bundles[0].slices.map(\.architecture) == ["arm64", "x86_64"])
        #expect(contents.bundles.allSatisfy { $0.embeddedProfile?.first == 0x30 })
        #expect(contents.bundles[0].displayPath == name + "!" + prefix + "Shop")
    }

    @Test func displayPathsSplitAtTheArtifact() {
        #expect(SignedBundle.split(displayPath: "out/Shop.ipa!Payload/Shop.app/Shop")! == ("out/Shop.ipa", "Payload/Shop.app/Shop"))
        #expect(SignedBundle.split(displayPath: "Shop.xcarchive!Products/Applications/Shop.app/Shop")! == ("Shop.xcarchive", "Products/Applications/Shop.app/Shop"))
        #expect(SignedBundle.split(displayPath: "ios/Shop!.entitlements") == nil)
    }
}
