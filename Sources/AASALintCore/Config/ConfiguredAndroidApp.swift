/// An Android app of the project (`apps:` entries with `package`, `manifest` or `module`): its
/// package name, the manifest that claims its hosts, and the SHA-256 fingerprints of the
/// certificates its release builds reach devices with (with Play App Signing, the app signing
/// key from Play Console).
package struct ConfiguredAndroidApp: Sendable {
    package let pointer: JSONPointer
    /// The package name (Gradle's `applicationId`); nil to read it from the project.
    package let packageName: Located<String>?
    /// The manifest, relative to the configuration's folder: `manifest`, or `module`'s
    /// `src/main/AndroidManifest.xml`.
    package let manifest: Located<String>?
    /// The fingerprints, normalized (`14:6D:...`, upper case).
    package let releaseFingerprints: [Located<String>]

    package init(pointer: JSONPointer, packageName: Located<String>?, manifest: Located<String>?, releaseFingerprints: [Located<String>]) {
        self.pointer = pointer
        self.packageName = packageName
        self.manifest = manifest
        self.releaseFingerprints = releaseFingerprints
    }

    /// The keys of an `apps:` entry that describe an Android app.
    static let keys = ["package", "manifest", "module", "fingerprints"]
    /// Where Gradle keeps a module's main manifest.
    static let mainManifest = "src/main/AndroidManifest.xml"
}

/// Which `assetlinks.json` is served on which host (`domains:`, beside or instead of the AASA file).
package struct ConfiguredAssetLinksDomain: Sendable {
    package let host: Located<String>
    /// Relative to the configuration's folder.
    package let path: Located<String>

    package init(host: Located<String>, path: Located<String>) {
        self.host = host
        self.path = path
    }
}

extension Configuration {
    /// The Android files the configuration names for cross-checks: the domains' `assetlinks.json`
    /// and the apps' manifests, read even when no linted path holds them.
    package var androidReferencedFiles: [(String, FileKind)] {
        assetLinksDomains.map { ($0.path.value, .assetLinks) } + androidApps.compactMap { app in app.manifest.map { ($0.value, .androidManifest) } }
    }
}
