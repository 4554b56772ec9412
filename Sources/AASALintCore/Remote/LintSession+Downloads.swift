/// Downloads linted by the one session: the remote rules on each host's exchange, the file
/// rules on the files each host serves (its AASA file and its `assetlinks.json`), then the signed
/// apps, and the manifests of the configured Android apps, against what their hosts served.
/// Each host counts as one file in the report, and so does each signed executable and manifest.
extension LintSession {
    /// `problems` and `warnings` are those of reading the input (the signed apps' artifacts):
    /// the outcome's, not the report's.
    package func lint(downloads fetches: [HostFetch], signedApps: [LintFile]? = nil, problems: [UsageError] = [],
                      warnings: [String] = []) -> Outcome {
        let androidHosts = Set(plan.configuration.assetLinksDomains.map { $0.host.value.lowercased() })
        let fetches = fetches.map { fetch in
            var fetch = fetch
            fetch.requiresAssetLinks = androidHosts.contains(fetch.host.lowercased())
            return fetch
        }
        let hosts: [DownloadFindings] = fetches.map { lint(hostFetch: $0) }
        var manifestProblems: [UsageError] = []
        let manifests = configuredManifests(problems: &manifestProblems)
        let crossChecked: DownloadFindings? = signedApps != nil || !manifests.isEmpty ? crossCheck(signedApps ?? [], manifests, against: fetches) : nil
        let downloads = fetches.flatMap { [$0.origin, $0.cdn] + ($0.assetLinks.map { [$0] } ?? []) }
        let signedFiles = signedApps ?? []
        let diagnostics = (hosts.flatMap(\.diagnostics) + (crossChecked?.diagnostics ?? [])).sorted(by: Diagnostic.reportOrder)
        let lintProblems = hosts.flatMap(\.problems) + (crossChecked?.problems ?? []) + manifestProblems
        let report = LintReport(
            diagnostics: diagnostics,
            fileCount: fetches.count + signedFiles.count + manifests.count,
            rules: plan.base.descriptions,
            sources: Dictionary(downloads.map { ($0.url, $0.file.lines) } + (signedFiles + manifests).map { ($0.path, $0.lines) }) { first, _ in first },
            ignoredCount: hosts.map(\.ignoredCount).reduce(0, +) + (crossChecked?.ignoredCount ?? 0),
            problems: lintProblems.map(\.message)
        )
        return Outcome(report: report, problems: problems + lintProblems, warnings: warnings, allDiagnostics: diagnostics,
                       scope: LintScope(linted: [], named: []), releaseExplanation: [], lintedFiles: [])
    }

    /// The findings of one group of rules, after `ignore:` entries.
    private struct DownloadFindings {
        let diagnostics: [Diagnostic]
        let ignoredCount: Int
        /// Why the rules could not run (a configuration override that does not apply).
        let problems: [UsageError]
    }

    /// The remote rules on the exchange, and the file rules on the files the host serves.
    private func lint(hostFetch fetch: HostFetch) -> DownloadFindings {
        var diagnostics = plan.base.entries.flatMap { entry -> [Diagnostic] in
            guard let rule = entry.check.remoteCheck else { return [] }
            return rule.check(fetch).compactMap { plan.adjusted(entry.configured($0)) }
        }
        var problems: [UsageError] = []
        let served = [fetch.origin.servedFile, fetch.servedAssetLinks].compactMap { $0 }
        if !served.isEmpty {
            do throws(UsageError) {
                diagnostics += try Linter(plan: plan).lint(served)
            } catch {
                problems.append(error)
            }
        }
        let ignoring = IgnoreFilter(configuration: plan.configuration).apply(diagnostics)
        return DownloadFindings(diagnostics: ignoring.kept.sorted(by: Diagnostic.reportOrder), ignoredCount: ignoring.ignoredCount, problems: problems)
    }

    /// The manifests of the configured Android apps (`apps:` with `manifest` or `module`), whose
    /// verifying filters claim the hosts checked against what they serve.
    private func configuredManifests(problems: inout [UsageError]) -> [LintFile] {
        let configuration = plan.configuration
        return configuration.androidApps.compactMap(\.manifest).compactMap { manifest in
            do throws(UsageError) {
                return try reader.read(DiscoveredFile(path: configuration.displayPath(ofConfiguredPath: manifest.value), kind: .androidManifest))
            } catch {
                problems.append(error)
                return nil
            }
        }
    }

    /// The `ServedFileCrossCheck` rules on the signed executables, the Android apps' manifests and
    /// what each host served (a 200 answer): findings point into the artifacts and manifests and
    /// at the downloads.
    private func crossCheck(_ signedFiles: [LintFile], _ manifests: [LintFile], against fetches: [HostFetch]) -> DownloadFindings {
        let served = fetches.compactMap { fetch in fetch.origin.servedFile.map { (fetch.host.lowercased(), $0) } }
        let servedAssetLinks = fetches.compactMap { fetch in fetch.servedAssetLinks.map { (fetch.host.lowercased(), $0) } }
        var diagnostics: [Diagnostic] = []
        var problems: [UsageError] = []
        do throws(UsageError) {
            diagnostics = try Linter(plan: plan).lint(signedFiles + manifests + served.map(\.1) + servedAssetLinks.map(\.1),
                                                      servedFiles: Dictionary(served) { first, _ in first },
                                                      servedAssetLinks: Dictionary(servedAssetLinks) { first, _ in first },
                                                      runs: { $0 is any ServedFileCrossCheck })
        } catch {
            problems.append(error)
        }
        let ignoring = IgnoreFilter(configuration: plan.configuration).apply(diagnostics)
        return DownloadFindings(diagnostics: ignoring.kept, ignoredCount: ignoring.ignoredCount, problems: problems)
    }
}
