import AASALintCore

struct InvalidPlistRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-plist",
        summary: "The entitlements file is not a well-formed property list, or its root is not a dictionary",
        rationale: """
            Xcode and `codesign` read entitlements as a property list. Malformed XML (an \
            unclosed tag, a bare `&`, a `<key>` without a value, text outside the elements) \
            makes the file unreadable, so the app cannot be signed with it, and nothing that \
            follows can be checked. The finding points at the first offending character.

            aasalint refuses a `<!DOCTYPE` with an internal subset (`[...]`) and `<!ENTITY` \
            declarations rather than expand them: entitlements never need them, and entity \
            expansion is how XML files are made to explode or to read other files. Use the \
            standard plist DOCTYPE that Xcode writes. Binary property lists (`bplist00`) are \
            read too; their findings sit at the file level.
            """,
        severity: .error,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, """
                <plist version="1.0"><dict>
                  <key>com.apple.developer.associated-domains</key>
                  <array><string>applinks:example.com</string>
                ↓</dict></plist>
                """),
            RuleExample(triggers: false, """
                <plist version="1.0"><dict>
                  <key>com.apple.developer.associated-domains</key>
                  <array><string>applinks:example.com</string></array>
                </dict></plist>
                """),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard file.isRead else {
            return [diagnostic(
                "the file is \(file.byteCount) bytes, far too large for an entitlements property list, so it was not read; check that this is the right file",
                at: file.fileLocation
            )]
        }
        switch file.plist {
        case .failure(let error):
            let consequence = error.kind == .refused ? "aasalint does not read it further" : "Xcode cannot sign the app with this file"
            return [diagnostic(
                "not a valid property list: \(error.message); \(consequence)",
                at: error.offset.map(file.location(offset:)) ?? file.fileLocation
            )]
        case .success(let root) where root.members == nil:
            return [diagnostic(
                "the root of the property list is \(root.plistElementName), not a <dict>; Xcode cannot sign the app with this file; put the entitlements in one <dict>",
                at: file.location(.root)
            )]
        default:
            return []
        }
    }
}
