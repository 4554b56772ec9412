/// The capability of checking how a host serves its files, on what `aasalint fetch` downloaded.
/// It runs only there: the file rules check the downloaded content.
package protocol RemoteCheck: RuleCheck {
    func check(_ fetch: HostFetch) -> [Diagnostic]
}

extension RemoteCheck {
    package var remoteCheck: (any RemoteCheck)? { self }
}

extension Rule where Self: RemoteCheck {
    package static var checksHosts: Bool { true }
}
