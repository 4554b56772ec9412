import AASALintCore

struct InvalidProfileRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-profile",
        summary: "A provisioning profile that is not a CMS SignedData message around a property list dictionary",
        rationale: """
            A provisioning profile (`embedded.mobileprovision`, `*.mobileprovision`, \
            `*.provisionprofile`) is a CMS SignedData message (DER or BER) whose content is an \
            XML property list. A file that is not one is truncated, was re-saved by an editor, or \
            is not a profile at all; codesign and the system refuse it. Download the profile \
            again from the developer account. aasalint reads the structure only: the signature \
            and Apple's certificate chain are not verified. Positions in findings about a \
            profile are lines of its property list, not of the signed file.
            """,
        severity: .error,
        fileKinds: [.provisioningProfile],
        examples: [
            RuleExample(triggers: true, "the first 200 bytes of a profile", fixture: "truncated.mobileprovision"),
            RuleExample(triggers: false, "a profile as the developer account serves it", fixture: "appstore.mobileprovision"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let fix = "download the profile again from your developer account"
        switch (file.signature, file.plist) {
        case (.failure(let error)?, _):
            return [diagnostic("not a provisioning profile: the CMS signature cannot be read at byte \(error.offset) (\(error.message)); codesign and iOS refuse it; \(fix)",
                               at: file.fileLocation)]
        case (_, .failure(let error)?):
            return [diagnostic("the profile's property list cannot be read (\(error.message)); codesign and iOS refuse it; \(fix)",
                               at: error.offset.map { file.location(offset: $0) } ?? file.fileLocation)]
        case (_, .success?) where file.profile == nil:
            return [diagnostic("the profile's property list is not a dictionary; codesign and iOS refuse it; \(fix)", at: file.fileLocation)]
        default:
            return []
        }
    }
}
