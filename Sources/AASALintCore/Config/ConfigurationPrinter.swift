/// The effective configuration as `aasalint lint --print-config` shows it: every rule with
/// the severity and options it will run with, and every other setting after the command line
/// was applied. JSON, which is also YAML, so the output can seed a configuration file.
package enum ConfigurationPrinter {
    /// `reports` are the reports the run writes: one without a file prints as `format`, others as `formats`.
    package static func print(_ plan: RulePlan, reports: [RequestedReport], failOn: Severity?) -> String {
        let configuration = plan.configuration
        let selected = Dictionary(plan.base.entries.map { ($0.description.id, $0) }) { first, _ in first }
        let rules: [(key: String, value: JSONWriter.Value)] = (plan.registry?.descriptions ?? plan.base.descriptions).map { rule in
            guard let entry = selected[rule.id] else { return (rule.id, .string("off")) }
            let setOptions = configuration.rules[rule.id]?.options ?? RuleOptions()
            let options = rule.options.map { option in
                (key: option.name, value: value(setOptions.values[option.name] ?? option.defaultValue))
            }
            return (rule.id, options.isEmpty ? .string(entry.severity.rawValue)
                : .object([("severity", .string(entry.severity.rawValue))] + options))
        }
        return JSONWriter.prettyPrinted(.object([
            ("configuration_file", .optional(configuration.document?.path)),
            ("rules", .object(rules)),
            ("include", .array(configuration.include.map { .string($0.pattern) })),
            ("exclude", .array(configuration.exclude.map { .string($0.pattern) })),
            ("files", .array(configuration.files.map { .object([("path", .string($0.path.value)), ("kind", .string($0.kind.rawValue))]) })),
            ("release_entitlements", .array(configuration.releaseEntitlements.map { .string($0.pattern) })),
            ("release", .bool(plan.options.treatsAllEntitlementsAsRelease)),
            ("apps", .array(configuration.apps.map { app in
                .object([
                    ("id", .optional(app.id?.value)),
                    ("entitlements", .optional(app.entitlements?.value)),
                    ("build_settings", .object(app.buildSettings.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                ])
            } + configuration.androidApps.map { app in
                .object([
                    ("package", .optional(app.packageName?.value)),
                    ("manifest", .optional(app.manifest?.value)),
                    ("fingerprints", .array(app.releaseFingerprints.map { .string($0.value) })),
                ])
            })),
            ("domains", .object(domains(of: configuration))),
            ("expectations", .array(configuration.expectations.map { set in
                .object([
                    ("app", .optional(set.app?.value)),
                    ("opens", .array(set.opens.map { .string($0.value) })),
                    ("stays_on_web", .array(set.staysOnWeb.map { .string($0.value) })),
                    ("from", .string(set.document.path)),
                ])
            })),
            ("overrides", .array(configuration.overrides.map { override in
                .object([
                    ("files", .array(override.targets.map { .string($0.files.pattern + ($0.pointer.map { "#\($0)" } ?? "")) })),
                    ("rules", .object(override.rules.sorted { $0.key < $1.key }.map { id, setting in
                        (id, .string(setting.isOff ? "off" : setting.severity?.rawValue ?? "options only"))
                    })),
                ])
            })),
            ("ignore", .array(configuration.ignore.map { entry in
                .object([
                    ("rule", .string(entry.rule)), ("file", .string(entry.files.pattern)),
                    ("pointer", .optional(entry.at?.description)), ("reason", .string(entry.reason)),
                ])
            })),
            ("baseline", .optional(configuration.baseline)),
            ("fail_on", .string(failOn?.rawValue ?? "none")),
        ] + reportsSetting(reports)))
    }

    /// A host's AASA file as text, or its files as `{aasa, assetlinks}` when it serves an `assetlinks.json`.
    private static func domains(of configuration: Configuration) -> [(key: String, value: JSONWriter.Value)] {
        let assetLinks = Dictionary(configuration.assetLinksDomains.map { ($0.host.value, $0.path.value) }) { first, _ in first }
        let aasaHosts = Set(configuration.domains.map(\.host.value))
        let shown: [(key: String, value: JSONWriter.Value)] = configuration.domains.map { domain in
            guard let path = assetLinks[domain.host.value] else { return (domain.host.value, .string(domain.aasaPath.value)) }
            return (domain.host.value, .object([("aasa", .string(domain.aasaPath.value)), ("assetlinks", .string(path))]))
        }
        return shown + configuration.assetLinksDomains.filter { !aasaHosts.contains($0.host.value) }.map { domain in
            (domain.host.value, .object([("assetlinks", .string(domain.path.value))]))
        }
    }

    private static func reportsSetting(_ reports: [RequestedReport]) -> [(key: String, value: JSONWriter.Value)] {
        if reports.count == 1, let only = reports.first, only.file == nil {
            return [("format", .string(only.format.rawValue))]
        }
        return [("formats", .array(reports.map { .string($0.description) }))]
    }

    private static func value(_ option: RuleOptionValue) -> JSONWriter.Value {
        switch option {
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        }
    }
}
