/// One URL asked for, and what came back.
public struct Download: Sendable {
    public let url: String
    public let outcome: Result<HTTPResponse, FetchFailure>
    /// The body read as an AASA file named by its URL (empty when nothing came back), so that
    /// findings about the download and about its content point at the same name.
    public let file: LintFile

    public init(url: String, outcome: Result<HTTPResponse, FetchFailure>) {
        self.url = url
        self.outcome = outcome
        file = LintFile(path: url, kind: .aasa, bytes: (try? outcome.get())?.body ?? [])
    }

    public var response: HTTPResponse? { try? outcome.get() }

    /// The file as devices would read it: the body of a 200 answer; nil for anything else.
    public var servedFile: LintFile? { response?.status == 200 ? file : nil }
}
