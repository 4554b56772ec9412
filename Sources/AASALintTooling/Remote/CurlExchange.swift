#if os(Linux)
import AASALintCore
import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// One GET through libcurl, loaded on the first download (see `Sources/CCurl`): URLSession on
/// Linux would link libcurl, and the libraries it needs, into every run.
enum CurlExchange {
    static func get(_ url: URL, _ request: ExchangeRequest) -> Result<HTTPResponse, ExchangeFailure> {
        let limits = request.limits
        var loadFailure = [CChar](repeating: 0, count: 512)
        guard aasalint_curl_load(&loadFailure, loadFailure.count) == 0 else {
            let reason = String(decoding: loadFailure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.refused("downloads need libcurl (libcurl.so.4, from the package libcurl4), which could not be loaded: \(reason)"))
        }
        // At least a millisecond (0 means no limit), at most what a C long surely holds.
        let milliseconds = Int(min(max((limits.timeout * 1000).rounded(.up), 1), Double(Int32.max)))
        func exchange(trustedCertificates: UnsafePointer<CChar>?) -> Result<HTTPResponse, ExchangeFailure> {
            var policy = aasalint_curl_policy(check_address: request.checksAddresses ? isRefused : nil,
                                              use_environment_proxy: request.usesEnvironmentProxy ? 1 : 0,
                                              trusted_certificates: trustedCertificates)
            var answer = aasalint_curl_answer()
            aasalint_curl_get(url.absoluteString, request.userAgent, milliseconds, limits.maximumBytes, &policy, &answer)
            defer { aasalint_curl_answer_free(&answer) }
            return outcome(of: answer, url: url, limits: limits)
        }
        return request.trustedCertificates.map { $0.withCString(exchange) } ?? exchange(trustedCertificates: nil)
    }

    /// What the policy asks libcurl before each connection: nonzero refuses the address.
    private static let isRefused: aasalint_address_check = { family, bytes in
        guard let bytes else { return 1 }
        let count = family == AF_INET ? 4 : family == AF_INET6 ? 16 : 0
        guard let address = NetworkAddress(bytes: Array(UnsafeBufferPointer(start: bytes, count: count))) else { return 1 }
        return address.nonPublicKind == nil ? 0 : 1
    }

    private static func outcome(of answer: aasalint_curl_answer, url: URL, limits: RemoteFetcher.Limits) -> Result<HTTPResponse, ExchangeFailure> {
        if answer.refused_family != 0 {
            let count = answer.refused_family == AF_INET ? 4 : 16
            let bytes = withUnsafeBytes(of: answer.refused_address) { Array($0.prefix(count)) }
            if let address = NetworkAddress(bytes: bytes) {
                return .failure(.privateAddress(address, host: url.host ?? url.absoluteString))
            }
            return .failure(.refused("\(url.host ?? url.absoluteString) resolves to an address that is neither IPv4 nor IPv6, so aasalint did not connect"))
        }

        let headers = answer.headers.map { parseHeaders(UnsafeRawBufferPointer(start: $0, count: answer.headers_length)) } ?? [:]
        if answer.refused_announced_length >= 0 {
            return .failure(.announced(answer.refused_announced_length, over: limits.maximumBytes))
        }
        if answer.stopped_at_limit != 0 {
            return .failure(.bodyOver(limits.maximumBytes, encoding: headers["content-encoding"].flatMap { $0 == "identity" ? nil : $0 }))
        }
        guard answer.code == 0 else {
            let message = withUnsafeBytes(of: answer.message) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .failure(failure(code: answer.code, systemError: answer.system_error, message: message))
        }
        let body = answer.body.map { [UInt8](UnsafeBufferPointer(start: $0, count: answer.body_length)) } ?? []
        return .success(HTTPResponse(status: answer.status, headers: headers, body: body))
    }

    /// The failures URLSession names by code, as it maps libcurl's codes to them; the others
    /// by libcurl's message.
    private static func failure(code: Int32, systemError: Int32, message: String) -> ExchangeFailure {
        switch code {
        case Int32(AASALINT_CURLE_OPERATION_TIMEDOUT): .timedOut
        case Int32(AASALINT_CURLE_COULDNT_RESOLVE_HOST): .hostNotFound
        case Int32(AASALINT_CURLE_COULDNT_CONNECT) where systemError == ENETUNREACH: .offline
        case Int32(AASALINT_CURLE_COULDNT_CONNECT): .connectionRefused
        case Int32(AASALINT_CURLE_SSL_CONNECT_ERROR): .tls(.handshake)
        case Int32(AASALINT_CURLE_RECV_ERROR) where systemError == ECONNRESET,
             Int32(AASALINT_CURLE_SEND_ERROR) where systemError == ECONNRESET,
             Int32(AASALINT_CURLE_PARTIAL_FILE):
            .connectionLost
        case Int32(AASALINT_CURLE_GOT_NOTHING), Int32(AASALINT_CURLE_WEIRD_SERVER_REPLY): .notHTTP
        default: .other(message)
        }
    }

    /// The header lines of one response (its status line first) by lower-case name; a header
    /// sent more than once is one comma-separated value, as HTTP allows.
    private static func parseHeaders(_ bytes: UnsafeRawBufferPointer) -> [String: String] {
        var headers: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmed().lowercased()
            let value = line[line.index(after: colon)...].trimmed()
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return headers
    }
}
#endif
