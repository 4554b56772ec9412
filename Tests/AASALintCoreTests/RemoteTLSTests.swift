@testable import AASALintCore
@testable import AASALintTooling
import AASALintTestSupport
import Foundation
import Testing

private let canMakeTLSServers: Bool = {
    #if os(Linux)
    return FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
    #else
    return false
    #endif
}()

/// Certificate failures, each with its own reason, against `Fixtures/remote/server.py` served
/// over HTTPS on 127.0.0.1 with certificates made here by openssl: a test authority signs an
/// expired certificate, one for another name and one valid only from 2099; a third certificate
/// signs itself; an intermediate authority of the test authority signs one that the server
/// sends without the intermediate (and one with it). The fetcher trusts only the test authority
/// (a libcurl option: URLSession has none, so Linux only).
@Suite(.enabled(if: canMakeTLSServers, "needs Linux (libcurl) and openssl"))
final class RemoteTLSTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-tls-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=aasalint test authority"])
        try "subjectAltName=IP:127.0.0.1\n".write(to: folder.appendingPathComponent("loopback.ext"), atomically: true, encoding: .utf8)
        try "subjectAltName=DNS:other.example.com\n".write(to: folder.appendingPathComponent("other.ext"), atomically: true, encoding: .utf8)
        try openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=127.0.0.1"])
        // -days -1: valid until yesterday.
        try openssl(["x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "-1", "-extfile", "loopback.ext", "-out", "expired.pem"])
        try openssl(["x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2", "-extfile", "other.ext", "-out", "other-name.pem"])
        try openssl(["x509", "-req", "-in", "leaf.csr", "-key", "leaf.key", "-days", "2", "-extfile", "loopback.ext", "-out", "self-signed.pem"])
        try openssl(["x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2", "-extfile", "loopback.ext", "-out", "valid.pem"])
        // `x509` cannot set a start date before OpenSSL 3.4; `ca` can, with a minimal authority configuration.
        try """
            [ca]
            default_ca = test
            [test]
            database = index.txt
            new_certs_dir = .
            serial = serial.txt
            default_md = sha256
            policy = any
            [any]
            commonName = supplied

            """.write(to: folder.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
        try "".write(to: folder.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
        try "01\n".write(to: folder.appendingPathComponent("serial.txt"), atomically: true, encoding: .utf8)
        try openssl(["ca", "-batch", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key", "-in", "leaf.csr", "-notext",
                     "-startdate", "20990101000000Z", "-enddate", "20990102000000Z", "-extfile", "loopback.ext", "-out", "not-yet-valid.pem"])
        try "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n"
            .write(to: folder.appendingPathComponent("authority.ext"), atomically: true, encoding: .utf8)
        try openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "intermediate.key", "-out", "intermediate.csr", "-subj", "/CN=aasalint test intermediate"])
        try openssl(["x509", "-req", "-in", "intermediate.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2", "-extfile", "authority.ext", "-out", "intermediate.pem"])
        try openssl(["x509", "-req", "-in", "leaf.csr", "-CA", "intermediate.pem", "-CAkey", "intermediate.key", "-CAcreateserial", "-days", "2", "-extfile", "loopback.ext", "-out", "without-intermediate.pem"])
        // The server sends every certificate of its certificate file: the leaf, then the intermediate.
        let leaf = try Data(contentsOf: folder.appendingPathComponent("without-intermediate.pem"))
        try (leaf + Data(contentsOf: folder.appendingPathComponent("intermediate.pem"))).write(to: folder.appendingPathComponent("full-chain.pem"))
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OpenSSLError(arguments: arguments)
        }
    }

    /// What fetching good.example.com's file from a server with `certificate` gives.
    private func fetch(servedWith certificate: String) throws -> Result<HTTPResponse, FetchFailure> {
        let server = try RemoteTestServer(certificate: folder.appendingPathComponent(certificate).path,
                                          key: folder.appendingPathComponent("leaf.key").path)
        let fetcher = RemoteFetcher(limits: .init(timeout: 5, maximumBytes: 1 << 20),
                                    trustedCertificates: folder.appendingPathComponent("ca.pem").path)
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/origin/good.example.com/.well-known/apple-app-site-association"))
        return fetcher.fetch(url, as: .appleCrawler, allowsPrivateAddresses: true)
    }

    private func reason(servedWith certificate: String) throws -> String? {
        guard case .failure(let failure) = try fetch(servedWith: certificate) else { return nil }
        return failure.reason
    }

    @Test func aValidCertificateServesTheFile() throws {
        #expect(try fetch(servedWith: "valid.pem").get().status == 200)
    }

    @Test func anExpiredCertificate() throws {
        #expect(try reason(servedWith: "expired.pem") == "the TLS certificate of 127.0.0.1 has expired; Apple's crawler accepts only a valid certificate: renew it")
    }

    @Test func aCertificateForAnotherName() throws {
        #expect(try reason(servedWith: "other-name.pem") == "the TLS certificate of 127.0.0.1 is for another name (127.0.0.1 is not among its names); serve a certificate that names 127.0.0.1")
    }

    @Test func aCertificateNotValidYet() throws {
        #expect(try reason(servedWith: "not-yet-valid.pem") == "the TLS certificate of 127.0.0.1 is not valid yet (its start date is in the future); Apple's crawler accepts only a valid certificate: check the server's clock or the certificate's dates")
    }

    @Test func aChainWithoutItsIntermediate() throws {
        #expect(try reason(servedWith: "without-intermediate.pem") == "the TLS certificate of 127.0.0.1 does not chain to a trusted root: its issuer is unknown (an intermediate certificate the server does not send, or a private authority); serve the full chain")
    }

    @Test func theSameCertificateWithItsIntermediateServesTheFile() throws {
        #expect(try fetch(servedWith: "full-chain.pem").get().status == 200)
    }

    @Test func aSelfSignedCertificate() throws {
        #expect(try reason(servedWith: "self-signed.pem") == "the TLS certificate of 127.0.0.1 is self-signed, so no device or Apple's crawler trusts it; serve a certificate from a public certificate authority")
    }
}

private struct OpenSSLError: Error, CustomStringConvertible {
    let arguments: [String]
    var description: String { "openssl \(arguments.joined(separator: " ")) failed" }
}
