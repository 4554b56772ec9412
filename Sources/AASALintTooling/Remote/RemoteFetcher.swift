import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Downloads a URL the way the system fetches an AASA file: redirects are not followed but
/// reported, and every download ends within the time limit, below the size limit, or with
/// a sentence saying why it failed.
package struct RemoteFetcher: HTTPFetching {
    package struct Limits: Sendable, Equatable {
        /// Seconds a whole exchange may take, connecting included.
        package var timeout: Double
        /// Larger answers are refused: an AASA file is at most 128 KB, so a larger body is a
        /// mistake, and it must not exhaust memory.
        package var maximumBytes: Int

        package static let standard = Limits(timeout: 10, maximumBytes: 4 * 1024 * 1024)

        package init(timeout: Double, maximumBytes: Int) {
            self.timeout = timeout
            self.maximumBytes = maximumBytes
        }
    }

    package let limits: Limits
    /// Whether the proxies of the environment (`https_proxy` and the like) are used; off unless
    /// the user opts in, so that a CI runner's settings do not route the check elsewhere.
    package let usesEnvironmentProxy: Bool
    /// A PEM file of the only certificate authorities to trust (libcurl only): for tests, with
    /// certificates made for them.
    let trustedCertificates: String?

    package init(limits: Limits = .standard, usesEnvironmentProxy: Bool = false) {
        self.init(limits: limits, usesEnvironmentProxy: usesEnvironmentProxy, trustedCertificates: nil)
    }

    init(limits: Limits, usesEnvironmentProxy: Bool = false, trustedCertificates: String?) {
        self.limits = limits
        self.usesEnvironmentProxy = usesEnvironmentProxy
        self.trustedCertificates = trustedCertificates
    }

    /// One GET of `url` as `client` says it is, without cookies and without following redirects.
    /// Unless `allowsPrivateAddresses`, it connects only to public addresses (see `NetworkAddress`).
    package func fetch(_ url: URL, as client: FetchClient = .aasalint, allowsPrivateAddresses: Bool = false) -> Result<HTTPResponse, FetchFailure> {
        let host = url.host ?? ""
        if !allowsPrivateAddresses, let refusal = Self.refusalByName(host) {
            return .failure(FetchFailure(reason: refusal))
        }
        let exchange = ExchangeRequest(userAgent: client.userAgent, limits: limits,
                                       checksAddresses: !allowsPrivateAddresses && !usesEnvironmentProxy,
                                       usesEnvironmentProxy: usesEnvironmentProxy, trustedCertificates: trustedCertificates)
        return HTTPTransport.get(url, exchange).mapError { failure in
            FetchFailure(reason: sentence(for: failure, url: url))
        }
    }

    /// A host refused without asking DNS: an IP address outside the public internet, or a
    /// `localhost` name, which always means this machine (RFC 6761 §6.3).
    private static func refusalByName(_ host: String) -> String? {
        let name = host.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") {
            return "\(host) is a localhost name, which always means this machine, \(NetworkAddress.refusalReason)"
        }
        return nil
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

/// How one exchange is made, for either HTTP library.
struct ExchangeRequest {
    let userAgent: String
    let limits: RemoteFetcher.Limits
    /// Refuse every connection to an address outside the public internet.
    let checksAddresses: Bool
    let usesEnvironmentProxy: Bool
    let trustedCertificates: String?
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

    static func privateAddress(_ address: NetworkAddress, host: String) -> ExchangeFailure {
        .refused(address.refusal(host: host))
    }

    static func announced(_ length: Int64, over limit: Int) -> ExchangeFailure {
        .refused("the answer announces \(length) bytes, more than the limit of \(limit) bytes, so it was not downloaded")
    }

    /// A body that grew past the limit; `encoding` is its Content-Encoding, if not `identity`.
    static func bodyOver(_ limit: Int, encoding: String?) -> ExchangeFailure {
        let why = encoding.map { "it decodes to more, with Content-Encoding: \($0)" } ?? "it did not announce its length"
        return .refused("the answer is larger than the limit of \(limit) bytes (\(why)), so the download was stopped")
    }
}

/// A failed TLS connection, in words a person can act on. Apple's crawler, like devices before
/// iOS 14, accepts only a certificate valid today, for the host's name, that chains to a root
/// the system trusts through the intermediates the server sends.
enum TLSProblem: Equatable {
    case expiredCertificate
    case notYetValidCertificate
    case nameMismatch
    case selfSigned
    /// The chain stops at a certificate whose issuer is neither sent nor trusted.
    case unknownIssuer
    /// Not trusted, for a reason the library does not tell.
    case untrustedCertificate
    case handshake

    /// Where the HTTP library has no error code for a TLS failure, it passes on the TLS
    /// library's message, which tells which failure it was (OpenSSL's messages, through libcurl).
    init?(libraryMessage message: String) {
        let message = message.lowercased()
        if message.contains("certificate has expired") {
            self = .expiredCertificate
        } else if message.contains("not yet valid") {
            self = .notYetValidCertificate
        } else if message.contains("subject name") && (message.contains("match") || message.contains("does not")) {
            self = .nameMismatch
        } else if message.contains("self-signed") || message.contains("self signed") {
            self = .selfSigned
        } else if message.contains("unable to get local issuer") || message.contains("unable to get issuer")
                    || message.contains("unable to verify the first certificate") {
            self = .unknownIssuer
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
            "the TLS certificate of \(host) has expired; Apple's crawler accepts only a valid certificate: renew it"
        case .notYetValidCertificate:
            "the TLS certificate of \(host) is not valid yet (its start date is in the future); Apple's crawler accepts only a valid certificate: check the server's clock or the certificate's dates"
        case .nameMismatch:
            "the TLS certificate of \(host) is for another name (\(host) is not among its names); serve a certificate that names \(host)"
        case .selfSigned:
            "the TLS certificate of \(host) is self-signed, so no device or Apple's crawler trusts it; serve a certificate from a public certificate authority"
        case .unknownIssuer:
            "the TLS certificate of \(host) does not chain to a trusted root: its issuer is unknown (an intermediate certificate the server does not send, or a private authority); serve the full chain"
        case .untrustedCertificate:
            "the TLS certificate of \(host) is not trusted (self-signed, another host's, or missing its intermediate certificates)"
        case .handshake:
            "the TLS handshake with \(host) failed, so no secure connection could be made"
        }
    }
}
