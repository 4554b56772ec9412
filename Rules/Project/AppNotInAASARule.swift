import AASALintCore

struct AppNotInAASARule: Rule, ServedFileCrossCheck {
    static let description = RuleDescription(
        id: "app-not-in-aasa",
        summary: "An app declares `service:host`, but the AASA file for that host does not list the app",
        rationale: """
            A universal link, a saved password or an App Clip works only when both sides agree: \
            the app's entitlements declare `applinks:example.com` and the AASA file served on \
            `example.com` lists the app's appID for `applinks` (in a details entry), \
            `webcredentials`, `appclips` or `activitycontinuation` (in `apps`; a full app's \
            `appclips:` entry is served by its App Clip's listing). When the file \
            does not list the app, the system silently does nothing: links open the browser.

            Needs the configuration's `domains` (host -> AASA file), and the app: configured in \
            `apps` (appID and entitlements file), or declared by the project that signs an \
            entitlements file (an Xcode or XcodeGen project's `DEVELOPMENT_TEAM` and \
            `PRODUCT_BUNDLE_IDENTIFIER`, Expo's `ios.appleTeamId` and `ios.bundleIdentifier`). \
            An app without `id` takes its appID from the entitlements' `application-identifier`, \
            or from that project; the message says where the appID came from. The finding appears in both files, each pointing at \
            the other; an appID that differs by a typo is pointed out. The executables of linted \
            `.app`, `.ipa` and `.xcarchive` artifacts are checked too, with their signed \
            application-identifier and associated domains against the configured `domains`; \
            `lint --remote Shop.ipa` checks them against what each host serves (an entry with \
            `?mode=developer` is not fetched, and a wildcard entry is checked against the \
            downloaded hosts it covers).
            """,
        severity: .error,
        fileKinds: [.entitlements, .aasa],
        examples: [
            RuleExample(triggers: true, """
                App.entitlements: <string>applinks:example.com</string> (app 9JA89QQLNQ.com.example.shop)
                example.com's AASA: {"applinks": {"details": [{"appIDs": ["9JA89QQLMQ.com.example.shop"]}]}}
                """, fixture: "team-id-typo"),
            RuleExample(triggers: false, """
                App.entitlements: <string>applinks:example.com</string> (app 9JA89QQLNQ.com.example.shop)
                example.com's AASA: {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.shop"]}]}}
                """, fixture: "listed"),
        ]
    )

    /// A declared `service:host` whose AASA file does not list the app.
    private struct Mismatch {
        let app: ProjectApp
        let appID: String
        let entitlementsFile: LintFile
        let entry: Located<AssociatedDomain>
        let service: String
        let host: String
        let aasaFile: LintFile
        let listing: (pointer: JSONPointer, appIDs: [Located<String>])?
        let nearMiss: Located<String>?

        /// Where the AASA file should have listed the app.
        var aasaLocation: Location {
            aasaFile.location(nearMiss?.pointer ?? listing?.pointer ?? .root)
        }
    }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let mismatches = mismatches(in: context)
        switch file.kind {
        case .entitlements:
            return mismatches.filter { $0.entitlementsFile.isSameFile(as: file) }.map(entitlementsDiagnostic)
        case .aasa:
            var reported = Set<String>()
            return mismatches.filter { mismatch in
                mismatch.aasaFile.path == file.path
                    && reported.insert("\(mismatch.appID) \(mismatch.service) \(mismatch.nearMiss?.value ?? "")").inserted
            }.map(aasaDiagnostic)
        case .provisioningProfile, .artifact, .assetLinks, .androidManifest:
            // Artifacts are linted as the entitlements files of their executables.
            return []
        }
    }

    private func mismatches(in context: LintContext) -> [Mismatch] {
        var mismatches: [Mismatch] = []
        for app in context.projectApps + context.signedApps {
            guard let appID = app.appID, let entitlementsFile = app.entitlementsFile else { continue }
            for entry in app.checkableDomains {
                guard let service = entry.value.service else { continue }
                for (host, aasaFile) in context.aasaFiles(for: entry.value) {
                    guard let aasa = aasaFile.aasa else { continue }
                    let listing = aasa.listedApps(for: service)
                    guard listing?.appIDs.contains(where: { Self.satisfies(appID, service: service, listed: $0.value) }) != true else { continue }
                    let nearMiss = listing.flatMap { Self.nearMiss(of: appID, in: $0.appIDs) }
                    mismatches.append(Mismatch(app: app, appID: appID, entitlementsFile: entitlementsFile, entry: entry,
                                               service: service, host: host, aasaFile: aasaFile,
                                               listing: listing, nearMiss: nearMiss))
                }
            }
        }
        return mismatches
    }

    private func entitlementsDiagnostic(_ mismatch: Mismatch) -> Diagnostic {
        let aasa = "the AASA file for \(mismatch.host) (\(mismatch.aasaFile.path))"
        let capability = AssociatedDomain.capability(of: mismatch.service, host: mismatch.host)
        let app = "this app's appID \(mismatch.appID)\(mismatch.app.appIDOrigin)"
        let message = if mismatch.listing == nil {
            "\"\(mismatch.entry.value.text)\": \(aasa) has no \(mismatch.service) section, so the system will not \(capability); add \(Self.listingFix(mismatch)) there"
        } else if let nearMiss = mismatch.nearMiss {
            "\"\(mismatch.entry.value.text)\": \(aasa) does not list \(app) for \(mismatch.service), only the similar \"\(nearMiss.value)\", so the system will not \(capability); correct the appID in one of the two files"
        } else {
            "\"\(mismatch.entry.value.text)\": \(aasa) does not list \(app) for \(mismatch.service), so the system will not \(capability); add \(Self.listingFix(mismatch))"
        }
        return diagnostic(message, at: mismatch.entitlementsFile.location(mismatch.entry.pointer),
                          related: [RelatedLocation(mismatch.aasaLocation, message: "the AASA file for \(mismatch.host)")])
    }

    private func aasaDiagnostic(_ mismatch: Mismatch) -> Diagnostic {
        let declaration = "\"\(mismatch.entry.value.text)\" in \(mismatch.entitlementsFile.path)"
        let capability = AssociatedDomain.capability(of: mismatch.service, host: mismatch.host)
        let app = "\(mismatch.appID)\(mismatch.app.appIDOrigin)"
        let message = if let nearMiss = mismatch.nearMiss {
            "\"\(nearMiss.value)\" is not the appID of the app that declares \(declaration): that app is \(app), so the system will not \(capability); correct the appID in one of the two files"
        } else if mismatch.listing == nil {
            "this file has no \(mismatch.service) section, but the app \(app) declares \(declaration), so the system will not \(capability); add \(Self.listingFix(mismatch))"
        } else {
            "the app \(app) declares \(declaration), but this file does not list it for \(mismatch.service), so the system will not \(capability); add \(Self.listingFix(mismatch))"
        }
        return diagnostic(message, at: mismatch.aasaLocation,
                          related: [RelatedLocation(mismatch.entitlementsFile.location(mismatch.entry.pointer),
                                                    message: "declared in the app's entitlements")])
    }

    /// A listed appID one or two characters away from `appID`: a typo (`9JA89QQLMQ` for
    /// `9JA89QQLNQ`) rather than another app (`com.example.blog` for `com.example.shop`).
    private static func nearMiss(of appID: String, in listed: [Located<String>]) -> Located<String>? {
        listed.map { ($0, Suggestion.editDistance(appID, $0.value)) }
            .filter { $0.1 <= maximumTypoDistance }
            .min { $0.1 < $1.1 }?.0
    }

    private static let maximumTypoDistance = 2

    /// Whether listing `listed` for `service` serves the app `appID`. The AASA file lists App
    /// Clips in `appclips.apps`; the full app carries the same `appclips:` entries so that it
    /// opens its clip's invocations, and is served by its clip's listing (its appID plus one component).
    private static func satisfies(_ appID: String, service: String, listed: String) -> Bool {
        if listed == appID { return true }
        guard service == "appclips", listed.hasPrefix(appID + ".") else { return false }
        return !listed.dropFirst(appID.count + 1).contains(".")
    }

    private static func listingFix(_ mismatch: Mismatch) -> String {
        mismatch.service == "applinks"
            ? "\"\(mismatch.appID)\" to the appIDs of an applinks details entry"
            : "\"\(mismatch.appID)\" to \(mismatch.service).apps"
    }
}
