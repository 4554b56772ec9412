/// The tool a project file belongs to: each names its settings differently, and messages say which.
package enum ProjectKind: String, Sendable, CaseIterable {
    /// `*.xcodeproj/project.pbxproj`.
    case xcode
    /// XcodeGen's `project.yml` (or `project.json`), from which it generates the Xcode project.
    case xcodeGen
    /// Expo's `app.json`, from which `expo prebuild` and EAS Build generate the iOS project.
    case expo
    /// A .NET MAUI or Xamarin `.csproj`, whose `CodesignEntitlements` sign the iOS app.
    case maui

    /// How messages name a project of this kind.
    package var name: String {
        switch self {
        case .xcode: "Xcode project"
        case .xcodeGen: "XcodeGen project"
        case .expo: "Expo app config"
        case .maui: ".NET project"
        }
    }

    /// The settings an appID comes from, for messages.
    var appIDSettings: String {
        switch self {
        case .xcode, .xcodeGen: "DEVELOPMENT_TEAM and PRODUCT_BUNDLE_IDENTIFIER"
        case .expo: "ios.appleTeamId and ios.bundleIdentifier"
        case .maui: "ApplicationId"
        }
    }
}
