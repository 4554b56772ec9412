/// What `aasalint init` writes: every key explained, most of them commented out, so that
/// the file is valid as written and a team can switch on what it needs.
package enum StarterConfiguration {
    package static let text = """
        # aasalint configuration. Every key is optional; paths and globs are relative to this
        # file. `aasalint lint --print-config` shows the effective settings.

        # Severity per rule: error, warning, note or off; or {severity: ..., option: value}.
        # `aasalint rules` lists the rules and `aasalint rules ID` explains one. Giving an
        # opt-in rule a severity switches it on.
        rules:
          wildcard-without-apex: note
          # file-too-large: {severity: error, max_bytes: 131072}
          # Opt-in: notes on legacy appID/paths entries, to modernise a file that works.
          # legacy-format: note

        # Which files to lint. aasalint finds apple-app-site-association files and
        # *.entitlements on its own; include narrows that, exclude removes (and wins).
        # include: ["web/**", "ios/**"]
        exclude: ["**/node_modules/**", "**/Pods/**"]

        # Extra files with a forced kind (aasa or entitlements), e.g. a file under another name.
        # files:
        #   - {path: web/public/aasa.json, kind: aasa}

        # Entitlements files that ship: the release gate (developer mode, get-task-allow)
        # applies to them. `lint --release` treats every entitlements file as shipping.
        # release_entitlements: ["ios/**/*Release*.entitlements"]

        # The apps and the hosts they link to, for the cross-checks between the two sides.
        # apps:
        #   - id: ABCDE12345.com.example.shop
        #     entitlements: ios/Shop/Shop.entitlements
        #     build_settings: {AppIdentifierPrefix: "ABCDE12345."}
        #   # Android: the applicationId, the Gradle module (or manifest: its AndroidManifest.xml),
        #   # and the SHA-256 of the app signing key from Play Console (Setup > App integrity).
        #   - package: com.example.shop
        #     module: android/app
        #     fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
        # domains:
        #   example.com: web/.well-known/apple-app-site-association
        #   # A host that serves both files:
        #   # example.com: {aasa: web/.well-known/apple-app-site-association, assetlinks: web/.well-known/assetlinks.json}

        # URLs that must open the app, or stay on the web, checked on every lint.
        # expectations:
        #   - app: ABCDE12345.com.example.shop
        #     opens: ["https://example.com/product/42"]
        #     stays_on_web: ["https://example.com/account/login"]
        #   - app: ABCDE12345.com.example.shop
        #     opens_from: web/sitemap.xml
        #     paths: ["/product/*"]

        # Rule settings for some files, or one place in a file (#/json/pointer); last wins.
        # overrides:
        #   - files: ["legacy/**/apple-app-site-association#/applinks/details/1"]
        #     rules: {duplicate-app-id: off}

        # Findings accepted on purpose, each with its reason.
        # ignore:
        #   - rule: ignored-key
        #     file: web/.well-known/apple-app-site-association
        #     pointer: /applinks/details/0/paths
        #     reason: iOS 12 devices still read paths

        # Findings accepted when adopting aasalint: write with --write-baseline FILE.
        # baseline: .aasalint-baseline.json

        # Lowest severity that makes the exit status 1: error, warning, note or none.
        fail_on: error

        # The reports of each lint, as repeated --format: FORMAT, or FORMAT:FILE for a file.
        # formats: [text, "sarif:aasalint.sarif", "gitlab:gl-code-quality.json"]

        """
}
