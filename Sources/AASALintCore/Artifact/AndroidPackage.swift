/// A built Android app, `.apk` or `.aab`, as the App Links checks see it: the package name its
/// manifest declares and the certificates it is signed with (ANDROID.md 4). An APK is what a
/// device installs; an app bundle is what is uploaded to Play, signed with the upload key only
/// (a v1 JAR signature), which Play App Signing replaces with the app signing key.
package struct AndroidPackage: Sendable {
    package enum Format: String, Sendable {
        case apk = "APK"
        case appBundle = "app bundle"

        /// The format a path's extension names, or nil.
        package init?(path: String) {
            let lowercased = path.lowercased()
            if lowercased.hasSuffix(".apk") {
                self = .apk
            } else if lowercased.hasSuffix(".aab") {
                self = .appBundle
            } else {
                return nil
            }
        }

        /// Where the manifest lies in the archive.
        var manifestPath: String { self == .apk ? "AndroidManifest.xml" : "base/manifest/AndroidManifest.xml" }
    }

    package let format: Format
    /// The manifest's `package` attribute; nil when it could not be read (`packageNameProblem` says why).
    package let packageName: String?
    package let packageNameProblem: String?
    /// In the order the archive presents them: v1 signature blocks, then the APK Signing Block's schemes.
    package let signers: [APKSignatures.Signer]

    package init(format: Format, packageName: String?, packageNameProblem: String?, signers: [APKSignatures.Signer]) {
        self.format = format
        self.packageName = packageName
        self.packageNameProblem = packageNameProblem
        self.signers = signers
    }

    /// Manifests are a few kilobytes; this keeps a hostile entry from being inflated.
    static let manifestLimit = 4 * 1024 * 1024

    /// The app at `source`. A manifest that cannot be read leaves the package name unknown
    /// (the checks then take it from the configuration); a damaged archive or signature is an error.
    static func read(_ source: any ArtifactReaderSource, format: Format) throws(ArtifactReaderError) -> AndroidPackage {
        let archive = try ZipArchive(source: source)
        let signers = try APKSignatures(archive: archive, source: source).signers
        var packageName: String?
        var problem: String?
        do throws(ArtifactReaderError) {
            packageName = try manifestPackage(in: archive, format: format)
            if packageName?.isEmpty ?? true { problem = "its manifest has no package attribute" }
        } catch {
            problem = error.message
        }
        return AndroidPackage(format: format, packageName: packageName?.isEmpty == false ? packageName : nil, packageNameProblem: problem, signers: signers)
    }

    private static func manifestPackage(in archive: ZipArchive, format: Format) throws(ArtifactReaderError) -> String? {
        guard let entry = archive.entry(named: format.manifestPath) else { throw ArtifactReaderError("there is no \(format.manifestPath)") }
        guard entry.uncompressedSize <= manifestLimit else {
            throw ArtifactReaderError("\(format.manifestPath) declares \(entry.uncompressedSize) bytes, more than the \(manifestLimit) aasalint reads")
        }
        let bytes = try archive.contents(of: entry)
        return format == .apk ? try AndroidBinaryXML.manifestPackage(bytes) : try AndroidProtoXML.manifestPackage(bytes)
    }

    /// Every certificate a device may check the app's grant against: each signer's, and the
    /// certificates it rotated from (ANDROID.md 4.2: with rotation, Android offers the whole lineage).
    package var fingerprints: Set<String> {
        Set(signers.flatMap { [$0.certificate.fingerprint] + $0.lineage.map(\.fingerprint) })
    }

    /// The certificate newer Android versions verify the app with: the signer of the highest
    /// scheme present (v3.1, v3, v2, then v1).
    package var currentCertificate: SigningCertificate? {
        signers.max { $0.scheme.rank < $1.scheme.rank }?.certificate
    }
}
