import AASALintCore

/// What the two verifiers do with a statement list, as the Android rules' messages say it
/// (ANDROID.md 1.2, 1.4): Android's own verifier (AOSP's StatementService, on devices without
/// Google Play services) and Google's Digital Asset Links API (`statements:list`, what Google's
/// verifier is documented to follow).
enum AssetLinksVerifiers {
    /// For a statement Google drops and AOSP's parser throws on.
    static let statementDroppedFileLost = "Google's Statement List API drops this statement and keeps the others; Android's own verifier (AOSP StatementService) fails on it and verifies no app from this file"

    /// For a statement Google drops; what AOSP does with it is not established.
    static let statementDropped = "Google's Statement List API drops this statement, so it grants nothing"
}
