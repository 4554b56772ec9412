/// The bundles of a signed artifact and what each executable was signed with. Layouts: an
/// `.app` folder, an `.ipa` (`Payload/<Name>.app`), an `.xcarchive` (`Products/Applications/*.app`),
/// and inside each app its App Clips (`AppClips/*.app`) and extensions (`PlugIns/*.appex`).
enum ArtifactBundle {
    enum Layout: Sendable {
        case app
        case ipa
        case xcarchive

        /// The layout a path's extension names, or nil.
        init?(path: String) {
            let lowercased = path.lowercased()
            guard let layout = [(".ipa", Layout.ipa), (".app", .app), (".xcarchive", .xcarchive)].first(where: { lowercased.hasSuffix($0.0) })
            else { return nil }
            self = layout.1
        }
    }

    /// What an artifact holds: its bundles, and why some could not be read (each a sentence
    /// that starts with the inner path).
    struct Contents: Sendable {
        let bundles: [SignedBundle]
        let problems: [String]
    }

    static let infoPlistLimit = 4 * 1024 * 1024
    static let profileLimit = 4 * 1024 * 1024
    /// Apps hold App Clips and extensions, App Clips extensions: no deeper.
    private static let nestingDepth = 3

    /// The bundles of the artifact at `path` on disk, named `shownAs` in reports.
    static func read(path: String, shownAs shown: String, layout: Layout) throws(ArtifactReaderError) -> Contents {
        switch layout {
        case .ipa: try read(zip: FileArtifactSource(path: path), shownAs: shown)
        case .app: read(DiskBundleFolder(root: path), shownAs: shown, applications: [""])
        case .xcarchive:
            read(DiskBundleFolder(root: path), shownAs: shown, applications: applications(in: DiskBundleFolder(root: path), under: "Products/Applications"))
        }
    }

    /// The bundles of an `.ipa` read from `source`.
    static func read(zip source: any ArtifactReaderSource, shownAs shown: String) throws(ArtifactReaderError) -> Contents {
        let folder = ZipBundleFolder(archive: try ZipArchive(source: source))
        let applications = applications(in: folder, under: "Payload")
        guard !applications.isEmpty else { throw ArtifactReaderError("no Payload/<Name>.app inside: not an app archive") }
        return read(folder, shownAs: shown, applications: applications)
    }

    private static func applications(in folder: any ArtifactBundleFolder, under path: String) -> [String] {
        folder.children(of: path).filter { $0.hasSuffix(".app") }.map { path + "/" + $0 }
    }

    private static func read(_ folder: any ArtifactBundleFolder, shownAs shown: String, applications: [String]) -> Contents {
        var bundles: [SignedBundle] = []
        var problems: [String] = []
        var pending = applications.map { (path: $0, kind: SignedBundle.Kind.application, depth: 0) }
        // Taken in order by index: removing the first of thousands of bundles each time would be quadratic.
        var taken = 0
        while taken < pending.count {
            let next = pending[taken]
            taken += 1
            do throws(ArtifactReaderError) {
                bundles.append(try bundle(at: next.path, kind: next.kind, in: folder, shownAs: shown))
            } catch {
                problems.append(error.message)
            }
            guard next.depth + 1 < nestingDepth else { continue }
            let prefix = next.path.isEmpty ? "" : next.path + "/"
            pending += folder.children(of: prefix + "AppClips").filter { $0.hasSuffix(".app") }
                .map { (prefix + "AppClips/" + $0, .appClip, next.depth + 1) }
            pending += folder.children(of: prefix + "PlugIns").filter { $0.hasSuffix(".appex") }
                .map { (prefix + "PlugIns/" + $0, .appExtension, next.depth + 1) }
        }
        return Contents(bundles: bundles, problems: problems)
    }

    private static func bundle(at path: String, kind: SignedBundle.Kind, in folder: any ArtifactBundleFolder, shownAs shown: String) throws(ArtifactReaderError) -> SignedBundle {
        let prefix = path.isEmpty ? "" : path + "/"
        let infoPath = prefix + "Info.plist"
        let infoBytes = try folder.contents(of: infoPath, limit: infoPlistLimit)
        let info: PositionedValue
        do throws(PlistSyntaxError) {
            info = try PlistReader.parse(infoBytes)
        } catch {
            throw ArtifactReaderError("\(infoPath): not a property list (\(error.message))")
        }
        guard let executable = info.member("CFBundleExecutable")?.value.stringValue, !executable.isEmpty,
              !executable.contains("/"), executable != ".."
        else { throw ArtifactReaderError("\(infoPath): no CFBundleExecutable naming the executable") }
        let executablePath = prefix + executable
        let slices: [MachOSlice]
        do throws(ArtifactReaderError) {
            slices = try MachOFile.slices(of: try folder.source(of: executablePath))
        } catch {
            throw ArtifactReaderError(error.message.hasPrefix(executablePath) ? error.message : "\(executablePath): \(error.message)")
        }
        guard slices.contains(where: { $0.signature != nil }) else {
            throw ArtifactReaderError("\(executablePath): not code-signed, so what it would ship with is unknown; lint the signed product (an archive, or the exported .ipa)")
        }
        let profilePath = prefix + "embedded.mobileprovision"
        let profile = folder.contains(profilePath) ? try folder.contents(of: profilePath, limit: profileLimit) : nil
        return SignedBundle(
            artifactPath: shown, innerPath: path, bundleIdentifier: info.member("CFBundleIdentifier")?.value.stringValue,
            executablePath: executablePath,
            slices: slices.map { SignedSlice(architecture: $0.architecture, entitlements: $0.signature?.entitlements, derEntitlements: $0.signature?.derEntitlements) },
            embeddedProfile: profile, kind: kind)
    }
}
