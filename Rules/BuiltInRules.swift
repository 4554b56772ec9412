import AASALintCore

/// Every built-in rule. Adding a rule: one file in `Rules/`, one line here, fixtures in
/// `Fixtures/rules/<rule-id>/`.
public enum BuiltInRules {
    public static let all: [any Rule.Type] = [
        InvalidJSONRule.self,
        ByteOrderMarkRule.self,
        InvalidUTF8Rule.self,
        DuplicateKeyRule.self,
        FileTooLargeRule.self,
        UnknownKeyRule.self,
        InvalidTypeRule.self,
        NoApplinksDetailsRule.self,
        MissingAppIDRule.self,
        InvalidAppIDRule.self,
        DuplicateAppIDRule.self,
        IgnoredKeyRule.self,
        LegacyFormatRule.self,
        UndocumentedDefaultRule.self,
        EmptyComponentsRule.self,
    ]

    public static func registry() throws(RegistryError) -> RuleRegistry {
        try RuleRegistry(all)
    }
}
