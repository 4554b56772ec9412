/// What aasalint reads from Expo's static app config (`app.json`, the `expo` object or the root):
/// `ios.associatedDomains` and `ios.entitlements` are the app's entitlements (what `expo
/// prebuild` and EAS Build write into the generated `.entitlements` file, `associatedDomains`
/// over an associated-domains entry of `entitlements`), and `ios.appleTeamId` with
/// `ios.bundleIdentifier` its appID. Every build signs with them, so they are a release file.
/// `app.config.js` and `app.config.ts` are programs, which aasalint does not run.
struct ExpoAppConfig {
    static let fileName = "app.json"
    static let programNames: Set<String> = ["app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs"]
    /// The one configuration of an Expo app, as the release decisions name it.
    static let configurationName = "every build"

    let project: XcodeProject
    /// The entitlements it declares, when it declares any.
    let entitlements: LintFile?

    /// Nil when the file has no `ios` settings (not an Expo config, or one for other platforms only).
    init?(path: String, bytes: [UInt8], root: PositionedValue) {
        let expo = root.member("expo")?.value ?? root
        guard let ios = expo.member("ios")?.value, ios.members != nil else { return nil }
        var settings: [String: String] = [:]
        settings["PRODUCT_BUNDLE_IDENTIFIER"] = ios.member("bundleIdentifier")?.value.stringValue
        settings["DEVELOPMENT_TEAM"] = ios.member("appleTeamId")?.value.stringValue
        var members = ios.member("entitlements")?.value.members ?? []
        if let domains = ios.member("associatedDomains") {
            // The key stands where `associatedDomains` is written; findings on it point there.
            members.append(PositionedMember(key: EntitlementsDocument.associatedDomainsKey, keySpan: domains.keySpan, value: domains.value))
        }
        let declares = ios.member("entitlements") != nil || ios.member("associatedDomains") != nil
        let target = expo.member("name")?.value.stringValue ?? expo.member("slug")?.value.stringValue ?? "app"
        let configuration = XcodeBuildConfiguration(name: Self.configurationName, target: target, buildSettings: BuildSettings(settings),
                                                    sourceRoot: ".", declaresRelease: true, entitlementsFiles: declares ? [path] : [])
        project = XcodeProject(path: path, kind: .expo, configurations: [configuration])
        let view = PositionedValue(value: .object(members), span: ios.span)
        entitlements = declares ? LintFile(entitlements: view, at: path, in: project, target: target, bytes: bytes) : nil
    }
}
