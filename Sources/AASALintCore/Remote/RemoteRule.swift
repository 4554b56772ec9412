/// A rule about how a host serves its AASA file, checked on what `aasalint fetch` downloaded.
/// It runs only there: the file rules check the downloaded content.
public protocol RemoteRule: Rule {
    func check(_ fetch: HostFetch) -> [Diagnostic]
}

extension RemoteRule {
    /// A file on disk says nothing about how it is served.
    public func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        []
    }
}
