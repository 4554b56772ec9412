@testable import AASALintCore
import Foundation
import Testing

@Suite struct ProvisioningProfileTests {
    static func profile(_ name: String) throws -> LintFile {
        let bytes = try [UInt8](Data(contentsOf: CMSSignedDataTests.profiles.appendingPathComponent(name)))
        return LintFile(path: name, kind: FileDiscovery.kind(ofExplicitName: name), bytes: bytes)
    }

    @Test(arguments: [
        ("development.mobileprovision", ProvisioningProfile.Kind.development),
        ("adhoc.mobileprovision", .adHoc),
        ("appstore.mobileprovision", .appStore),
        ("streamed.mobileprovision", .appStore),
        ("enterprise.mobileprovision", .enterprise),
    ])
    func sortsProfilesByWhoMayRunTheApp(name: String, kind: ProvisioningProfile.Kind) throws {
        let profile = try #require(try Self.profile(name).profile)
        #expect(profile.kind == kind)
        #expect(profile.kind.isDistribution == (kind != .development))
    }

    @Test func readsThePayloadWithPositionsInsideIt() throws {
        let file = try Self.profile("adhoc.mobileprovision")
        #expect(file.kind == .provisioningProfile)
        let profile = try #require(file.profile)
        #expect(profile.name?.value == "Shop Ad Hoc")
        #expect(profile.teamIdentifiers.map(\.value) == ["Q7KX2M9P4L"])
        #expect(profile.provisionedDevices.count == 2)
        #expect(profile.applicationIdentifier == "Q7KX2M9P4L.com.example.shop")
        #expect(profile.expiresAt == ISO8601DateFormatter().date(from: "2027-01-01T00:00:00Z"))
        // Lines count in the property list, whose line 1 is its <?xml declaration.
        #expect(file.location(JSONPointer.root.appending("Name")).range.start.line > 1)
        #expect(file.payload.starts(with: Array("<?xml".utf8)))
    }

    @Test func allowsDomainsListedOrAny() throws {
        let listed = try #require(try Self.profile("appstore.mobileprovision").profile)
        #expect(listed.allowsDomain("applinks:shop.example.com"))
        #expect(listed.allowsDomain("applinks:shop.example.com?mode=developer"))
        #expect(!listed.allowsDomain("applinks:blog.example.com"))
        #expect(try #require(try Self.profile("domains-any.mobileprovision").profile).allowsDomain("applinks:blog.example.com"))
        #expect(try #require(try Self.profile("no-associated-domains.mobileprovision").profile).allowedDomains == nil)
    }

    @Test func matchesBundleIdentifiersAgainstWildcardProfiles() throws {
        let wildcard = try #require(try Self.profile("wildcard.mobileprovision").profile)
        #expect(wildcard.allows(team: "Q7KX2M9P4L", bundleIdentifier: "com.example.anything"))
        #expect(!wildcard.allows(team: "Z9Y8X7W6V5", bundleIdentifier: "com.example.anything"))
        let exact = try #require(try Self.profile("appstore.mobileprovision").profile)
        #expect(exact.allows(team: "Q7KX2M9P4L", bundleIdentifier: "com.example.shop"))
        #expect(!exact.allows(team: "Q7KX2M9P4L", bundleIdentifier: "com.example.shop.widget"))
    }

    @Test(arguments: ["embedded.mobileprovision", "Shop_AppStore.mobileprovision", "Mac.provisionprofile"])
    func profilesAreFoundByName(name: String) {
        #expect(FileDiscovery.kind(ofDiscoveredName: name) == .provisioningProfile)
        #expect(FileDiscovery.kind(ofExplicitName: "some/folder/" + name) == .provisioningProfile)
    }
}
