#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Downloads a URL the way the system fetches an AASA file: redirects are not followed but
/// reported, and every download ends within the time limit, below the size limit, or with
/// a sentence saying why it failed.
public struct RemoteFetcher: Sendable {
    public struct Limits: Sendable, Equatable {
        /// Seconds a whole exchange may take, connecting included.
        public var timeout: Double
        /// Larger answers are refused: an AASA file is at most 128 KB, so a larger body is a
        /// mistake, and it must not exhaust memory.
        public var maximumBytes: Int

        public static let standard = Limits(timeout: 10, maximumBytes: 4 * 1024 * 1024)

        public init(timeout: Double, maximumBytes: Int) {
            self.timeout = timeout
            self.maximumBytes = maximumBytes
        }
    }

    public let limits: Limits

    public init(limits: Limits = .standard) {
        self.limits = limits
    }

    public func fetch(_ url: URL) -> Result<HTTPResponse, FetchFailure> {
        HTTPTransport.get(url, userAgent: "aasalint/\(AASALintVersion.current)", limits: limits).mapError { failure in
            FetchFailure(reason: sentence(for: failure, url: url))
        }
    }

    private func sentence(for failure: ExchangeFailure, url: URL) -> String {
        let host = url.host ?? url.absoluteString
        switch failure {
        case .refused(let reason):
            return reason
        case .timedOut:
            return "no complete answer within \(Self.seconds(limits.timeout)) (the connection timed out)"
        case .hostNotFound:
            return "the host name \(host) could not be resolved (DNS lookup failed); check the name and its DNS records"
        case .connectionRefused:
            return "the connection to \(host)\(url.port.map { ":\($0)" } ?? "") was refused: nothing accepts connections there"
        case .tls(let problem):
            return problem.sentence(host: host)
        case .connectionLost:
            return "the connection to \(host) closed before the answer was complete"
        case .offline:
            return "this machine has no network connection"
        case .notHTTP:
            return "the answer of \(host) is not valid HTTP"
        case .other(let message):
            return TLSProblem(libraryMessage: message)?.sentence(host: host) ?? "the download failed: \(message)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        let number = value == value.rounded() ? String(Int(value)) : String(value)
        return number + (value == 1 ? " second" : " seconds")
    }
}

/// Why an exchange ended without a usable answer, in terms both HTTP libraries map to.
enum ExchangeFailure: Error {
    /// We stopped it, for a reason already put in words.
    case refused(String)
    case timedOut
    case hostNotFound
    case connectionRefused
    case tls(TLSProblem)
    case connectionLost
    case offline
    case notHTTP
    /// The HTTP library's own message, for failures without a sentence of ours.
    case other(String)

    static func announced(_ length: Int64, over limit: Int) -> ExchangeFailure {
        .refused("the answer announces \(length) bytes, more than the limit of \(limit) bytes, so it was not downloaded")
    }

    /// A body that grew past the limit; `encoding` is its Content-Encoding, if not `identity`.
    static func bodyOver(_ limit: Int, encoding: String?) -> ExchangeFailure {
        let why = encoding.map { "it decodes to more, with Content-Encoding: \($0)" } ?? "it did not announce its length"
        return .refused("the answer is larger than the limit of \(limit) bytes (\(why)), so the download was stopped")
    }
}

/// A failed TLS connection, in words a person can act on.
enum TLSProblem {
    case expiredCertificate
    case untrustedCertificate
    case handshake

    /// Where the HTTP library has no error code for a TLS failure, it passes on the TLS
    /// library's message, which tells which failure it was.
    init?(libraryMessage message: String) {
        let message = message.lowercased()
        if message.contains("certificate"), message.contains("expired") || message.contains("not yet valid") {
            self = .expiredCertificate
        } else if message.contains("certificate") {
            self = .untrustedCertificate
        } else if message.contains("ssl") || message.contains("tls") {
            self = .handshake
        } else {
            return nil
        }
    }

    func sentence(host: String) -> String {
        switch self {
        case .expiredCertificate:
            "the TLS certificate of \(host) has expired or is not yet valid"
        case .untrustedCertificate:
            "the TLS certificate of \(host) is not trusted (self-signed, another host's, or missing its intermediate certificates)"
        case .handshake:
            "the TLS handshake with \(host) failed, so no secure connection could be made"
        }
    }
}
