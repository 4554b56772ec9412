/// A rule about how a host serves its AASA file, checked on what `aasalint fetch` downloaded.
/// It runs only there: the file rules check the downloaded content.
package protocol RemoteCheck: BuiltInRule {
    func check(_ fetch: HostFetch) -> [Diagnostic]
}

extension RemoteCheck {
    package var remoteCheck: (any RemoteCheck)? { self }
    package static var checksHosts: Bool { true }
}
