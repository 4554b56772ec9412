/// The page a bot-protection service answers with instead of the file, recognised by the
/// signatures the services document or always send. Apple's crawler runs no script and solves
/// no challenge, so such a page is, for it, the end of the download.
extension HTTPResponse {
    /// `a Cloudflare challenge page (cf-mitigated: challenge)`, or nil for any other answer.
    package var botProtectionPage: String? {
        if let mitigated = header("cf-mitigated") {
            return "a Cloudflare challenge page (cf-mitigated: \(mitigated))"
        }
        if let action = header("x-amzn-waf-action") {
            return "an AWS WAF \(action) page (x-amzn-waf-action: \(action))"
        }
        guard [403, 429, 503, 200].contains(status), mediaType?.contains("html") != false else { return nil }
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self).lowercased()
        let server = header("server")?.lowercased() ?? ""
        if server.contains("cloudflare"), text.contains("/cdn-cgi/challenge-platform/") || text.contains("just a moment...") {
            return "a Cloudflare challenge page (Server: cloudflare, with the challenge script)"
        }
        if header("x-datadome") != nil || text.contains("captcha-delivery.com") {
            return "a DataDome challenge page"
        }
        if text.contains("_incapsula_resource") {
            return "an Imperva (Incapsula) challenge page"
        }
        if server.contains("akamaighost"), text.contains("access denied") {
            return "an Akamai \"Access Denied\" page"
        }
        if text.contains("sucuri website firewall") {
            return "a Sucuri firewall page"
        }
        return nil
    }

    /// A 200 whose body could be the file: JSON (an object) or a signed file (DER, which starts
    /// with a SEQUENCE). An HTML page served with 200 is not.
    package var carriesFile: Bool {
        guard status == 200, botProtectionPage == nil else { return false }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || body.first == 0x30 || body.starts(with: [0xEF, 0xBB, 0xBF])
    }
}
