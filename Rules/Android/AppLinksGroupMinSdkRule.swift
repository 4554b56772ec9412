import AASALintCore

struct AppLinksGroupMinSdkRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-group-min-sdk",
        summary: "A filter whose only path limits are inside `<uri-relative-filter-group>`, in an app that runs before Android 15",
        rationale: """
            `<uri-relative-filter-group>` is read from Android 15 (API 35) on. Earlier versions \
            do not know the element, so a filter whose paths, queries and fragments are all \
            inside groups has no path attribute there, and Android matches a filter without one \
            on scheme and host alone: it most likely handles **every** link of its hosts, \
            including those the groups block. (What each earlier version does with the unknown \
            element is not settled; aasalint assumes the widest reading.) Add plain path \
            attributes (`android:pathPrefix`, `android:path`, ...) that bound the filter on \
            older versions, since Android 15 tries them first and only then the groups, or set \
            `minSdkVersion` to 35. The rule applies unless the manifest's `<uses-sdk>` says \
            `minSdkVersion` 35 or more (a `minSdk` set only in Gradle is not read).
            """,
        severity: .warning,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, groupExample(plainPath: "", group: #"↓<uri-relative-filter-group><data android:pathPrefix="/product/"/></uri-relative-filter-group>"#)),
            RuleExample(triggers: false, groupExample(plainPath: #" android:pathPrefix="/product/""#,
                                                      group: #"<uri-relative-filter-group><data android:pathPrefix="/product/" android:query="ref=app"/></uri-relative-filter-group>"#)),
        ]
    )

    static let firstVersionReadingGroups = 35

    /// A web filter for example.com with `plainPath` on its `<data>` and the `group` after it.
    private static func groupExample(plainPath: String, group: String) -> String {
        AndroidExample.filter(data: #"android:scheme="https" android:host="example.com""# + plainPath)
            .replacing("</intent-filter>", with: "  \(group)\n</intent-filter>")
    }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        if let minimum = manifest.minSdkVersion, minimum >= Self.firstVersionReadingGroups { return [] }
        let versions = manifest.minSdkVersion.map { "minSdkVersion is \($0)" }
            ?? "the manifest states no minSdkVersion; Gradle's minSdk is not read"
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.handlesWebURLs && filter.paths.isEmpty {
            guard let group = filter.groups.first, let authority = filter.authorities.first(where: { !$0.host.isPlaceholder }) else { continue }
            let host = authority.host.value
            let shownHost = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
            let example = "https://\(shownHost)\(unhandledPath(by: filter, host: shownHost, in: manifest))"
            diagnostics.append(diagnostic(
                "this filter limits paths only inside <uri-relative-filter-group>, which Android reads from 15 (API 35) on (\(versions)); before 15 the filter has no path attribute, so it most likely handles every link of \(host), such as \(example), which the groups leave out (not settled for every version; aasalint assumes the widest reading); add a plain android:pathPrefix or android:path that bounds the filter, or raise minSdkVersion to 35",
                at: file.location(span: group.element.span, pointer: group.pointer), exampleURL: example))
        }
        return diagnostics
    }

    /// A path the groups do not handle on Android 15, to show what older versions open too.
    private func unhandledPath(by filter: IntentFilter, host: String, in manifest: AndroidManifest) -> String {
        let candidates = ["/", "/any/other/page", "/aasalint-example"]
        return candidates.first { path in
            guard let uri = AndroidURI("https://\(host)\(path)") else { return false }
            return AndroidLinkMatcher.decisions(for: uri, in: manifest).first { $0.filter.pointer == filter.pointer }?.matches == false
        } ?? candidates[1]
    }
}
