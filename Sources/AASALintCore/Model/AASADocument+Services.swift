/// Which apps an AASA file names for each associated-domains service, for the cross-checks
/// with entitlements.
extension AASADocument {
    /// The appIDs the file lists for `service` (every `applinks` details entry, or the
    /// service's `apps`), and the pointer of that list; nil when the file has no section for it.
    package func listedApps(for service: String) -> (pointer: JSONPointer, appIDs: [Located<String>])? {
        switch service {
        case "applinks":
            applinks.map { ($0.pointer.appending("details"), $0.details.flatMap(\.effectiveAppIDs)) }
        case "webcredentials":
            webCredentials.map { ($0.pointer.appending("apps"), $0.apps) }
        case "appclips":
            appClips.map { ($0.pointer.appending("apps"), $0.apps) }
        case "activitycontinuation":
            activityContinuation.map { ($0.pointer.appending("apps"), $0.apps) }
        default:
            nil
        }
    }
}
