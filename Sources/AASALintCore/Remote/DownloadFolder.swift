#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps what `aasalint fetch --save` downloaded: `HOST/origin/apple-app-site-association`,
/// `HOST/cdn/apple-app-site-association` and `HOST/origin/assetlinks.json` under the folder, so that `aasalint lint` and
/// `aasalint diff` can read them again. Every body that came back is kept, whatever its
/// status: an error page is what the host served.
package struct DownloadFolder: Sendable {
    package let path: String

    /// Creates the folder when it does not exist yet.
    package init(path: String) throws(UsageError) {
        self.path = path
        try Self.createFolder(path)
    }

    package func save(_ fetch: HostFetch) throws(UsageError) {
        for (name, download) in [("origin", fetch.origin), ("cdn", fetch.cdn)] {
            guard let response = download.response else { continue }
            try write(response.body, to: "\(fetch.host)/\(name)", named: "apple-app-site-association")
        }
        // Only a served file: an iOS-only host's error page kept as assetlinks.json would be
        // linted as one when the folder is read again.
        if let assetLinks = fetch.servedAssetLinks {
            try write(assetLinks.bytes, to: "\(fetch.host)/origin", named: "assetlinks.json")
        }
    }

    private func write(_ body: [UInt8], to subfolder: String, named name: String) throws(UsageError) {
        let folder = "\(path)/\(subfolder)"
        try Self.createFolder(folder)
        let file = "\(folder)/\(name)"
        guard FileManager.default.createFile(atPath: file, contents: Data(body)) else {
            throw UsageError("\(file): cannot write the downloaded file (check the folder's permissions)")
        }
    }

    private static func createFolder(_ path: String) throws(UsageError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw UsageError("\(path): cannot create this folder to save the downloads in (\(FileErrorReason.of(error, otherwise: "\(error)")))")
        }
    }
}
