/// What AASA fixes can change, for their declared effects: the apps of the details entry an
/// edit lies in.
extension LintFile {
    /// The apps of the details entry that contains `pointer`, as the entry names them once the
    /// keys in `renamed` are written as their values; nil when `pointer` is outside a details
    /// entry (`defaults`, variables, the top level), where an edit may touch every app.
    package func appIDs(ofEntryContaining pointer: JSONPointer, renamed: [String: String] = [:]) -> Set<String>? {
        let tokens = pointer.tokens
        guard tokens.count >= 3, tokens[0] == "applinks", tokens[1] == "details",
              let details = root?.node(at: JSONPointer(tokens: ["applinks", "details"])) else { return nil }
        // A dictionary-form entry is keyed by its app.
        guard details.elements != nil else { return [tokens[2]] }
        guard let entry = details.node(at: JSONPointer(tokens: [tokens[2]])), let members = entry.members else { return nil }
        var apps: Set<String> = []
        for member in members {
            switch renamed[member.key] ?? member.key {
            case "appIDs": apps.formUnion(member.value.elements?.compactMap(\.stringValue) ?? [])
            case "appID": if let app = member.value.stringValue { apps.insert(app) }
            default: break
            }
        }
        return apps
    }
}
