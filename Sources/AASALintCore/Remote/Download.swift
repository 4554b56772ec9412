#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One URL asked for, and what came back.
package struct Download: Sendable {
    package let url: String
    package let outcome: Result<HTTPResponse, FetchFailure>
    /// When the answer arrived: the clock for how long a CDN keeps it.
    package let receivedAt: Date
    /// The body read as a file of `kind` (an AASA file or an `assetlinks.json`) named by its URL
    /// (empty when nothing came back), so that findings about the download and about its content
    /// point at the same name.
    package let file: LintFile

    package init(url: String, outcome: Result<HTTPResponse, FetchFailure>, receivedAt: Date = Date(), kind: FileKind = .aasa) {
        self.url = url
        self.outcome = outcome
        self.receivedAt = receivedAt
        file = LintFile(path: url, kind: kind, bytes: (try? outcome.get())?.body ?? [])
    }

    package var response: HTTPResponse? { try? outcome.get() }

    /// The file as devices would read it: the body of a 200 answer; nil for anything else.
    package var servedFile: LintFile? { response?.status == 200 ? file : nil }

    /// `404 (not found)`, `200 (ok) with the file`, `403 (forbidden), a Cloudflare challenge
    /// page`, or `no answer (the connection timed out)`: what came back, in a few words.
    package var answerSummary: String {
        switch outcome {
        case .failure(let failure):
            return "no answer (\(failure.reason))"
        case .success(let response):
            if let page = response.botProtectionPage { return "\(response.statusDescription), \(page)" }
            return response.statusDescription + (response.carriesFile ? " with the file" : "")
        }
    }
}
