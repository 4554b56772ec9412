@testable import AASALintCore
import Foundation
import Testing

@Suite struct ReleaseFilesTests {
    static let entitlements = ["ios/Shop/Shop.entitlements", "ios/Shop/ShopDebug.entitlements", "ios/Other.entitlements"]

    static func files(_ paths: [String]) -> [LintFile] {
        paths.map { LintFile(path: $0, kind: .entitlements, bytes: []) }
    }

    @Test func withoutConfigurationNothingIsARelease() {
        let release = ReleaseFiles(configuration: Configuration())
        #expect(Self.entitlements.allSatisfy { !release.isRelease($0) })
    }

    @Test func releaseFlagMakesEveryFileARelease() {
        let release = ReleaseFiles(configuration: Configuration(), options: RunOptions(treatsAllEntitlementsAsRelease: true))
        #expect(Self.entitlements.allSatisfy(release.isRelease))
        #expect(release.reasonText(for: "any.entitlements") == "--release")
    }

    @Test func globsMatchPathsRelativeToTheConfigurationFolder() throws {
        let configuration = Configuration(directory: "ios",
                                          releaseEntitlements: [try Glob("Shop/Shop.entitlements"), try Glob("**/*Release*.entitlements")])
        let release = ReleaseFiles(configuration: configuration)
        #expect(release.reasonText(for: "ios/Shop/Shop.entitlements") == "release_entitlements glob \"Shop/Shop.entitlements\"")
        #expect(release.isRelease("ios/AppRelease.entitlements"))
        #expect(!release.isRelease("ios/Shop/ShopDebug.entitlements"))
        #expect(!release.isRelease("Shop/Shop.entitlements"), "outside the configuration's folder")
    }

    @Test func xcodeReleaseConfigurationsNameReleaseFilesAndExplainEveryFile() throws {
        let pbxproj = try [UInt8](Data(contentsOf: XcodeProjectTests.scenario.appendingPathComponent("ios/Shop.xcodeproj/project.pbxproj")))
        let project = try XcodeProject(path: "ios/Shop.xcodeproj", pbxproj: pbxproj)
        let release = ReleaseFiles(configuration: Configuration(), xcodeProjects: [project])
        #expect(release.isRelease("ios/Shop/Shop.entitlements"))
        #expect(!release.isRelease("ios/Shop/ShopDebug.entitlements"))
        #expect(release.explanation(for: Self.files(Self.entitlements)) == [
            "ios/Other.entitlements: not a release file (no release_entitlements glob matches it and no release configuration of a project signs with it)",
            "ios/Shop/Shop.entitlements: release file (Xcode project ios/Shop.xcodeproj, target Shop, configuration Release)",
            "ios/Shop/ShopDebug.entitlements: not a release file (signs only Xcode project ios/Shop.xcodeproj, target Shop, configuration Debug)",
        ])
        let other = ReleaseFiles(configuration: Configuration(), xcodeProjects: [project], releaseConfigurationNames: ["Debug"])
        #expect(other.isRelease("ios/Shop/ShopDebug.entitlements") && !other.isRelease("ios/Shop/Shop.entitlements"))
    }

    @Test func explanationNamesReleaseFilesThatWereNotLintedAndSettingsItCannotFollow() throws {
        let text = """
            { objects = {
                P = { isa = PBXProject; targets = (T); };
                T = { isa = PBXNativeTarget; name = App; buildConfigurationList = L; };
                L = { isa = XCConfigurationList; buildConfigurations = (R); };
                R = { isa = XCBuildConfiguration; name = Release; buildSettings = {
                    "CODE_SIGN_ENTITLEMENTS[sdk=iphoneos*]" = App/App.entitlements;
                    "CODE_SIGN_ENTITLEMENTS[sdk=macosx*]" = "$(MAC_FILE)"; }; };
            }; rootObject = P; }
            """
        let project = try XcodeProject(path: "App.xcodeproj", pbxproj: Array(text.utf8))
        let release = ReleaseFiles(configuration: Configuration(), options: RunOptions(treatsAllEntitlementsAsRelease: true),
                                   xcodeProjects: [project])
        #expect(release.explanation(for: Self.files(["Extra.entitlements"])) == [
            "--release: every entitlements file and provisioning profile is a release file",
            "Extra.entitlements: release file (--release)",
            "App/App.entitlements: release file of Xcode project App.xcodeproj, target App, configuration Release, but not among the linted files",
            "App.xcodeproj: App, configuration Release: CODE_SIGN_ENTITLEMENTS = \"$(MAC_FILE)\" holds a build setting aasalint cannot resolve, so that file is not known as a release file",
        ])
    }
}
