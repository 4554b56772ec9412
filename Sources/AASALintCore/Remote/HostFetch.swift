/// What one host serves: its own file, and the copy on Apple's CDN that devices read.
public struct HostFetch: Sendable {
    public let host: String
    public let origin: Download
    public let cdn: Download

    public init(host: String, origin: Download, cdn: Download) {
        self.host = host
        self.origin = origin
        self.cdn = cdn
    }
}
