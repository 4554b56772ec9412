#if !os(Linux)
import AASALintCore
import Foundation

/// One GET through URLSession, where the system provides it (Apple platforms; on Linux,
/// `CurlExchange` does the same through libcurl without linking FoundationNetworking). It
/// behaves as `CurlExchange` does: no redirect is followed (the 3xx is the answer), an answer
/// announced over the limit is refused before its body, a body that grows past it is stopped,
/// and the whole exchange ends within the timeout.
enum URLSessionExchange {
    static func get(_ url: URL, _ request: ExchangeRequest) -> Result<HTTPResponse, ExchangeFailure> {
        let limits = request.limits
        // URLSession connects where it resolves, without showing the address: the addresses are
        // checked here, before the request (libcurl checks each connection instead).
        if request.checksAddresses, let host = url.host,
           let refused = HostResolution.addresses(of: host).first(where: { $0.nonPublicKind != nil }) {
            return .failure(.privateAddress(refused, host: host))
        }
        let exchange = URLSessionExchangeDelegate(maximumBytes: limits.maximumBytes)
        let configuration = URLSessionConfiguration.ephemeral
        // Apple's crawler sends no cookie; neither does a first visit of a browser.
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        // An empty dictionary, rather than nil (the system's proxy settings), connects directly.
        if !request.usesEnvironmentProxy { configuration.connectionProxyDictionary = [:] }
        configuration.timeoutIntervalForRequest = limits.timeout
        configuration.timeoutIntervalForResource = limits.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
        // Not invalidateAndCancel: it can walk the session's tasks while the session's queue
        // removes the finished task. A task still running here has been cancelled below, so
        // finishing waits for nothing.
        defer { session.finishTasksAndInvalidate() }
        var urlRequest = URLRequest(url: url)
        urlRequest.setValue(request.userAgent, forHTTPHeaderField: "User-Agent")
        let task = session.dataTask(with: urlRequest)
        task.resume()
        // URLSession's own timers measure idle time; this bounds the total.
        if exchange.finished.wait(timeout: .now() + limits.timeout) == .timedOut {
            task.cancel()
            return .failure(.timedOut)
        }
        return exchange.outcome
    }
}

/// Collects one exchange from URLSession's delegate callbacks, which arrive on the session's
/// queue while `get` waits for `finished`.
///
/// The callbacks are optional requirements of Objective-C protocols: a method whose signature
/// misses the SDK's is only a warning, and is then never called (a missed redirect callback
/// means redirects are followed silently). Each signature below is the SDK's, `@Sendable`
/// completion handlers included, and URLSessionExchangeTests (run on macOS) checks that the
/// class answers each selector URLSession sends.
final class URLSessionExchangeDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    private let maximumBytes: Int
    private let lock = Lock()
    private var response: HTTPURLResponse?
    private var body: [UInt8] = []
    private var refusal: ExchangeFailure?
    /// The answer's Content-Encoding, which URLSession decodes before the delegate sees it.
    private var encoding: String?
    private var transportError: (any Error)?

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    var outcome: Result<HTTPResponse, ExchangeFailure> {
        lock.withLock {
            if let refusal { return .failure(refusal) }
            if let transportError { return .failure(Self.failure(for: transportError)) }
            guard let response else { return .failure(.notHTTP) }
            let headers = Dictionary(response.allHeaderFields.compactMap { name, value -> (String, String)? in
                guard let name = name as? String, let value = value as? String else { return nil }
                return (name, value)
            }) { first, _ in first }
            return .success(HTTPResponse(status: response.statusCode, headers: headers, body: body))
        }
    }

    private static func failure(for error: any Error) -> ExchangeFailure {
        switch (error as? URLError)?.code {
        case .timedOut?: .timedOut
        case .cannotFindHost?, .dnsLookupFailed?: .hostNotFound
        case .cannotConnectToHost?: .connectionRefused
        case .serverCertificateHasBadDate?: .tls(.expiredCertificate)
        case .serverCertificateNotYetValid?: .tls(.notYetValidCertificate)
        case .serverCertificateHasUnknownRoot?: .tls(.unknownIssuer)
        // URLSession names neither a self-signed certificate nor another host's.
        case .serverCertificateUntrusted?: .tls(.untrustedCertificate)
        case .secureConnectionFailed?, .clientCertificateRejected?, .clientCertificateRequired?: .tls(.handshake)
        case .networkConnectionLost?: .connectionLost
        case .notConnectedToInternet?: .offline
        case .badServerResponse?: .notHTTP
        default: .other(error.localizedDescription)
        }
    }

    /// The system does not follow redirects for this file, so the redirect is the answer
    /// (passing nil makes URLSession deliver the 3xx and its body), held to the same limit.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let refused = accept(response)
        completionHandler(nil)
        if refused { DispatchQueue.global().async { task.cancel() } }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        completionHandler(accept(response) ? .cancel : .allow)
    }

    /// Keeps the answer's headers; true when its announced length (Content-Length, before any
    /// decoding, as libcurl reads it) is over the limit, which refuses it.
    private func accept(_ response: URLResponse) -> Bool {
        let announced = response.expectedContentLength
        return lock.withLock {
            self.response = response as? HTTPURLResponse
            encoding = self.response?.value(forHTTPHeaderField: "Content-Encoding").flatMap { $0 == "identity" ? nil : $0 }
            guard refusal == nil, announced > maximumBytes else { return refusal != nil }
            refusal = .announced(announced, over: maximumBytes)
            return true
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = lock.withLock {
            guard refusal == nil else { return false }
            body += data
            guard body.count > maximumBytes else { return false }
            refusal = .bodyOver(maximumBytes, encoding: encoding)
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
#endif
