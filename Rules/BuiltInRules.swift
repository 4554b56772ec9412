import AASALintCore

/// Every built-in rule. Adding a rule: one file in `Rules/`, one line here, fixtures in
/// `Fixtures/rules/<rule-id>/`.
public enum BuiltInRules {
    package static let all: [any Rule.Type] = [
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
        SimilarAppIDsRule.self,
        MisplacedAASARule.self,
        IgnoredKeyRule.self,
        LegacyFormatRule.self,
        UndocumentedDefaultRule.self,
        EmptyComponentsRule.self,
        ExcludeOnlyRule.self,
        // Entitlements
        InvalidPlistRule.self,
        InvalidAssociatedDomainRule.self,
        InvalidDomainModeRule.self,
        DeveloperModeInReleaseRule.self,
        GetTaskAllowInReleaseRule.self,
        APSEnvironmentRule.self,
        DuplicateDomainRule.self,
        EmptyAssociatedDomainsRule.self,
        WildcardWithoutApexRule.self,
        TooManyDomainsRule.self,
        BrowserApplinksRule.self,
        // Project
        AppNotInAASARule.self,
        AASAAppNotEntitledRule.self,
        URLExpectationRule.self,
        AASAMissingForDomainRule.self,
        AppClipParentRule.self,
        // The app's code
        NoLinkHandlerRule.self,
        ColdStartLinkIgnoredRule.self,
        AppDelegateLinkHandlerRule.self,
        UncheckedActivityTypeRule.self,
        LinkEntryPointRule.self,
        // Patterns
        UndefinedVariableRule.self,
        VariableReferencesVariableRule.self,
        UnterminatedVariableRule.self,
        InvalidVariableNameRule.self,
        UnusedVariableRule.self,
        BuiltinVariableShadowedRule.self,
        EmptyVariableRule.self,
        NonASCIIPatternRule.self,
        PercentEncodedUnicodeRule.self,
        InvalidPercentEncodingRule.self,
        LiteralPercentSequenceRule.self,
        FragmentInPathRule.self,
        QueryInPathRule.self,
        WholeQueryStringRule.self,
        OptionalQueryItemRule.self,
        SingleCharacterQueryValueRule.self,
        BackslashInPatternRule.self,
        CatchAllRule.self,
        // Order
        ExcludeShadowedRule.self,
        UnreachableComponentRule.self,
        UnreachableDetailRule.self,
        // Remote
        HTTPStatusRule.self,
        RedirectRule.self,
        ContentTypeRule.self,
        CDNOutOfDateRule.self,
        AssetlinksHostingRule.self,
        // Provisioning profiles and signed files
        InvalidProfileRule.self,
        ProfileExpiredRule.self,
        ProfileExpiringRule.self,
        DevelopmentProfileInReleaseRule.self,
        TeamMismatchRule.self,
        SignedDomainsNotInProfileRule.self,
        DistributionSignedDevelopmentRule.self,
        SignedAASARule.self,
        InvalidSignedAASARule.self,
        // The configuration itself
        UnusedIgnoreRule.self,
        // Artifacts
        SignedSlicesDisagreeRule.self,
        SignedEntitlementsDriftRule.self,
        // Android: assetlinks.json
        AssetlinksInvalidJSONRule.self,
        AssetlinksTooLargeRule.self,
        AssetlinksInvalidStatementRule.self,
        AssetlinksInvalidRelationRule.self,
        AssetlinksUnknownRelationRule.self,
        AssetlinksNoAppLinksRule.self,
        AssetlinksInvalidTargetRule.self,
        AssetlinksFingerprintFormatRule.self,
        AssetlinksDuplicateRule.self,
        AssetlinksInvalidIncludeRule.self,
        AssetlinksNumberOrNullRule.self,
        AssetlinksUnknownKeyRule.self,
        AssetlinksDebugCertificateRule.self,
        // Android: AndroidManifest.xml
        AndroidManifestInvalidRule.self,
        AppLinksFilterIncompleteRule.self,
        AppLinksNoAutoVerifyRule.self,
        AppLinksCustomSchemeRule.self,
        AppLinksPortRule.self,
        AppLinksWildcardHostRule.self,
        AppLinksHostFormatRule.self,
        AppLinksPathNeverMatchesRule.self,
        AppLinksGlobBacktrackRule.self,
        AppLinksUnverifiableHostRule.self,
        // Android, issue 35 sections 2 and 3: relative groups before API 35, pattern escapes and regexes, Dynamic App Links
        AppLinksGroupMinSdkRule.self,
        AppLinksPatternBackslashRule.self,
        AppLinksRegexPatternRule.self,
        AssetlinksDynamicComponentsRule.self,
        // Android, issue 35 section 4: the manifests' apps against the domains' assetlinks.json
        AppNotInAssetlinksRule.self,
        AssetlinksHostNotClaimedRule.self,
        AssetlinksMissingForDomainRule.self,
        // Android, issue 35 section 4: built apps (.apk, .aab) against the assetlinks.json files and the release setting
        APKNotInAssetlinksRule.self,
        APKSignersDisagreeRule.self,
        DebugCertificateInReleaseRule.self,
        AppBundleUploadKeyOnlyRule.self,
    ]

    package static func registry() throws(RegistryError) -> RuleRegistry {
        try RuleRegistry(all)
    }

    /// Every built-in rule, for `AASALinter` and `Configuration.resolved`. The IDs are unique
    /// (`RuleRegistrationTests`), so making the registry cannot fail.
    public static let rules: RuleRegistry = {
        do throws(RegistryError) {
            return try registry()
        } catch {
            preconditionFailure("two built-in rules share an ID: \(error)")
        }
    }()
}
