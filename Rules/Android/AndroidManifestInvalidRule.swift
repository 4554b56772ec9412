import AASALintCore

struct AndroidManifestInvalidRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "android-manifest-invalid",
        summary: "`AndroidManifest.xml` is not well-formed XML, or its root is not `<manifest>`",
        rationale: """
            The build (aapt2 and the manifest merger) stops on a manifest that is not well-formed \
            XML, and a file whose root is not `<manifest>` is not a manifest at all, so none of \
            its intent filters exist. The finding points at the first byte the reader could not \
            accept. aasalint never expands entities or fetches a DTD: a manifest that declares \
            entities is refused.
            """,
        severity: .error,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                  <application>
                    <activity android:name=".MainActivity">
                  ↓</application>
                </manifest>
                """),
            RuleExample(triggers: false, """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                  <application>
                    <activity android:name=".MainActivity"/>
                  </application>
                </manifest>
                """),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        switch file.xml {
        case .failure(let error):
            return [diagnostic("not well-formed XML: \(error.message); the build rejects the manifest, so its intent filters do not exist",
                               at: error.offset.map(file.location(offset:)) ?? file.fileLocation)]
        case .success(let root) where root.name != "manifest":
            return [diagnostic("the root element is <\(root.name)>, not <manifest>; this is not an Android manifest, so it declares no intent filters",
                               at: file.location(span: root.span, pointer: .root))]
        default:
            return []
        }
    }
}
