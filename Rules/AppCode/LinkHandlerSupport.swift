import AASALintCore

/// What the rules about an app's link handlers share: the entry points by name, in Swift and
/// Objective-C, and what their documentation says about the reader.
enum LinkHandlerSupport {
    static let warmSceneHandler = ["scene(_:continue:)", "scene:continueUserActivity:"]
    static let coldSceneHandler = ["scene(_:willConnectTo:options:)", "scene:willConnectToSession:options:"]
    static let appDelegateHandler = ["application(_:continue:restorationHandler:)", "application:continueUserActivity:restorationHandler:"]
    static let warmURLContextsHandler = ["scene(_:openURLContexts:)", "scene:openURLContexts:"]
    /// SwiftUI's modifiers, which receive links on a cold start and a warm one.
    static let swiftUIHandlers = ["onOpenURL", "onContinueUserActivity", "handlesExternalEvents"]
    /// Names that only code that receives a link reads.
    static let linkNames = swiftUIHandlers + [
        "NSUserActivityTypeBrowsingWeb", "webpageURL", "userActivities", "userActivity", "userActivityDictionary",
        "UIApplicationLaunchOptionsUserActivityDictionaryKey", "continueUserActivity", "restorationHandler",
    ]

    /// The paragraph each rule's documentation ends with.
    static let readerLimits = """
        **What aasalint reads.** These rules run for an entitlements file that claims `applinks:`. \
        The app's code is the Swift and Objective-C sources of the Xcode target that signs with \
        it (its Sources build phase and Xcode 16 synchronized folders, from `project.pbxproj`) \
        and its Info.plist (`INFOPLIST_FILE`, and `INFOPLIST_KEY_` settings); without an Xcode \
        project, the `.swift`, `.m`, `.mm` and `.h` files under the entitlements file's folder \
        (and its `Info.plist` when there is one); the header beside each `.m` of a target is \
        read for the class's superclass. For an XcodeGen target, the folders and files of its \
        `sources` (an entry with options such as `excludes` leaves the target unread) and the \
        Info.plist of its `INFOPLIST_FILE` setting; a Swift package is read like a folder without \
        a project. A \
        lexical reader, not a compiler, finds declarations and calls by name: it knows \
        comments, strings (multi-line, raw, interpolated) and braces, but not types, overloads, \
        inherited methods, macro expansions or which `#if` branch is built. So the rules stay \
        silent when they cannot tell: a file that is generated, uses macros or `#define`, or \
        does not read to its end; an app that imports a module outside Apple's SDKs (a \
        library may handle links, or swizzle the app delegate), whose delegates inherit from \
        a framework's class, or that has no single `@main`; a handler that passes its \
        argument on to code the reader cannot follow, or holds a `#if`.
        """

    /// The first `applinks:` entry of `file`, and an example URL on its host.
    static func applinksEntry(of file: LintFile) -> (pointer: JSONPointer, exampleURL: String)? {
        guard let entry = file.entitlements?.associatedDomains.first(where: { $0.value.service == "applinks" }) else { return nil }
        let host = entry.value.isWildcard ? "www." + entry.value.apex : entry.value.hostName
        return (entry.pointer, "https://\(host)/")
    }
}
