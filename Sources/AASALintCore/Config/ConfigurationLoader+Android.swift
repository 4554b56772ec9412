/// Reads the Android parts of `apps:` and `domains:`.
extension ConfigurationLoader {
    func readAndroidApp(_ keys: [String: PositionedMember], at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> ConfiguredAndroidApp? {
        let packageName = keys["package"].flatMap { reader.string($0.value, at: pointer.appending("package"), what: "'package'") }
        if let packageName, let problem = AndroidPackageName.problem(of: packageName.value) {
            reader.error("'\(packageName.value)' is not an Android package name: \(problem)", at: packageName.pointer)
        }
        let manifest = keys["manifest"].flatMap { reader.string($0.value, at: pointer.appending("manifest"), what: "'manifest'") }
        let module = keys["module"].flatMap { reader.string($0.value, at: pointer.appending("module"), what: "'module'") }
        if manifest != nil && module != nil {
            reader.error("'manifest' and 'module' both say where the app's manifest is: keep one", at: pointer.appending("module"))
        }
        let fingerprintsPointer = pointer.appending("fingerprints")
        let fingerprints = keys["fingerprints"].map { reader.strings($0.value, at: fingerprintsPointer, what: "'fingerprints'") } ?? []
        let normalized = fingerprints.compactMap { fingerprint -> Located<String>? in
            guard let value = CertificateFingerprint.normalized(fingerprint.value) else {
                reader.error("'\(fingerprint.value)' is not a SHA-256 certificate fingerprint: write the 32 bytes in hex joined by ':' (14:6D:E9:...), as Play Console shows the app signing key", at: fingerprint.pointer)
                return nil
            }
            return Located(value, at: fingerprint.pointer)
        }
        guard packageName != nil || manifest != nil || module != nil else {
            reader.error("an Android app needs 'package' (its applicationId), 'manifest' or 'module' (where aasalint reads it)", at: pointer)
            return nil
        }
        let manifestPath = manifest ?? module.map { module in
            Located(PathNames.joined(module.value, ConfiguredAndroidApp.mainManifest), at: module.pointer)
        }
        return ConfiguredAndroidApp(pointer: pointer, packageName: packageName, manifest: manifestPath, releaseFingerprints: normalized)
    }

    /// `{aasa: FILE, assetlinks: FILE}`, the two files a host serves.
    func readDomainFiles(_ node: PositionedValue, of host: String, at pointer: JSONPointer,
                         _ reader: inout ConfigurationReader) -> (aasa: Located<String>?, assetLinks: Located<String>?) {
        let keys = reader.members(of: node, at: pointer, known: ["aasa", "assetlinks"], what: "the files of '\(host)'")
        let aasa = keys["aasa"].flatMap { reader.string($0.value, at: pointer.appending("aasa"), what: "the AASA file of '\(host)'") }
        let assetLinks = keys["assetlinks"].flatMap { reader.string($0.value, at: pointer.appending("assetlinks"), what: "the assetlinks.json of '\(host)'") }
        if aasa == nil && assetLinks == nil {
            reader.error("'\(host)' needs 'aasa' (its apple-app-site-association), 'assetlinks' (its assetlinks.json), or both", at: pointer)
        }
        return (aasa, assetLinks)
    }
}
