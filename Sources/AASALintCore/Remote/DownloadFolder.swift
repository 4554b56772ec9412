#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps what `aasalint fetch --save` downloaded: `HOST/origin/apple-app-site-association` and
/// `HOST/cdn/apple-app-site-association` under the folder, so that `aasalint lint` and
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
            let folder = "\(path)/\(fetch.host)/\(name)"
            try Self.createFolder(folder)
            let file = "\(folder)/apple-app-site-association"
            guard FileManager.default.createFile(atPath: file, contents: Data(response.body)) else {
                throw UsageError("\(file): cannot write the downloaded file (check the folder's permissions)")
            }
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
