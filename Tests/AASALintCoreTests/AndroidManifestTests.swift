@testable import AASALintCore
import Testing

@Suite struct AndroidManifestTests {
    static let manifest = """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:a="http://schemas.android.com/apk/res/android" package="com.example.shop">
          <uses-sdk a:minSdkVersion="26" a:targetSdkVersion="34"/>
          <application>
            <activity a:name=".Main">
              <intent-filter a:autoVerify="true">
                <action a:name="android.intent.action.VIEW"/>
                <category a:name="android.intent.category.DEFAULT"/>
                <category a:name="android.intent.category.BROWSABLE"/>
                <data a:scheme="https" a:host="a.example.com" a:path="/x"/>
                <data a:scheme="http" a:host="b.example.com" a:port="8080" a:pathPrefix="/y/&amp;z"/>
              </intent-filter>
            </activity>
            <activity-alias a:name=".Alias" a:targetActivity=".Main"/>
          </application>
        </manifest>
        """

    @Test func readsFiltersWithPositionsUnderTheDeclaredPrefix() throws {
        let bytes = Array(Self.manifest.utf8)
        let manifest = try #require(AndroidManifest(root: try XMLElementReader.root(of: bytes)))
        #expect(manifest.androidPrefix == "a")
        #expect(manifest.packageName?.value == "com.example.shop")
        #expect(manifest.minSdkVersion == 26 && manifest.targetSdkVersion == 34)
        #expect(manifest.activities.map(\.name) == [".Main", ".Alias"])
        let filter = try #require(manifest.activities.first?.filters.first)
        #expect(filter.isCollectedForVerification)
        #expect(filter.schemes.map(\.value) == ["https", "http"])
        #expect(filter.authorities.map(\.host.value) == ["a.example.com", "b.example.com"])
        #expect(filter.authorities.map { $0.port?.value } == [nil, "8080"])
        #expect(filter.paths.map(\.value.value) == ["/x", "/y/&z"])
        let host = filter.authorities[1].host
        #expect(String(decoding: bytes[host.span], as: UTF8.self) == "b.example.com")
        #expect(host.pointer.description == "/application/0/activity/0/intent-filter/0/data/1/a:host")
    }

    @Test func hostileInputIsRefusedNotExpanded() {
        let entity = #"<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa">]><manifest/>"#
        #expect(throws: PlistSyntaxError.self) { try XMLElementReader.root(of: Array(entity.utf8)) }
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(throws: PlistSyntaxError.self) { try XMLElementReader.root(of: Array(deep.utf8)) }
    }

    @Test func aaptEscapesAreResolvedBeforeMatching() {
        #expect(IntentFilter.compiled(#"/files/.*\\.pdf"#) == #"/files/.*\.pdf"#)
        #expect(IntentFilter.compiled(#"/a\.b"#) == "/a.b")
        #expect(IntentFilter.compiled("/plain") == "/plain")
    }
}

/// The matcher against ANDROID.md's worked examples and the AOSP/CTS cases it cites.
@Suite struct AndroidPathPatternTests {
    @Test("simple globs (PatternMatcher.matchGlobPattern)", arguments: [
        ("/a1*b", "/ab", true), ("/a1*b", "/a11b", true), ("/a1*b", "/a1bc", false),
        ("/a.c", "/abc", true), ("/ab*c", "/ac", true), ("/ab*c", "/abbbc", true),
        ("/.*/foo", "/a/b/foo", false), ("/.*/foo", "/a/foo", true), (#"/.*\.pdf"#, "/file.v2.pdf", false),
        (#"/.*\.pdf"#, "/file.pdf", true), ("/a.*b", "/a.bc", false), ("/product/.*", "/product/", true),
        ("/product/.*", "/product", false), ("/product/.*", "/product/1/2", true), ("", "", true), ("", "/", false),
        (#"/\.*x"#, "/...x", true),
    ])
    func simpleGlob(pattern: String, path: String, matches: Bool) throws {
        #expect(try AndroidPathPattern(kind: .simpleGlob, pattern: pattern).matches(path) == matches)
    }

    @Test("advanced globs (PatternMatcher.matchAdvancedPattern)", arguments: [
        ("/[a-z]{1,5}", "/zazaz", true), ("/[a-z]{1,5}", "/azazaz", false),
        (#"/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\.html"#, "/2016/09/07/got_this_working.html", true),
        (#"/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\.html"#, "/2016/9/7/got_this_working.html", false),
        ("/.*x", "/ax", false), ("/b*a*bar.*", "/babar", true), ("/b*a*bar.*", "/bar", false),
        ("/[z-a]", "/m", false), ("/[^/]+/x", "/abc/x", true), ("/[.*+{}]+", "/.*+{}", true), ("/a{2,}", "/aaaa", true),
    ])
    func advancedGlob(pattern: String, path: String, matches: Bool) throws {
        #expect(try AndroidPathPattern(kind: .advancedGlob, pattern: pattern).matches(path) == matches)
    }

    @Test("malformed advanced patterns are refused (testAdvancedPatternPoorFormatThrowsIllegalArgumentException)", arguments: [
        "[a-z", "[]", "[]a]", "a{,4}", "a{}", "{3,4}", "a+{3,4}", "*.", ".+*", "a{3,4", #"abc\"#, "+.",
        "[" + String(repeating: "a", count: 1024) + "]",
    ])
    func malformedAdvancedPattern(pattern: String) {
        #expect(throws: AndroidPatternError.self) { try AndroidPathPattern(kind: .advancedGlob, pattern: pattern) }
    }

    @Test func prefixLiteralAndSuffix() throws {
        #expect(try AndroidPathPattern(kind: .prefix, pattern: "/foo").matches("/foobar"))
        #expect(try !AndroidPathPattern(kind: .literal, pattern: "/foo").matches("/foo/"))
        #expect(try AndroidPathPattern(kind: .suffix, pattern: ".html").matches("/a/b.html"))
    }

    @Test func longPathsAreDecidedWithoutBacktracking() throws {
        let pattern = try AndroidPathPattern(kind: .advancedGlob, pattern: "/[a-z]*[0-9]*x")
        let long = "/" + String(repeating: "a", count: 200_000)
        #expect(!pattern.matches(long))
        #expect(try !AndroidPathPattern(kind: .simpleGlob, pattern: "/a*a*a*a*b").matches(long))
    }
}
