/// An IP address a download would connect to, and whether it lies outside the public internet:
/// a configuration cloned from a repository must not make `aasalint fetch` (on a CI runner, say)
/// probe the machine itself or the network it sits in.
struct NetworkAddress: Equatable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 (IPv6), in network order.
    let bytes: [UInt8]

    init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// What kind of non-public address this is (`a loopback address`), or nil for a public one.
    var nonPublicKind: String? {
        if bytes.count == 4 { return Self.kind(ipv4: bytes) }
        // ::ffff:a.b.c.d reaches the IPv4 address a.b.c.d.
        if bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return Self.kind(ipv4: Array(bytes.suffix(4)))
        }
        if bytes.dropLast().allSatisfy({ $0 == 0 }) {
            return bytes[15] == 1 ? "a loopback address" : bytes[15] == 0 ? "the unspecified address" : "a reserved address"
        }
        switch (bytes[0], bytes[1]) {
        case (0xFF, _): return "a multicast address"
        case (0xFE, 0x80...0xBF): return "a link-local address"
        case (0xFE, 0xC0...0xFF), (0xFC...0xFD, _): return "a private network address"
        default: return nil
        }
    }

    private static func kind(ipv4 bytes: [UInt8]) -> String? {
        switch (bytes[0], bytes[1]) {
        case (127, _): "a loopback address"
        case (0, _): "the unspecified address"
        case (10, _), (172, 16...31), (192, 168), (100, 64...127): "a private network address"
        case (169, 254): "a link-local address"
        case (224...239, _): "a multicast address"
        case (240...255, _): "a reserved address"
        default: nil
        }
    }

    /// `127.0.0.1`; IPv6 as eight groups, with the longest run of zero groups written `::`.
    var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 16, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
        var longest = (start: -1, count: 0)
        var index = 0
        while index < groups.count {
            guard groups[index] == 0 else { index += 1; continue }
            let start = index
            while index < groups.count && groups[index] == 0 { index += 1 }
            if index - start > max(longest.count, 1) { longest = (start, index - start) }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard longest.start >= 0 else { return hex.joined(separator: ":") }
        return hex[..<longest.start].joined(separator: ":") + "::" + hex[(longest.start + longest.count)...].joined(separator: ":")
    }

    /// Why a download to `host` at this address is refused, for a person.
    func refusal(host: String) -> String {
        let kind = nonPublicKind ?? "an address"
        let resolved = host == description || host == "[\(description)]" ? "\(host) is" : "\(host) resolves to \(description),"
        return "\(resolved) \(kind), \(Self.refusalReason)"
    }

    static let refusalReason = "so aasalint did not connect: it downloads only from public addresses, so that a configuration cannot make it probe this machine or its network; give --allow-private-addresses to fetch from such a host"
}
