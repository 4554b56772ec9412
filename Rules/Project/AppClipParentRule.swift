import AASALintCore

struct AppClipParentRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-clip-parent",
        summary: "An App Clip and its full app disagree: parent identifier, bundle ID or `appclips:` hosts",
        rationale: """
            An App Clip names its full app in `com.apple.developer.parent-application-identifiers` \
            (`$(AppIdentifierPrefix)com.example.shop`); its bundle ID is the full app's plus one \
            component (`com.example.shop.Clip`); and both carry the same `appclips:` entries, so \
            that once the full app is installed it opens the App Clip's invocations instead of the \
            clip. The AASA file lists the clip in `appclips.apps` (`app-not-in-aasa` checks that). \
            When one of these disagrees, App Store Connect refuses the build, or invocations keep \
            launching the clip, or launch nothing.

            Checked for the apps the run knows with their appIDs: configured in `apps`, declared \
            by an Xcode or XcodeGen project, or signed into a linted `.app`, `.ipa` or \
            `.xcarchive` (whose clips are in `AppClips/`). Each finding names where the appIDs \
            came from, and is reported in the file that should change, the clip's or the full app's.
            """,
        severity: .error,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, """
                ShopClip.entitlements (app 9JA89QQLNQ.com.example.shop.Clip): <string>appclips:example.com</string>,
                parent-application-identifiers: 9JA89QQLNQ.com.example.shop
                Shop.entitlements (app 9JA89QQLNQ.com.example.shop): <string>applinks:example.com</string> only
                """, fixture: "parent-without-appclips"),
            RuleExample(triggers: false, """
                ShopClip.entitlements: <string>appclips:example.com</string>, parent 9JA89QQLNQ.com.example.shop
                Shop.entitlements: <string>applinks:example.com</string><string>appclips:example.com</string>
                """, fixture: "clip-and-parent-agree"),
        ]
    )

    /// An App Clip with its appID and the apps it names, or should name, as its full app.
    private struct Clip {
        let app: ProjectApp
        let appID: String
        let parentIdentifiers: [Located<String>]
        let parents: [ProjectApp]
    }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let apps = (context.projectApps + context.signedApps).filter { $0.appID != nil && $0.entitlementsFile != nil }
        let clips = apps.compactMap { app -> Clip? in
            guard let appID = app.appID, let identifiers = app.entitlements?.parentApplicationIdentifiers else { return nil }
            let named = Set(identifiers.map(\.value))
            return Clip(app: app, appID: appID, parentIdentifiers: identifiers,
                        parents: apps.filter { $0.appID != appID && named.contains($0.appID ?? "") })
        }
        var diagnostics: [Diagnostic] = []
        for clip in clips {
            let clipIsHere = clip.app.entitlementsFile?.isSameFile(as: file) == true
            if clip.parents.isEmpty {
                if clipIsHere { diagnostics += unnamedParent(of: clip, among: apps, in: file) }
                continue
            }
            for parent in clip.parents {
                guard let parentID = parent.appID, let parentFile = parent.entitlementsFile else { continue }
                if clipIsHere { diagnostics += bundleIDMismatch(of: clip, parent: parent, parentID: parentID, in: file) }
                if clipIsHere {
                    diagnostics += hostsMissing(from: parent, declaredBy: clip.app, in: file, missingIn: "its full app \(parentID)\(parent.appIDOrigin), whose entitlements are in \(parentFile.path),",
                                                consequence: { "once the full app is installed, invocations of the App Clip from \($0) do not open the full app in its place" },
                                                fix: "add the entry to the full app's entitlements")
                }
                if parentFile.isSameFile(as: file) {
                    diagnostics += hostsMissing(from: clip.app, declaredBy: parent, in: file, missingIn: "its App Clip \(clip.appID)\(clip.app.appIDOrigin), whose entitlements are in \(clip.app.entitlementsFile?.path ?? ""),",
                                                consequence: { "the App Clip cannot be invoked from \($0), and this entry has nothing to take over" },
                                                fix: "add the entry to the App Clip's entitlements, or remove it here")
                }
            }
        }
        return diagnostics
    }

    /// The clip names no known app, but a known app is its full app by bundle ID.
    private func unnamedParent(of clip: Clip, among apps: [ProjectApp], in file: LintFile) -> [Diagnostic] {
        guard let dot = clip.appID.lastIndex(of: "."), let parent = apps.first(where: { $0.appID == String(clip.appID[..<dot]) }),
              let parentID = parent.appID
        else { return [] }
        let named = clip.parentIdentifiers.map { "\"\($0.value)\"" }.joined(separator: ", ")
        let pointer = clip.parentIdentifiers.first?.pointer ?? JSONPointer.root.appending(EntitlementsDocument.parentApplicationIdentifiersKey)
        return [diagnostic(
            "this App Clip (\(clip.appID)\(clip.app.appIDOrigin)) names \(named.isEmpty ? "no app" : named) as its full app, not \(parentID)\(parent.appIDOrigin), whose App Clip its bundle ID makes it, so App Store Connect refuses the pair; write \"$(AppIdentifierPrefix)\(parentID.drop { $0 != "." }.dropFirst())\"",
            at: file.location(pointer)
        )]
    }

    private func bundleIDMismatch(of clip: Clip, parent: ProjectApp, parentID: String, in file: LintFile) -> [Diagnostic] {
        let rest = clip.appID.hasPrefix(parentID + ".") ? clip.appID.dropFirst(parentID.count + 1) : ""
        guard rest.isEmpty || rest.contains(".") else { return [] }
        let identifier = clip.parentIdentifiers.first { $0.value == parentID }
        return [diagnostic(
            "this App Clip's appID \(clip.appID)\(clip.app.appIDOrigin) is not its full app's \(parentID)\(parent.appIDOrigin) plus one component, so App Store Connect refuses the build; give the clip the bundle ID \(parentID.drop { $0 != "." }.dropFirst()).Clip",
            at: file.location(identifier?.pointer ?? .root)
        )]
    }

    /// The `appclips:` entries of `app` (in `file`) that `other` does not declare.
    /// `consequence` says what the system does, given the host.
    private func hostsMissing(from other: ProjectApp, declaredBy app: ProjectApp, in file: LintFile, missingIn owner: String,
                              consequence: (String) -> String, fix: String) -> [Diagnostic] {
        let otherHosts = Set((other.entitlements?.associatedDomains ?? []).filter { $0.value.service == "appclips" && $0.value.problem == nil }
            .map { $0.value.hostName.lowercased() })
        guard !(other.entitlements?.associatedDomains ?? []).contains(where: \.value.hasUnresolvedReference) else { return [] }
        return (app.entitlements?.associatedDomains ?? []).filter { entry in
            entry.value.service == "appclips" && entry.value.problem == nil && !entry.value.hasUnresolvedReference
                && !otherHosts.contains(entry.value.hostName.lowercased())
        }.map { entry in
            diagnostic(
                "\"\(entry.value.text)\": \(owner) does not declare it, so \(consequence(entry.value.hostName)); \(fix)",
                at: file.location(entry.pointer)
            )
        }
    }
}
