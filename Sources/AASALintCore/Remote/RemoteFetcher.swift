import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
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
        let exchange = Exchange(maximumBytes: limits.maximumBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limits.timeout
        configuration.timeoutIntervalForResource = limits.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: Exchange.delegateQueue())
        // Not invalidateAndCancel: on Linux it walks the session's tasks outside the session's
        // queue while that queue removes the finished task (a data race that can trap). A task
        // still running here has been cancelled below, so finishing waits for nothing.
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.setValue("aasalint/\(AASALintVersion.current)", forHTTPHeaderField: "User-Agent")
        let task = session.dataTask(with: request)
        task.resume()
        // URLSession's own timers measure idle time on some platforms; this bounds the total.
        if exchange.finished.wait(timeout: .now() + limits.timeout) == .timedOut {
            task.cancel()
            return .failure(FetchFailure(reason: timedOut))
        }
        return exchange.outcome.mapError { error in
            switch error {
            case .refused(let failure): failure
            case .transport(let error): FetchFailure(reason: sentence(for: error, url: url))
            }
        }
    }

    private var timedOut: String {
        "no complete answer within \(Self.seconds(limits.timeout)) (the connection timed out)"
    }

    private func sentence(for error: any Error, url: URL) -> String {
        let host = url.host ?? url.absoluteString
        let detail = error.localizedDescription
        switch (error as? URLError)?.code {
        case .timedOut?:
            return timedOut
        case .cannotFindHost?, .dnsLookupFailed?:
            return "the host name \(host) could not be resolved (DNS lookup failed); check the name and its DNS records"
        case .cannotConnectToHost?:
            return "the connection to \(host)\(url.port.map { ":\($0)" } ?? "") was refused: nothing accepts connections there"
        case .serverCertificateHasBadDate?, .serverCertificateNotYetValid?:
            return TLSProblem.expiredCertificate.sentence(host: host)
        case .serverCertificateUntrusted?, .serverCertificateHasUnknownRoot?:
            return TLSProblem.untrustedCertificate.sentence(host: host)
        case .secureConnectionFailed?, .clientCertificateRejected?, .clientCertificateRequired?:
            return TLSProblem.handshake.sentence(host: host)
        case .networkConnectionLost?:
            return "the connection to \(host) closed before the answer was complete"
        case .notConnectedToInternet?:
            return "this machine has no network connection"
        case .badServerResponse?:
            return "the answer of \(host) is not valid HTTP"
        default:
            return TLSProblem(libraryMessage: detail)?.sentence(host: host) ?? "the download failed: \(detail)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        let number = value == value.rounded() ? String(Int(value)) : String(value)
        return number + (value == 1 ? " second" : " seconds")
    }
}

/// A failed TLS connection, in words a person can act on.
private enum TLSProblem {
    case expiredCertificate
    case untrustedCertificate
    case handshake

    /// Where URLSession has no error code for TLS failures (on Linux it passes on the TLS
    /// library's message with an unknown code), the message tells which failure it was.
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

/// Why an exchange ended without a usable answer.
private enum ExchangeError: Error {
    /// We stopped it, for a reason already put in words.
    case refused(FetchFailure)
    case transport(any Error)
}

/// Collects one exchange from URLSession's delegate callbacks, which arrive on the session's
/// queue while `fetch` waits for `finished`.
private final class Exchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    private let maximumBytes: Int
    private let lock = NSLock()
    private var response: HTTPURLResponse?
    private var body: [UInt8] = []
    private var refusal: FetchFailure?
    /// The answer's Content-Encoding, which URLSession decodes before the delegate sees it.
    private var encoding: String?
    private var transportError: (any Error)?

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    var outcome: Result<HTTPResponse, ExchangeError> {
        lock.withLock {
            if let refusal { return .failure(.refused(refusal)) }
            if let transportError { return .failure(.transport(transportError)) }
            guard let response else { return .failure(.transport(URLError(.badServerResponse))) }
            let headers = Dictionary(response.allHeaderFields.compactMap { name, value -> (String, String)? in
                guard let name = name as? String, let value = value as? String else { return nil }
                return (name, value)
            }) { first, _ in first }
            return .success(HTTPResponse(status: response.statusCode, headers: headers, body: body))
        }
    }

    /// The system does not follow redirects for this file, so the redirect is the answer.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        lock.withLock { self.response = response }
        completionHandler(nil)
    }

    /// Where URLSession calls the delegate. On Linux it decodes a gzip answer on its own thread
    /// and queues each decoded piece for the delegate: a body of a few hundred KB that decodes
    /// to a gigabyte piles up in that queue faster than the delegate can refuse it. There the
    /// delegate runs on the thread that decodes, so the limit holds while decoding and what
    /// comes after a refusal is dropped at once.
    static func delegateQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
        DecodingThreadQueue()
        #else
        nil
        #endif
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let announced = response.expectedContentLength
        let refused = lock.withLock {
            self.response = response as? HTTPURLResponse
            encoding = self.response?.value(forHTTPHeaderField: "Content-Encoding").flatMap { $0 == "identity" ? nil : $0 }
            guard announced > maximumBytes else { return false }
            refusal = FetchFailure(reason: "the answer announces \(announced) bytes, more than the limit of \(maximumBytes) bytes, so it was not downloaded")
            return true
        }
        completionHandler(refused ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = lock.withLock {
            guard refusal == nil else { return false }
            body += data
            guard body.count > maximumBytes else { return false }
            let why = encoding.map { "it decodes to more, with Content-Encoding: \($0)" } ?? "it did not announce its length"
            refusal = FetchFailure(reason: "the answer is larger than the limit of \(maximumBytes) bytes (\(why)), so the download was stopped")
            body = []
            return true
        }
        // Cancelling waits for the session's own thread, which may be the one calling here.
        if overLimit { DispatchQueue.global().async { dataTask.cancel() } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock {
            if response == nil { response = task.response as? HTTPURLResponse }
            if let error, refusal == nil { transportError = error }
        }
        finished.signal()
    }
}

#if canImport(FoundationNetworking)
/// Runs what it is given at once, on the calling thread (see `Exchange.delegateQueue`).
private final class DecodingThreadQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
#endif
