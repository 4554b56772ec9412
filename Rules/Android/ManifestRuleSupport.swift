import AASALintCore

extension LintFile {
    /// Where a manifest attribute's value is written.
    func location(of value: ManifestValue) -> Location {
        location(span: value.span, pointer: value.pointer)
    }

    /// The start tag of an intent filter.
    func location(of filter: IntentFilter) -> Location {
        location(span: filter.element.span, pointer: filter.pointer)
    }
}

extension ManifestActivity {
    /// How messages name the activity.
    var shownName: String { name.map { "activity \($0)" } ?? "this activity" }
}
