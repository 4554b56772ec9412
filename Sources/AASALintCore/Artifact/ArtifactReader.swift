#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns a signed artifact into the files rules check: for each executable, its signed
/// entitlements as an entitlements file named `Shop.ipa!Payload/Shop.app/Shop`; for an Android
/// app (`.apk`, `.aab`), the app itself with its package name and signing certificates.
package enum ArtifactReader {
    package struct Outcome: Sendable {
        package let files: [LintFile]
        /// Bundles or artifacts that could not be read: the run exits with status 2.
        package let problems: [UsageError]
        /// Executables signed without entitlements: nothing to check, which is said.
        package let warnings: [String]
    }

    /// The artifact at `path`, named `shown` in reports (by default as given); its layout from
    /// its name, else from what it is.
    package static func read(_ path: String, shownAs shown: String? = nil) -> Outcome {
        let shown = shown ?? path
        if let format = AndroidPackage.Format(path: path) {
            return readAndroid(format: format, shownAs: shown) { () throws(ArtifactReaderError) in try FileArtifactSource(path: path) }
        }
        let contents = Result { () throws(ArtifactReaderError) in
            try ArtifactBundle.read(path: path, shownAs: shown, layout: layout(of: path))
        }
        return outcome(contents, shownAs: shown)
    }

    private static func readAndroid(format: AndroidPackage.Format, shownAs shown: String,
                                    from source: () throws(ArtifactReaderError) -> any ArtifactReaderSource) -> Outcome {
        let read = Result { () throws(ArtifactReaderError) in try AndroidPackage.read(try source(), format: format) }
        switch read {
        case .success(let package):
            let unsigned = package.signers.isEmpty ? ["\(shown): not signed, so no certificate of it can be checked against assetlinks.json"] : []
            return Outcome(files: [LintFile(path: shown, androidPackage: package)], problems: [], warnings: unsigned)
        case .failure(let error):
            return Outcome(files: [], problems: [UsageError("\(shown): cannot read this \(format.rawValue): \(error.message)")], warnings: [])
        }
    }

    /// An archive given as bytes (standard input): an Android app when `shown` ends in `.apk` or
    /// `.aab`, else an `.ipa`.
    package static func read(archive bytes: [UInt8], shownAs shown: String) -> Outcome {
        if let format = AndroidPackage.Format(path: shown) { return readAndroid(format: format, shownAs: shown) { MemoryArtifactSource(bytes) } }
        return outcome(Result { () throws(ArtifactReaderError) in try ArtifactBundle.read(zip: MemoryArtifactSource(bytes), shownAs: shown) }, shownAs: shown)
    }

    /// A folder named as an artifact without its extension is an archive when it has
    /// `Products/Applications`, else an app; a file is an `.ipa`.
    private static func layout(of path: String) -> ArtifactBundle.Layout {
        if let layout = ArtifactBundle.Layout(path: path) { return layout }
        guard PathStatus.of(path) == .folder else { return .ipa }
        return FileManager.default.fileExists(atPath: path + "/Products/Applications") ? .xcarchive : .app
    }

    private static func outcome(_ contents: Result<ArtifactBundle.Contents, ArtifactReaderError>, shownAs shown: String) -> Outcome {
        let read: ArtifactBundle.Contents
        switch contents {
        case .success(let contents): read = contents
        case .failure(let error):
            return Outcome(files: [], problems: [UsageError("\(shown): cannot read this artifact: \(error.message)")], warnings: [])
        }
        var files: [LintFile] = []
        var warnings: [String] = []
        for bundle in read.bundles {
            if let entitlements = bundle.slices.lazy.compactMap(\.entitlements).first {
                files.append(LintFile(path: bundle.displayPath, kind: .entitlements, bytes: entitlements, signedBundle: bundle))
                if let profile = bundle.embeddedProfile {
                    files.append(LintFile(path: bundle.embeddedProfilePath, kind: .provisioningProfile, bytes: profile))
                }
            } else {
                warnings.append("\(bundle.displayPath): signed without entitlements, so no entitlements rule applies to it")
            }
        }
        let problems = read.problems.map { UsageError("\(shown)\(SignedBundle.separator)\($0)") }
        return Outcome(files: files, problems: problems, warnings: warnings)
    }
}
