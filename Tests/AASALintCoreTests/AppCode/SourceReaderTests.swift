@testable import AASALintCore
import Foundation
import Testing

/// The lexical reader of Swift and Objective-C: names in code are found, names in comments and
/// strings are not, and declarations are named as the compiler names them.
@Suite struct SourceReaderTests {
    static func outline(_ text: String, _ language: SourceLexer.Language = .swift) -> SourceOutline {
        SourceOutline(SourceLexer(Array(text.utf8), language: language).tokens(), language: language)
    }

    static func identifiers(_ text: String, _ language: SourceLexer.Language = .swift) -> [String] {
        outline(text, language).tokens.filter { $0.kind == .identifier }.map(\.text)
    }

    /// `'` stands for `"` and `~` for a backslash, which would need escapes in these literals.
    @Test(arguments: [
        ("a // b\nc", ["a", "c"]),
        ("a /* b /* nested */ c */ d", ["a", "d"]),
        ("a 'b ~(c) d' e", ["a", "c", "e"]),
        ("a '~(f('x)')) y' b", ["a", "f", "b"]),
        ("a '''\n b ' c ~(d) ''' e", ["a", "d", "e"]),
        ("a #'b 'c' ~(d) ~#(e)'# f", ["a", "e", "f"]),
        ("a ##'b '# c'## d", ["a", "d"]),
        ("a `default` b", ["a", "default", "b"]),
        ("a '' b #''# c", ["a", "b", "c"]),
    ])
    func swiftCommentsAndStringsHoldNoNames(text: String, names: [String]) {
        let source = text.replacingOccurrences(of: "'", with: "\"").replacingOccurrences(of: "~", with: "\\")
        #expect(Self.identifiers(source) == names, "\(source)")
    }

    @Test func objectiveCStringsCharactersAndCommentsHoldNoNames() {
        let text = #"a @"b \" c" 'd' /* e /* f */ g // h"# + "\ni"
        #expect(Self.identifiers(text, .objectiveC) == ["a", "g", "i"])
    }

    @Test func unterminatedCommentsAndStringsAreSaid() {
        for text in ["a /* b", "a /* /* b */", "\"\"\"\n a", "#\"a\"", "\"a\n", "\"\\(a"] {
            #expect(!Self.outline(text).isBalanced, "\(text)")
        }
        #expect(Self.outline("a /* b */ \"c\" { (d) }").isBalanced)
        #expect(!Self.outline("{ ( }").isBalanced)
    }

    @Test func swiftFunctionsAreNamedByTheirArgumentLabels() throws {
        let text = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    handle(connectionOptions.userActivities)
                }
                func scene<T>(_ scene: UIScene, continue userActivity: NSUserActivity, extra: [String: Int] = [:]) async throws -> T where T: Any { fatalError() }
                func declared(_ a: Int)
            }
            """
        let outline = Self.outline(text)
        #expect(outline.functions.map(\.name) == ["scene(_:willConnectTo:options:)", "scene(_:continue:extra:)", "declared(_:)"])
        #expect(outline.functions.map(\.enclosingType) == ["SceneDelegate", "SceneDelegate", "SceneDelegate"])
        #expect(outline.functions[0].parameters.map(\.name) == ["scene", "session", "connectionOptions"])
        #expect(outline.functions[2].body == nil)
        let body = try #require(outline.functions[0].body)
        #expect(outline.mentions("userActivities", in: body))
        let continuing = try #require(outline.functions[1].body)
        #expect(!outline.mentions("userActivities", in: continuing))
        #expect(outline.types.map(\.name) == ["SceneDelegate"])
        #expect(outline.types[0].inherited == ["UIResponder", "UIWindowSceneDelegate"])
    }

    @Test func objectiveCMethodsAreNamedByTheirSelectors() {
        let text = """
            #import <UIKit/UIKit.h>
            @import Firebase;
            @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
            @end
            @implementation SceneDelegate
            - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                if (x) { [self done]; }
            }
            - (void)sceneDidBecomeActive:(UIScene *)scene { int y = -(1); }
            + (instancetype)shared;
            @end
            """
        let outline = Self.outline(text, .objectiveC)
        #expect(outline.functions.map(\.name) == ["scene:willConnectToSession:options:", "sceneDidBecomeActive:", "shared"])
        #expect(outline.functions.map(\.enclosingType) == ["SceneDelegate", "SceneDelegate", "SceneDelegate"])
        #expect(outline.functions[0].parameters.last?.name == "connectionOptions")
        #expect(outline.imports == ["UIKit", "Firebase"])
        #expect(outline.types.first?.inherited == ["UIResponder", "UIWindowSceneDelegate"])
    }

    @Test func macrosAndConditionsAreSeen() {
        #expect(Self.outline("let x = #stringify(a)").hasMacros)
        #expect(!Self.outline("let x = #selector(a) ; #if DEBUG\n #endif").hasMacros)
        #expect(Self.outline("#define HANDLE(x) x", .objectiveC).hasMacros)
        #expect(Self.outline("func f() {\n#if DEBUG\n a()\n#endif\n}").conditionalTokens.count == 1)
    }

    @Test func targetsListTheFilesTheyCompile() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/rules/cold-start-link-ignored")
        let classic = try XcodeProject(path: "ios/Shop.xcodeproj", pbxproj: [UInt8](Data(contentsOf: folder.appendingPathComponent(
            "xcode-target/ios/Shop.xcodeproj/project.pbxproj"))))
        #expect(classic.targets.map(\.name) == ["Shop"])
        #expect(classic.targets[0].sourceFiles == ["ios/Shop/AppDelegate.swift", "ios/Shop/Scenes/SceneDelegate.swift", "ios/Shop/Navigation/Router.swift"])
        #expect(classic.configurations.last?.path(ofSetting: "INFOPLIST_FILE") == "ios/Shop/Info.plist")
        let synchronized = try XcodeProject(path: "ios/Shop.xcodeproj", pbxproj: [UInt8](Data(contentsOf: folder.appendingPathComponent(
            "xcode-synchronized-folder/ios/Shop.xcodeproj/project.pbxproj"))))
        #expect(synchronized.targets[0].sourceFiles.isEmpty)
        #expect(synchronized.targets[0].synchronizedFolders.map(\.path) == ["ios/Shop"])
        #expect(synchronized.targets[0].synchronizedFolders.first?.exceptions == ["Legacy/OldSceneDelegate.swift"])
    }
}
