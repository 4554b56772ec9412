/// The typed view of an `.entitlements` property list: what the associated-domains rules and
/// the release gate read (AASA.md section 5). Values keep their pointers; build settings in
/// string values are resolved from the settings given, and what stays unresolved is left as
/// written (never reported as malformed).
package struct EntitlementsDocument: Sendable {
    package static let associatedDomainsKey = "com.apple.developer.associated-domains"
    /// iOS names first, then the macOS names of the same entitlements.
    package static let getTaskAllowKeys = ["get-task-allow", "com.apple.security.get-task-allow"]
    package static let apsEnvironmentKeys = ["aps-environment", "com.apple.developer.aps-environment"]
    package static let applicationIdentifierKeys = ["application-identifier", "com.apple.application-identifier"]
    package static let teamIdentifierKey = "com.apple.developer.team-identifier"
    /// An App Clip's entitlement naming the application identifiers of its full app.
    package static let parentApplicationIdentifiersKey = "com.apple.developer.parent-application-identifiers"

    /// The associated-domains value as written, of whatever type.
    package let associatedDomainsValue: Located<PositionedValue>?
    /// Its string entries, with build settings resolved.
    package let associatedDomains: [Located<AssociatedDomain>]
    package let getTaskAllow: Located<Bool>?
    /// Of whatever type: `aps-environment` reports a non-string.
    package let apsEnvironment: Located<PositionedValue>?
    package let applicationIdentifier: Located<String>?
    package let teamIdentifier: Located<String>?
    /// The string entries of `com.apple.developer.parent-application-identifiers`, with build
    /// settings resolved: an App Clip's, naming its full app; nil for other apps.
    package let parentApplicationIdentifiers: [Located<String>]?

    package init(root: PositionedValue, buildSettings: BuildSettings = BuildSettings()) {
        func located(_ keys: [String]) -> Located<PositionedValue>? {
            keys.lazy.compactMap { key in root.member(key).map { Located($0.value, at: JSONPointer.root.appending(key)) } }.first
        }
        func string(_ keys: [String]) -> Located<String>? {
            located(keys).flatMap { node in node.value.stringValue.map { Located(buildSettings.resolve($0), at: node.pointer) } }
        }
        let domains = located([Self.associatedDomainsKey])
        associatedDomainsValue = domains
        associatedDomains = (domains?.value.elements ?? []).enumerated().compactMap { index, element in
            guard let text = element.stringValue, let pointer = domains?.pointer.appending(index) else { return nil }
            return Located(AssociatedDomain(buildSettings.resolve(text)), at: pointer)
        }
        getTaskAllow = located(Self.getTaskAllowKeys).flatMap { node in node.value.boolValue.map { Located($0, at: node.pointer) } }
        apsEnvironment = located(Self.apsEnvironmentKeys)
        applicationIdentifier = string(Self.applicationIdentifierKeys)
        teamIdentifier = string([Self.teamIdentifierKey])
        parentApplicationIdentifiers = located([Self.parentApplicationIdentifiersKey]).map { node in
            (node.value.elements ?? []).enumerated().compactMap { index, element in
                element.stringValue.map { Located(buildSettings.resolve($0), at: node.pointer.appending(index)) }
            }
        }
    }

    /// The appID this file signs the app with, when `application-identifier` holds a
    /// concrete one (signed binaries do; source files usually hold build settings).
    package var appID: AppID? {
        guard let text = applicationIdentifier?.value, !BuildSettings.containsReference(text) else { return nil }
        return try? AppID(text)
    }
}
