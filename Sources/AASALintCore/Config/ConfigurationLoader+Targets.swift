#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `files:`, `apps:` and `domains:`, what the configuration names beyond discovery.
extension ConfigurationLoader {
    func readFiles(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [ConfiguredFile] {
        reader.list(node, at: pointer, what: "'files'").compactMap { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["path", "kind"], what: "an entry of 'files'")
            guard let pathMember = keys["path"] else {
                reader.error("an entry of 'files' needs 'path'", at: elementPointer)
                return nil
            }
            guard let path = reader.string(pathMember.value, at: elementPointer.appending("path"), what: "'path'") else { return nil }
            var kind = FileKind.aasa
            if let kindMember = keys["kind"] {
                guard let word = choice(kindMember.value, at: elementPointer.appending("kind"), from: FileKind.allCases.map(\.rawValue),
                                        what: "'kind'", &reader), let chosen = FileKind(rawValue: word) else { return nil }
                kind = chosen
            } else {
                // Reading a configuration opens no other file: the name decides.
                kind = FileDiscovery.kind(ofNamed: path.value)
            }
            return ConfiguredFile(path: path, kind: kind)
        }
    }

    /// The iOS apps and the Android apps of `apps:`: an entry with `id` or `entitlements` is an
    /// iOS app, one with `package`, `manifest` or `module` an Android app, one with both is both
    /// (a React Native or Flutter app).
    func readApps(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> (apps: [ConfiguredApp], androidApps: [ConfiguredAndroidApp]) {
        var apps: [ConfiguredApp] = []
        var androidApps: [ConfiguredAndroidApp] = []
        for (element, elementPointer) in reader.list(node, at: pointer, what: "'apps'") {
            let keys = reader.members(of: element, at: elementPointer, known: ["id", "entitlements", "build_settings"] + ConfiguredAndroidApp.keys, what: "an app")
            let isAndroid = ConfiguredAndroidApp.keys.contains { keys[$0] != nil }
            if isAndroid, let app = readAndroidApp(keys, at: elementPointer, &reader) { androidApps.append(app) }
            guard !isAndroid || keys["id"] != nil || keys["entitlements"] != nil || keys["build_settings"] != nil else { continue }
            apps.append(readApp(keys, at: elementPointer, &reader))
        }
        return (apps, androidApps)
    }

    private func readApp(_ keys: [String: PositionedMember], at elementPointer: JSONPointer, _ reader: inout ConfigurationReader) -> ConfiguredApp {
        let id = keys["id"].flatMap { reader.string($0.value, at: elementPointer.appending("id"), what: "'id'") }
        if let id {
            do throws(AppID.Problem) {
                _ = try AppID(id.value)
            } catch {
                reader.error("'\(id.value)' is not an appID: \(error.explanation)", at: id.pointer)
            }
        }
        let entitlements = keys["entitlements"].flatMap {
            reader.string($0.value, at: elementPointer.appending("entitlements"), what: "'entitlements'")
        }
        if id == nil && entitlements == nil {
            reader.error("an app needs 'id' (its appID) or 'entitlements' (the file that signs it), or both; an Android app needs 'package', 'manifest' or 'module'", at: elementPointer)
        }
        var buildSettings: [String: String] = [:]
        if let settings = keys["build_settings"] {
            let settingsPointer = elementPointer.appending("build_settings")
            if let members = settings.value.members {
                for member in members {
                    if let value = reader.string(member.value, at: settingsPointer.appending(member.key), what: "build setting '\(member.key)'") {
                        buildSettings[member.key] = value.value
                    }
                }
            } else {
                reader.error("'build_settings' must map setting names to values, not \(reader.article(settings.value))", at: settingsPointer)
            }
        }
        return ConfiguredApp(pointer: elementPointer, id: id, entitlements: entitlements, buildSettings: buildSettings)
    }

    /// Each host maps to its AASA file, to its `assetlinks.json` (a file of that name), or to both
    /// (`{aasa: ..., assetlinks: ...}`).
    func readDomains(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> (domains: [ConfiguredDomain], assetLinks: [ConfiguredAssetLinksDomain]) {
        guard let members = node.members else {
            reader.error("'domains' must map hosts to AASA files (example.com: web/.well-known/apple-app-site-association), not \(reader.article(node))", at: pointer)
            return ([], [])
        }
        var domains: [ConfiguredDomain] = []
        var assetLinks: [ConfiguredAssetLinksDomain] = []
        for member in members {
            let hostPointer = pointer.appending(member.key)
            let host = member.key
            if host.contains("/") || host.contains(":") || host != host.lowercased() || !host.contains(".") {
                reader.error("'\(host)' is not a host name: write it in lower case without scheme, port or path (example.com)", atKeyOf: member, under: pointer)
            }
            let located = Located(host, at: hostPointer)
            if member.value.members != nil {
                let files = readDomainFiles(member.value, of: host, at: hostPointer, &reader)
                if let aasa = files.aasa { domains.append(ConfiguredDomain(host: located, aasaPath: aasa)) }
                if let path = files.assetLinks { assetLinks.append(ConfiguredAssetLinksDomain(host: located, path: path)) }
                continue
            }
            guard let path = reader.string(member.value, at: hostPointer, what: "the AASA file of '\(host)'") else { continue }
            if FileDiscovery.isAssetLinks(PathNames.lastComponent(of: path.value)) {
                assetLinks.append(ConfiguredAssetLinksDomain(host: located, path: path))
            } else {
                domains.append(ConfiguredDomain(host: located, aasaPath: path))
            }
        }
        return (domains, assetLinks)
    }
}
