/// The Swift and Objective-C code of one app that claims `applinks:`, as the lexical reader
/// sees it, with what its Info.plist says about scenes and URL schemes. The rules about the
/// app's link handlers ask it by name; where it cannot vouch for having seen the whole app,
/// it says so, and they stay silent.
package struct AppCode: Sendable {
    /// A function or method of the app, with its file.
    package struct Declaration: Sendable {
        let file: AppSourceFile
        let function: SourceFunction

        /// Where the declaration's name is.
        package var location: Location { file.location(ofToken: function.nameToken) }
        package var name: String { function.name }
        package var typeName: String? { function.enclosingType }
        package var isSwift: Bool { file.language == .swift }
        /// Whether it has a body: a protocol's requirement has none.
        package var hasBody: Bool { function.body != nil }
        /// Whether the reader can judge the file the declaration is in (see `AppSourceFile.isJudgeable`).
        package var isJudgeable: Bool { file.isJudgeable }

        /// The name of the parameter whose argument label (Swift) or selector part (Objective-C) is `label`.
        package func parameterName(labeled label: String) -> String? {
            function.parameters.first { $0.label == label }?.name
        }

        /// Whether the body reads `name` (as a name, not in a comment or a string).
        package func bodyMentions(_ name: String) -> Bool {
            function.body.map { file.outline.mentions(name, in: $0) } ?? false
        }

        /// The first place in the body where `name` is read.
        package func bodyMention(of name: String) -> Location? {
            function.body.flatMap { file.outline.firstMention(of: name, in: $0) }.map(file.location(ofToken:))
        }

        /// Whether the body has a `#if`, whose inactive branch the reader cannot tell.
        package var bodyHasConditional: Bool {
            function.body.map(file.outline.hasConditional(in:)) ?? false
        }

        /// The members the body reads from the parameter `name` (`name.userActivities`,
        /// `[name userActivities]`); nil when it uses the parameter otherwise (passes it on,
        /// stores it), which the reader cannot follow.
        package func membersRead(fromParameter name: String) -> Set<String>? {
            guard let body = function.body else { return [] }
            let tokens = file.outline.tokens
            var members = Set<String>()
            for index in body where tokens[index].isIdentifier(name) && !(index > body.lowerBound && tokens[index - 1].isPunctuation(UInt8(ascii: "."))) {
                let next = index + 1 < body.upperBound ? tokens[index + 1] : nil
                if let next, next.isPunctuation(UInt8(ascii: ".")), index + 2 < body.upperBound, tokens[index + 2].kind == .identifier {
                    members.insert(tokens[index + 2].text)
                } else if let next, file.language == .objectiveC, next.kind == .identifier,
                          index > body.lowerBound, tokens[index - 1].isPunctuation(UInt8(ascii: "[")) {
                    members.insert(next.text)
                } else {
                    return nil
                }
            }
            return members
        }
    }

    /// Whose code it is, for messages: "the sources of target Shop (ios/Shop.xcodeproj)".
    package let origin: String
    let files: [AppSourceFile]
    /// True when the Info.plist declares `UIApplicationSceneManifest` (or the build generates
    /// one), or the app is a SwiftUI `App`; nil when no Info.plist could be read.
    package let isSceneBased: Bool?
    /// Whether the Info.plist declares `CFBundleURLTypes`; nil when unknown.
    package let declaresURLTypes: Bool?
    /// Why the reader cannot vouch for having seen all the code that takes part in opening a
    /// link; nil when it can.
    package let incompleteness: String?

    init(origin: String, files: [AppSourceFile], infoPlist: InfoPlistFacts, missingFiles: Int) {
        self.origin = origin
        self.files = files
        declaresURLTypes = infoPlist.declaresURLTypes
        let entryPoints = files.flatMap { file in file.outline.types.filter { $0.attributes.contains("main") }.map { (file, $0) } }
        let isSwiftUIApp = entryPoints.count == 1 && entryPoints[0].1.inherited.contains("App")
        isSceneBased = isSwiftUIApp ? true : infoPlist.isSceneBased
        incompleteness = Self.incompleteness(of: files, missingFiles: missingFiles)
    }

    /// Modules of Apple's SDKs: importing only these, an app's link handling is in its own code.
    /// Another module (a package, a pod, an SDK that swizzles the app delegate) may handle links.
    static let systemModules: Set<String> = [
        "Swift", "SwiftUI", "UIKit", "Foundation", "FoundationEssentials", "Combine", "CoreData", "SwiftData", "os", "OSLog", "Observation",
        "MapKit", "AVFoundation", "AVKit", "CoreLocation", "StoreKit", "UserNotifications", "WebKit", "SafariServices", "Photos", "PhotosUI",
        "CoreGraphics", "QuartzCore", "CoreImage", "Security", "LocalAuthentication", "AuthenticationServices", "CloudKit", "Contacts",
        "EventKit", "MessageUI", "Network", "CryptoKit", "CoreSpotlight", "CoreText", "LinkPresentation", "QuickLook", "PassKit", "PDFKit",
        "Charts", "TipKit", "UniformTypeIdentifiers", "Dispatch", "ObjectiveC", "Darwin", "CoreServices", "MobileCoreServices",
        "BackgroundTasks", "WidgetKit", "ActivityKit", "AppIntents", "Intents", "CoreMotion", "CoreBluetooth", "ImageIO", "Accelerate",
        "AudioToolbox", "CoreMedia", "CoreVideo", "MediaPlayer", "SystemConfiguration", "AppTrackingTransparency", "AdSupport", "HealthKit",
        "GameKit", "SpriteKit", "SceneKit", "Metal", "MetalKit", "Vision", "VisionKit", "CoreML", "NaturalLanguage", "Speech", "ARKit",
        "RealityKit", "CoreHaptics", "JavaScriptCore", "CoreNFC", "CoreTelephony",
    ]

    private static func incompleteness(of files: [AppSourceFile], missingFiles: Int) -> String? {
        if missingFiles > 0 { return "\(missingFiles) source files could not be read or placed" }
        if files.isEmpty { return "no source file" }
        if let file = files.first(where: { !$0.isJudgeable }) { return "\(file.document.path) cannot be judged by a lexical reader" }
        let imports = Set(files.flatMap(\.outline.imports))
        if let module = imports.subtracting(systemModules).sorted().first { return "the app imports \(module), which may handle links" }
        let entryPoints = files.reduce(0) { count, file in
            count + file.outline.types.filter { $0.attributes.contains("main") || $0.attributes.contains("UIApplicationMain") }.count
                + (file.language == .objectiveC && file.outline.mentions("UIApplicationMain") ? 1 : 0)
        }
        if entryPoints != 1 { return "\(entryPoints) entry points (@main, UIApplicationMain) instead of one" }
        return nil
    }

    /// The declarations named by any of `names` (Swift names and Objective-C selectors).
    package func declarations(named names: [String]) -> [Declaration] {
        files.flatMap { file in
            file.outline.functions.filter { names.contains($0.name) }.map { Declaration(file: file, function: $0) }
        }
    }

    /// The first place where a file reads one of `names`, with the name read.
    package func firstMention(ofAnyOf names: [String]) -> (name: String, location: Location)? {
        for file in files {
            if let index = file.outline.tokens.indices.first(where: { file.outline.tokens[$0].kind == .identifier && names.contains(file.outline.tokens[$0].text) }) {
                return (file.outline.tokens[index].text, file.location(ofToken: index))
            }
        }
        return nil
    }

    /// Whether any file imports `module`.
    package func imports(_ module: String) -> Bool {
        files.contains { $0.outline.imports.contains(module) }
    }

    /// Whether any file reads any of `names`.
    package func mentions(anyOf names: [String]) -> Bool {
        files.contains { file in names.contains { file.outline.mentions($0) } }
    }

    /// Whether the classes that receive the app's and scenes' events are the app's own: each
    /// class that adopts a delegate protocol, is the entry point or implements an app or scene
    /// delegate method (`application…`, `scene…`) inherits from `UIResponder` or `NSObject`
    /// (a framework's base class, such as `FlutterAppDelegate`, may handle links itself).
    package var delegatesAreOwn: Bool {
        let delegateProtocols: Set<String> = ["UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate"]
        let ownBases: Set<String> = ["UIResponder", "NSObject"]
        let delegateTypes = Set(files.flatMap { file in
            file.outline.functions.filter { $0.name.hasPrefix("application") || $0.name.hasPrefix("scene") }.compactMap(\.enclosingType)
        })
        return files.allSatisfy { file in
            file.outline.types.allSatisfy { type in
                let receivesEvents = !Set(type.inherited).isDisjoint(with: delegateProtocols) || delegateTypes.contains(type.name)
                    || type.attributes.contains("main") || type.attributes.contains("UIApplicationMain")
                guard type.isClass, receivesEvents else { return true }
                return type.inherited.first.map(ownBases.contains) ?? false
            }
        }
    }

    /// The place of the app's entry point (`@main`, `@UIApplicationMain`), for messages.
    package var entryPoint: Location? {
        for file in files {
            if let type = file.outline.types.first(where: { $0.attributes.contains("main") || $0.attributes.contains("UIApplicationMain") }) {
                return file.location(ofToken: type.nameToken)
            }
        }
        return nil
    }
}

/// What aasalint needs from an app's Info.plist.
struct InfoPlistFacts: Sendable {
    var isSceneBased: Bool?
    var declaresURLTypes: Bool?

    static let unknown = InfoPlistFacts(isSceneBased: nil, declaresURLTypes: nil)

    /// From a property list's contents; unknown when it does not parse.
    init(plist bytes: [UInt8]) {
        guard let root = try? PlistReader.parse(bytes), root.members != nil else {
            self = .unknown
            return
        }
        isSceneBased = root.member("UIApplicationSceneManifest") != nil
        declaresURLTypes = !(root.member("CFBundleURLTypes")?.value.elements?.isEmpty ?? true)
    }

    init(isSceneBased: Bool?, declaresURLTypes: Bool?) {
        self.isSceneBased = isSceneBased
        self.declaresURLTypes = declaresURLTypes
    }
}
