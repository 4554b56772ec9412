import AASALintCore

struct TooManyDomainsRule: Rule, FileCheck {
    static let max = RuleOptionDescription(
        name: "max",
        defaultValue: .integer(30),
        help: "The most hosts one service may list (Apple's archived guide speaks of about 20 to 30)."
    )

    static let description = RuleDescription(
        id: "too-many-domains",
        summary: "More associated hosts for one service than the system reliably handles",
        rationale: """
            Apple's archived guide gives about 20 to 30 domains as the practical limit of the \
            Associated Domains entitlement: the system fetches an AASA file for every host when \
            the app is installed or updated, and long lists make some of those fetches fail or \
            lag, so links to some hosts open the browser for a while. Use a wildcard \
            (`*.example.com`) where the hosts share a domain, or drop hosts that no longer \
            serve links. Opt-in; `max` sets the limit.
            """,
        severity: .warning,
        isOptIn: true,
        fileKinds: [.entitlements],
        options: [max],
        examples: [
            RuleExample(triggers: true, "thirty-one <string>applinks:shop-N.example.com</string> entries", fixture: "thirty-one-hosts.entitlements"),
            RuleExample(triggers: false, "<string>applinks:*.example.com</string>"),
        ]
    )

    let max: Int

    init() {
        max = Self.max.defaultInteger
    }

    init(options: RuleOptions) throws(RuleOptionError) {
        max = try options.integer(Self.max)
        guard max > 0 else { throw RuleOptionError(option: Self.max.name, message: "must be a positive number of hosts") }
    }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let entries = context.entitlements(of: file)?.associatedDomains ?? []
        var hostsByService: [String: Set<String>] = [:]
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            let service = entry.value.service ?? ""
            var hosts = hostsByService[service, default: []]
            guard hosts.insert(entry.value.hostName.lowercased()).inserted else { continue }
            hostsByService[service] = hosts
            guard hosts.count == max + 1 else { continue }
            let total = Set(entries.filter { $0.value.service == entry.value.service }.map { $0.value.hostName.lowercased() }).count
            diagnostics.append(diagnostic(
                "\(service) lists \(total) hosts, more than \(max) (this is host \(max + 1)); with that many the system may fail to fetch some AASA files, so links to those hosts open the browser; use a wildcard such as \"\(service):*.example.com\" or drop hosts",
                at: file.location(entry.pointer)
            ))
        }
        return diagnostics
    }
}
