#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The typed view of a provisioning profile's payload (the XML property list inside its CMS
/// signature): what the artifact rules compare with the signed entitlements. Values keep their
/// pointers into the payload.
package struct ProvisioningProfile: Sendable {
    /// Who the profile lets run the app, which decides whether it may ship.
    ///
    /// Development: `get-task-allow` true, or devices with a `development` aps-environment.
    /// Ad hoc: devices without either; it is a distribution profile too (Xcode's Ad Hoc export
    /// signs with production push and without the debugger), only limited to its devices.
    /// Enterprise: `ProvisionsAllDevices`. App Store: none of these.
    package enum Kind: String, Sendable {
        case development
        case adHoc = "ad hoc"
        case appStore = "App Store"
        case enterprise

        package var isDistribution: Bool { self != .development }
    }

    package let name: Located<String>?
    package let uuid: String?
    package let appIDName: String?
    package let teamIdentifiers: [Located<String>]
    /// As written, `2026-01-31T12:00:00Z`.
    package let expirationDate: Located<String>?
    package let provisionedDevices: [String]
    package let provisionsAllDevices: Bool
    /// The entitlements the profile allows, with pointers under `/Entitlements`.
    package let entitlements: EntitlementsDocument?
    package let entitlementsPointer: JSONPointer
    /// The allowed `com.apple.developer.associated-domains`: nil when the profile does not have
    /// the capability, `["*"]` when any domain is allowed.
    package let allowedDomains: [String]?
    package let kind: Kind

    package init(root: PositionedValue) {
        func string(_ key: String) -> Located<String>? {
            root.member(key)?.value.stringValue.map { Located($0, at: JSONPointer.root.appending(key)) }
        }
        name = string("Name")
        uuid = string("UUID")?.value
        appIDName = string("AppIDName")?.value
        teamIdentifiers = (root.member("TeamIdentifier")?.value.elements ?? []).enumerated().compactMap { index, element in
            element.stringValue.map { Located($0, at: JSONPointer.root.appending("TeamIdentifier").appending(index)) }
        }
        expirationDate = string("ExpirationDate")
        provisionedDevices = (root.member("ProvisionedDevices")?.value.elements ?? []).compactMap(\.stringValue)
        provisionsAllDevices = root.member("ProvisionsAllDevices")?.value.boolValue ?? false
        entitlementsPointer = JSONPointer.root.appending("Entitlements")
        let entitlementsRoot = root.member("Entitlements")?.value
        entitlements = entitlementsRoot.flatMap { $0.members == nil ? nil : EntitlementsDocument(root: $0) }
        let domains = entitlementsRoot?.member(EntitlementsDocument.associatedDomainsKey)?.value
        allowedDomains = domains.map { value in value.stringValue.map { [$0] } ?? (value.elements ?? []).compactMap(\.stringValue) }
        let entitlements = entitlements
        kind = if provisionsAllDevices {
            .enterprise
        } else if entitlements?.getTaskAllow?.value == true {
            .development
        } else if !provisionedDevices.isEmpty {
            entitlements?.apsEnvironment?.value.stringValue == "development" ? .development : .adHoc
        } else {
            .appStore
        }
    }

    /// A pointer into the payload for an entitlement's pointer inside `/Entitlements`.
    package func payloadPointer(ofEntitlement pointer: JSONPointer) -> JSONPointer {
        JSONPointer(tokens: entitlementsPointer.tokens + pointer.tokens)
    }

    /// The profile's application-identifier as a pattern: `TEAM.com.example.*` or `TEAM.*`.
    package var applicationIdentifier: String? { entitlements?.applicationIdentifier?.value }

    /// Whether the profile lets an app with `bundleIdentifier` of team `team` be signed with it:
    /// its application-identifier is `<team>.<bundle ID>` or ends in a `*` wildcard.
    package func allows(team: String, bundleIdentifier: String) -> Bool {
        guard let pattern = applicationIdentifier else { return true }
        let appID = team + "." + bundleIdentifier
        guard pattern.hasSuffix("*") else { return pattern == appID }
        return appID.hasPrefix(pattern.dropLast())
    }

    /// Whether the profile allows signing with `entry` (`applinks:shop.example.com`): it has `*`
    /// or lists the entry (the `?mode=` suffix is not part of what the profile names).
    package func allowsDomain(_ entry: String) -> Bool {
        guard let allowed = allowedDomains else { return false }
        let withoutMode = entry.split(separator: "?", maxSplits: 1).first.map(String.init) ?? entry
        return allowed.contains { $0 == "*" || $0 == entry || $0 == withoutMode }
    }

    /// The expiry as a date, when it is written as plists write dates.
    package var expiresAt: Date? {
        expirationDate.flatMap { try? Date($0.value, strategy: .iso8601) }
    }
}

/// Days as profile findings and `lint --as-of` write them: `2026-03-01`, in UTC.
package enum CalendarDay {
    private static let format = Date.ISO8601FormatStyle().year().month().day()

    package static func text(_ date: Date) -> String { date.formatted(format) }

    /// The start of the day `text` names, or nil when it is not written `2026-03-01`.
    package static func date(_ text: String) -> Date? { try? Date(text, strategy: format) }
}

extension SignedBundle {
    /// How reports name the bundle's profile: `Shop.ipa!Payload/Shop.app/embedded.mobileprovision`.
    package var embeddedProfilePath: String {
        artifactPath + Self.separator + (innerPath.isEmpty ? "" : innerPath + "/") + "embedded.mobileprovision"
    }
}
