import AASALintCore

struct SignedEntitlementsDriftRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "signed-entitlements-drift",
        summary: "The signed associated domains differ from the project's entitlements file for the same target",
        rationale: """
            The `.entitlements` file in the repository is what the developer asked for; the \
            signed executable is what ships. A build setting, an export option, a re-signing \
            step in CI or an entitlements file other than the one reviewed can add or drop \
            `com.apple.developer.associated-domains` entries on the way. A domain signed but not \
            in the project is claimed without review; a domain in the project but not signed is \
            lost: links to it open Safari, not the app. The project file is the one of the \
            Xcode target whose `PRODUCT_BUNDLE_IDENTIFIER` is the bundle's identifier (its \
            `Release` configuration's `CODE_SIGN_ENTITLEMENTS`), else the `apps:` entry whose \
            `id` is the signed application-identifier; it must be linted in the same run. \
            Its build settings are resolved as for the other entitlements rules; an entry that \
            still holds an unknown setting is not compared, and while one is left, signed \
            domains are not reported as added (the setting may stand for them).
            """,
        severity: .note,
        fileKinds: [.artifact],
        examples: [
            RuleExample(triggers: true, "Shop.ipa signs webcredentials:shop.example.com, which ios/Shop/Shop.entitlements (the Release entitlements of the Shop target) does not list, and not applinks:blog.example.com, which it lists",
                        fixture: "xcode-project-drift"),
            RuleExample(triggers: true, "apps: [{id: Q7KX2M9P4L.com.example.shop, entitlements: App.entitlements}] lists applinks:www.example.com; Shop.ipa does not sign it",
                        fixture: "configured-app-drift"),
            RuleExample(triggers: false, "the signed domains are those of the target's entitlements once $(SHOP_HOST) is resolved", fixture: "same-domains"),
            RuleExample(triggers: false, "the project's entitlements hold applinks:$(UNKNOWN_HOST), which no build setting defines", fixture: "unresolved-setting"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let bundle = file.signedBundle, let signed = file.entitlements,
              let projectFile = Self.projectEntitlementsFile(of: bundle, signed: signed, in: context),
              let project = context.entitlements(of: projectFile)
        else { return [] }
        let compared = project.associatedDomains.filter { !$0.value.hasUnresolvedReference }
        let projectKeys = Set(compared.map(\.value.duplicateKey))
        let signedKeys = Set(signed.associatedDomains.map(\.value.duplicateKey))
        let signedPlace = signed.associatedDomainsValue.map { file.location($0.pointer, .key) } ?? file.location(.root)
        let projectPlace = project.associatedDomainsValue.map { projectFile.location($0.pointer, .key) } ?? projectFile.location(.root)
        let canTellAdded = compared.count == project.associatedDomains.count
        let added = !canTellAdded ? [] : signed.associatedDomains.filter { !projectKeys.contains($0.value.duplicateKey) }.map { entry in
            diagnostic(
                "\"\(entry.value.text)\" is signed into \(file.path) but is not in \(projectFile.path), the project's entitlements for this target, "
                    + "so something between the project and the signed app added it (a build setting, an export option or a re-signing step) and the app claims a domain nobody reviewed; "
                    + "add it to \(projectFile.path) if it is meant to ship, else find the step that adds it",
                at: file.location(entry.pointer),
                related: [RelatedLocation(projectPlace, message: "the project's associated domains")]
            )
        }
        let lost = compared.filter { !signedKeys.contains($0.value.duplicateKey) }.map { entry in
            diagnostic(
                "\"\(entry.value.text)\" is in \(projectFile.path), the project's entitlements for this target, but is not signed into \(file.path), "
                    + "so links to \(entry.value.hostName) will not open the app (https://\(entry.value.hostName)/ opens in Safari); "
                    + "check that the release build signs with \(projectFile.path) (CODE_SIGN_ENTITLEMENTS of its Release configuration) and that the provisioning profile allows the domain, then build and sign again",
                at: signedPlace,
                related: [RelatedLocation(projectFile.location(entry.pointer), message: "the domain in the project")]
            )
        }
        return added + lost
    }

    /// The project's entitlements file for the bundle: that of the Release configuration of the
    /// Xcode target building its bundle identifier, else that of the configured app with its
    /// signed application-identifier; nil when neither is among the run's files.
    private static func projectEntitlementsFile(of bundle: SignedBundle, signed: EntitlementsDocument, in context: LintContext) -> LintFile? {
        let xcodePaths = context.xcodeProjects.flatMap(\.configurations).filter { configuration in
            let settings = configuration.buildSettings
            return ReleaseFiles.defaultConfigurationNames.contains(configuration.name) && bundle.bundleIdentifier != nil
                && settings.values["PRODUCT_BUNDLE_IDENTIFIER"].map(settings.resolve) == bundle.bundleIdentifier
        }.flatMap(\.entitlementsPaths)
        if let file = xcodePaths.lazy.compactMap({ path in context.files.first { $0.path == path } }).first { return file }
        guard let appID = signed.applicationIdentifier?.value else { return nil }
        return context.configuration.apps.lazy.filter { $0.id?.value == appID }
            .compactMap { $0.entitlements.flatMap { context.file(atConfiguredPath: $0.value) } }.first
    }
}
