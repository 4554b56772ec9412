@testable import AASALintCore
import Testing

@Suite struct GlobTests {
    @Test(arguments: [
        ("web/**", "web/.well-known/apple-app-site-association", true),
        ("web/**", "web", true),
        ("web/**", "website/a", false),
        ("**/Fixtures/**", "a/b/Fixtures/c/d.json", true),
        ("**/Fixtures/**", "Fixtures/x", true),
        ("ios/**/*Release*.entitlements", "ios/App/AppRelease.entitlements", true),
        ("ios/**/*Release*.entitlements", "ios/AppRelease.entitlements", true),
        ("ios/**/*Release*.entitlements", "ios/App/AppDebug.entitlements", false),
        ("*.entitlements", "deep/in/tree/App.entitlements", true),
        ("*.entitlements", "App.entitlements.bak", false),
        ("a/*/c", "a/b/c", true),
        ("a/*/c", "a/b/x/c", false),
        ("a/?/c", "a/b/c", true),
        ("a/[bc]/d", "a/c/d", true),
        ("a/[!bc]/d", "a/c/d", false),
        ("a/[a-c]x", "a/bx", true),
        ("./web/*.json", "web/a.json", true),
        ("legacy/**/apple-app-site-association", "legacy/x/y/apple-app-site-association", true),
        ("*a*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) throws {
        #expect(try Glob(pattern).matches(path) == expected)
    }

    /// A file inside a signed app: a pattern without `!` is matched against the artifact's path
    /// (so it covers what is inside), one with `!` against both parts.
    @Test(arguments: [
        ("build/Shop.ipa", "build/Shop.ipa!Payload/Shop.app/Shop", true),
        ("*.ipa", "build/Shop.ipa!Payload/Shop.app/Shop", true),
        ("build/**", "build/Shop.ipa!Payload/Shop.app/Shop", true),
        ("**/Shop", "build/Shop.ipa!Payload/Shop.app/Shop", false),
        ("*.mobileprovision", "build/Shop.ipa!Payload/Shop.app/embedded.mobileprovision", false),
        ("build/Shop.ipa!Payload/Shop.app/Shop", "build/Shop.ipa!Payload/Shop.app/Shop", true),
        ("build/*.ipa!Payload/*.app/PlugIns/**", "build/Shop.ipa!Payload/Shop.app/PlugIns/ShopWidget.appex/ShopWidget", true),
        ("build/*.ipa!Payload/*.app/PlugIns/**", "build/Shop.ipa!Payload/Shop.app/Shop", false),
        ("*.ipa!embedded.mobileprovision", "out/Shop.ipa!Payload/Shop.app/AppClips/ShopClip.app/embedded.mobileprovision", true),
        ("*.xcarchive!**/Shop", "Shop.xcarchive!Products/Applications/Shop.app/Shop", true),
        ("build/Shop.ipa!Payload/Shop.app/Shop", "build/Shop.ipa", false),
        ("*.ipa!Shop", "Shop.entitlements", false),
        ("a/[!b]/c", "a/x/c", true),
        ("ios/Go Map!!/Go Map!!.entitlements", "ios/Go Map!!/Go Map!!.entitlements", true),
        ("*.IPA!Payload/**", "Shop.ipa!Payload/Shop.app/Shop", false),
    ])
    func matchesInsideArtifacts(pattern: String, path: String, expected: Bool) throws {
        #expect(try Glob(pattern).matches(path) == expected)
    }

    @Test func aPatternThatReachesInsideAnArtifactSelectsIt() throws {
        #expect(try Glob("build/*.ipa!Payload/Shop.app/Shop").reachesInside(artifact: "build/Shop.ipa"))
        #expect(try !Glob("build/*.ipa").reachesInside(artifact: "build/Shop.ipa"))
        #expect(try Glob("build/*.ipa!Payload/Shop.app/Shop").fixedPrefix == "build")
        #expect(throws: Glob.SyntaxError.self) { try Glob("build/Shop.ipa!") }
        #expect(try !Glob("!Payload/Shop.app/Shop").reachesInside(artifact: "Shop.ipa"), "a ! after no artifact's extension is part of a name")
    }

    /// Where every path a pattern matches lies: what a run must cover to judge an ignore entry.
    @Test(arguments: [
        ("web/.well-known/apple-app-site-association", "web/.well-known/apple-app-site-association"),
        ("./web/**/apple-app-site-association", "web"),
        ("ios/App/*.entitlements", "ios/App"),
        ("ios/[AB]pp/x.entitlements", "ios"),
        ("*.entitlements", ""),
        ("apple-app-site-association", ""),
        ("**/Fixtures/**", ""),
    ])
    func fixedPrefix(pattern: String, prefix: String) throws {
        #expect(try Glob(pattern).fixedPrefix == prefix)
    }

    @Test(arguments: [
        ("", "an empty pattern matches nothing"),
        ("a/[bc", "'[' is not closed by ']' in 'a/[bc'"),
        ("a/**b/c", "'**' must be a whole path segment, as in 'web/**/file' (in 'a/**b/c')"),
    ])
    func invalidPatterns(pattern: String, message: String) {
        #expect(throws: Glob.SyntaxError(message: message)) { try Glob(pattern) }
    }
}
