/// A rule about how a host serves its AASA file, checked on what `aasalint fetch` downloaded.
/// It runs only there: the file rules check the downloaded content.
public protocol RemoteCheck: BuiltInRule {
    func check(_ fetch: HostFetch) -> [Diagnostic]
}

extension RemoteCheck {
    public var remoteCheck: (any RemoteCheck)? { self }
    public static var checksHosts: Bool { true }
}
