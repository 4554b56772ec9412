/// How the configuration shapes each file's findings: which rules run on a file (overrides by
/// glob), and what happens to a finding afterwards (overrides by pointer). `ignore:` entries
/// apply once the run's findings are all known (`IgnoreFilter`), so that unused ones show.
package struct RulePlan: Sendable {
    /// nil for a fixed selection, which overrides cannot change.
    package let registry: RuleRegistry?
    package let configuration: Configuration
    package let options: RunOptions
    package let enable: [String]
    package let disable: [String]
    /// The selection for files that no override names.
    package let base: RuleSelection

    package init(registry: RuleRegistry, configuration: Configuration, options: RunOptions = RunOptions(), enable: [String] = [],
                disable: [String] = []) throws(UsageError) {
        self.registry = registry
        self.configuration = configuration
        self.options = options
        self.enable = enable
        self.disable = disable
        base = try RuleSelection(registry: registry, settings: configuration.rules, enable: enable, disable: disable)
    }

    /// Exactly `selection` on every file, for tests and embedders that choose rules themselves.
    package init(fixed selection: RuleSelection, configuration: Configuration = Configuration(), options: RunOptions = RunOptions()) {
        registry = nil
        self.configuration = configuration
        self.options = options
        enable = []
        disable = []
        base = selection
    }

    /// Indices of the overrides that apply to a whole file, in order (the last wins).
    func fileOverrides(for file: LintFile) -> [Int] {
        // Making the path relative resolves it on disk: not done for every file when nothing overrides.
        guard !configuration.overrides.isEmpty, let path = configuration.relativePath(ofDisplayPath: file.path) else { return [] }
        return configuration.overrides.indices.filter { index in
            configuration.overrides[index].targets.contains { $0.pointer == nil && $0.files.matches(path) }
        }
    }

    /// The selection for a file that the overrides at `indices` name.
    func selection(applying indices: [Int]) throws(UsageError) -> RuleSelection {
        guard !indices.isEmpty, let registry else { return base }
        var settings = configuration.rules
        for index in indices {
            for (id, setting) in configuration.overrides[index].rules {
                settings[id] = settings[id].map { $0.overlaid(with: setting) } ?? setting
            }
        }
        return try RuleSelection(registry: registry, settings: settings, enable: enable, disable: disable)
    }

    /// True when some file of the run may get findings of this rule: it runs by default, an
    /// override switches it on, or it is a finding of one of the configuration's plugins.
    package func mayReport(_ ruleID: String) -> Bool {
        if base.entries.contains(where: { $0.description.id == ruleID }) { return true }
        if configuration.overrides.contains(where: { $0.rules[ruleID].map { !$0.isOff && $0.severity != nil } ?? false }) { return true }
        return options.runsPlugins && configuration.rules[ruleID]?.isOff != true
            && configuration.plugins.contains { ruleID.hasPrefix($0.id + "/") }
    }

    /// The finding after pointer overrides and plugin severities: nil when switched off.
    package func adjusted(_ diagnostic: Diagnostic) -> Diagnostic? {
        let pluginSetting = base.entries.allSatisfy({ $0.description.id != diagnostic.ruleID }) ? configuration.rules[diagnostic.ruleID] : nil
        // Resolving the path touches the file system; a file with 100,000 findings must not pay
        // for it 100,000 times when nothing could adjust them.
        if pluginSetting == nil, configuration.overrides.isEmpty { return diagnostic }
        guard let path = configuration.relativePath(ofDisplayPath: diagnostic.location.file) else { return diagnostic }
        var result = diagnostic
        // Plugins' findings are not selected like rules; their configured severity applies here.
        if let setting = pluginSetting {
            if setting.isOff { return nil }
            if let severity = setting.severity { result.severity = severity }
        }
        for override in configuration.overrides {
            guard let setting = override.rules[diagnostic.ruleID],
                  override.targets.contains(where: { target in
                      target.pointer.map { pointer in diagnostic.location.pointer.map { $0.isWithin(pointer) } ?? false } ?? false
                          && target.files.matches(path)
                  }) else { continue }
            if setting.isOff { return nil }
            if let severity = setting.severity { result.severity = severity }
        }
        return result
    }
}

extension RuleSetting {
    /// This setting with a later one on top: its severity if it gives one, its options over ours.
    func overlaid(with later: RuleSetting) -> RuleSetting {
        let givesLevel = later.isOff || later.severity != nil
        return RuleSetting(
            severity: givesLevel ? later.severity : severity,
            isOff: givesLevel ? later.isOff : isOff,
            options: options.merging(later.options),
            pointer: later.pointer
        )
    }
}
