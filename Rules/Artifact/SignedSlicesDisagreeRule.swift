import AASALintCore

struct SignedSlicesDisagreeRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "signed-slices-disagree",
        summary: "The architectures of a universal executable are signed with different entitlements",
        rationale: """
            Each architecture (slice) of a universal Mach-O executable carries its own code \
            signature, and the system grants the entitlements of the slice it runs. When the \
            slices disagree (a build step signed them separately, or `lipo` joined executables \
            from two builds), the app has other capabilities, such as its associated domains, \
            depending on the device, and what aasalint or `codesign -d` shows for one slice is \
            not what the other ships. aasalint lints the first slice's entitlements and reports \
            the keys the other slices sign differently. Sign the universal executable once, \
            with one entitlements file.
            """,
        severity: .error,
        fileKinds: [.artifact],
        examples: [
            RuleExample(triggers: true, "a universal Shop whose x86_64 slice lists fewer associated domains than its arm64 slice",
                        fixture: "slices-disagree.ipa"),
            RuleExample(triggers: false, "a universal Shop whose slices carry the same entitlements", fixture: "slices-agree.ipa"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let bundle = file.signedBundle, let first = bundle.slices.first else { return [] }
        return bundle.sliceDisagreements.map { disagreement in
            let keys = disagreement.keys.joined(separator: ", ")
            let pointer = disagreement.keys.lazy.map { JSONPointer(tokens: [$0]) }.first { file.root?.node(at: $0) != nil }
            return diagnostic(
                "the \(disagreement.architecture) slice of \(bundle.executablePath) is signed with other entitlements than the \(first.architecture) slice linted here (\(keys) differ), "
                    + "so devices that run \(disagreement.architecture) get other capabilities; sign the universal executable once, with one entitlements file",
                at: pointer.map { file.location($0, .key) } ?? file.fileLocation
            )
        }
    }
}
