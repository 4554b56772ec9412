import AASALintCore

/// What the rules about built Android apps (`.apk`, `.aab`) share: the app's package name (its
/// manifest's, else the configuration's), and the `assetlinks.json` files of the run that grant
/// that package App Links.
enum AndroidPackageSupport {
    /// A package name and, for messages, where it came from: empty when the app's manifest says it.
    struct PackageName {
        let name: String
        let origin: String
    }

    /// The app's package name; when its manifest cannot be read, the package of the configuration's
    /// `apps` entries if they name exactly one (with several, which one the app is is unknown).
    static func packageName(of app: AndroidPackage, in context: LintContext) -> PackageName? {
        if let name = app.packageName { return PackageName(name: name, origin: "") }
        let configured = Set(context.configuration.androidApps.compactMap(\.packageName?.value))
        guard configured.count == 1, let name = configured.first else { return nil }
        let problem = app.packageNameProblem.map { ": \($0)" } ?? ""
        return PackageName(name: name, origin: " (the package of the configuration's apps entry, as the app's own manifest cannot be read\(problem))")
    }

    /// A statement list of the run that grants the package App Links.
    struct Grant {
        let file: LintFile
        /// The configured domains that serve the file; empty for a file found in the linted paths.
        let hosts: [String]
        let targets: [AssetLinkTarget]

        /// The fingerprints the file grants the package, as written, with Android's form of each.
        var fingerprints: [(written: Located<String>, normalized: String?)] {
            targets.flatMap { $0.fingerprints ?? [] }.map { ($0, CertificateFingerprint.normalized($0.value)) }
        }

        /// How messages name the file: its path, and the hosts that serve it.
        var shownFile: String {
            hosts.isEmpty ? file.path : "\(file.path) (served on \(hosts.joined(separator: ", ")))"
        }

        /// Where a finding's related location points: the first fingerprint granted, else the target.
        var location: Location {
            file.location(fingerprints.first?.written.pointer ?? targets[0].packageName?.pointer ?? targets[0].pointer)
        }
    }

    /// The `assetlinks.json` files of the run (linted, or configured under `domains`) that grant
    /// `package` `delegate_permission/common.handle_all_urls`. A file that includes other lists is
    /// left out, as the grant may be in a list aasalint does not fetch.
    static func grants(of package: String, in context: LintContext) -> [Grant] {
        var seen = Set<String>()
        return context.files.compactMap { file in
            guard file.kind == .assetLinks, seen.insert(file.path).inserted, let document = file.assetLinks, !document.hasIncludes else { return nil }
            let targets = document.appLinkTargets(for: package)
            guard !targets.isEmpty else { return nil }
            return Grant(file: file, hosts: context.assetLinksDomains(servedBy: file).map(\.host.value), targets: targets)
        }
    }

    /// How messages name the certificate: its subject's common name, when it has one.
    static func describe(_ certificate: SigningCertificate) -> String {
        certificate.commonName.map { "the certificate \"CN=\($0)\"" } ?? "its certificate"
    }
}
