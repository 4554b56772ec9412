#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The addresses the system resolver gives for a host name, for checking them before URLSession
/// connects (libcurl hands each address it connects to to `CurlExchange` instead). `getaddrinfo`
/// is POSIX; the layout of `sockaddr_in`/`sockaddr_in6` is the same on Linux and Darwin for the
/// fields read here.
enum HostResolution {
    /// Every IPv4 and IPv6 address of `host`; empty when it does not resolve (the download then
    /// reports that itself).
    static func addresses(of host: String) -> [NetworkAddress] {
        var hints = addrinfo()
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)  // an enum in Glibc
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var first: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &first) == 0 else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [NetworkAddress] = []
        var entry = first
        while let current = entry {
            if let socketAddress = current.pointee.ai_addr, let address = address(socketAddress, family: current.pointee.ai_family),
               !addresses.contains(address) {
                addresses.append(address)
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }

    private static func address(_ socketAddress: UnsafeMutablePointer<sockaddr>, family: Int32) -> NetworkAddress? {
        switch family {
        case AF_INET:
            return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                withUnsafeBytes(of: address.pointee.sin_addr) { NetworkAddress(bytes: Array($0)) }
            }
        case AF_INET6:
            return socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                withUnsafeBytes(of: address.pointee.sin6_addr) { NetworkAddress(bytes: Array($0)) }
            }
        default:
            return nil
        }
    }
}
