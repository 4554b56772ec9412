/// What aasalint reads from an `AndroidManifest.xml` (a source manifest, Gradle's
/// `src/<set>/AndroidManifest.xml`, or a merged one): the activities and their intent filters,
/// each part with its span and a pointer (element names and sibling indexes, such as
/// `/application/0/activity/1/intent-filter/0/data/2/android:host`) for baselines and ignores.
package struct AndroidManifest: Sendable {
    package static let androidNamespace = "http://schemas.android.com/apk/res/android"

    package let root: XMLElementNode
    /// The prefix bound to the Android namespace, `android` unless the manifest says otherwise.
    package let androidPrefix: String
    package let packageName: ManifestValue?
    package let minSdkVersion: Int?
    package let targetSdkVersion: Int?
    /// Activities and activity aliases, in manifest order.
    package let activities: [ManifestActivity]

    /// Nil when the root element is not `<manifest>`.
    package init?(root: XMLElementNode) {
        guard root.name == "manifest" else { return nil }
        self.root = root
        let prefix = root.attributes.first { $0.name.hasPrefix("xmlns:") && $0.value == Self.androidNamespace }.map { String($0.name.dropFirst(6)) } ?? "android"
        androidPrefix = prefix
        let rootPointer = JSONPointer.root
        packageName = root.attribute("package").map { ManifestValue($0, at: rootPointer) }
        let usesSDK = root.children(named: "uses-sdk").last
        minSdkVersion = usesSDK?.attribute(prefix + ":minSdkVersion").flatMap { Int($0.value) }
        targetSdkVersion = usesSDK?.attribute(prefix + ":targetSdkVersion").flatMap { Int($0.value) }
        var activities: [ManifestActivity] = []
        for (applicationIndex, application) in root.children(named: "application").enumerated() {
            let applicationPointer = rootPointer.appending("application").appending(applicationIndex)
            var seen: [String: Int] = [:]
            for child in application.children where child.name == "activity" || child.name == "activity-alias" {
                let index = seen[child.name, default: 0]
                seen[child.name] = index + 1
                activities.append(ManifestActivity(element: child, at: applicationPointer.appending(child.name).appending(index), prefix: prefix))
            }
        }
        self.activities = activities
    }

    /// Every intent filter of the manifest, with its activity.
    package var filters: [(activity: ManifestActivity, filter: IntentFilter)] {
        activities.flatMap { activity in activity.filters.map { (activity, $0) } }
    }
}

/// An attribute's value with where it is written.
package struct ManifestValue: Sendable {
    package let value: String
    package let span: Range<Int>
    package let pointer: JSONPointer

    init(_ attribute: XMLAttribute, at element: JSONPointer) {
        value = attribute.value
        span = attribute.valueSpan
        pointer = element.appending(attribute.name)
    }

    /// Whether the value is a Gradle manifest placeholder (`${host}`) that only the build fills in.
    package var isPlaceholder: Bool { value.contains("${") }
}

package struct ManifestActivity: Sendable {
    package let element: XMLElementNode
    package let pointer: JSONPointer
    /// `android:name`, or for an alias `android:targetActivity` after it.
    package let name: String?
    package let filters: [IntentFilter]

    init(element: XMLElementNode, at pointer: JSONPointer, prefix: String) {
        self.element = element
        self.pointer = pointer
        name = element.attribute(prefix + ":name")?.value
        filters = element.children(named: "intent-filter").enumerated().map { index, filter in
            IntentFilter(element: filter, at: pointer.appending("intent-filter").appending(index), prefix: prefix)
        }
    }
}

/// One `<intent-filter>`, with its `<data>` elements pooled as Android pools them (ANDROID.md 2.4):
/// one set of schemes, one list of authorities (a host with the port of the same element), one
/// list of paths, whichever element wrote them.
package struct IntentFilter: Sendable {
    package static let viewAction = "android.intent.action.VIEW"
    package static let browsableCategory = "android.intent.category.BROWSABLE"
    package static let defaultCategory = "android.intent.category.DEFAULT"

    package struct Authority: Sendable {
        package let host: ManifestValue
        package let port: ManifestValue?
    }

    package struct Path: Sendable {
        package let kind: AndroidPathPattern.Kind
        package let value: ManifestValue
        /// Nil when Android's parser refuses the pattern (`error` says why).
        package let pattern: AndroidPathPattern?
        package let error: AndroidPatternError?
    }

    /// `<uri-relative-filter-group>` (Android 15): every filter of an allowing or blocking group.
    package struct RelativeGroup: Sendable {
        package let element: XMLElementNode
        package let pointer: JSONPointer
        package let allows: Bool
        package let paths: [Path]
        /// The query and fragment attributes, which aasalint reads but does not match.
        package let otherParts: [ManifestValue]
    }

    package let element: XMLElementNode
    package let pointer: JSONPointer
    package let autoVerify: ManifestValue?
    package let actions: [ManifestValue]
    package let categories: [ManifestValue]
    package let schemes: [ManifestValue]
    package let authorities: [Authority]
    /// Ports written in an element without a host, which Android ignores.
    package let portsWithoutHost: [ManifestValue]
    package let paths: [Path]
    package let mimeTypes: [ManifestValue]
    package let groups: [RelativeGroup]

    init(element: XMLElementNode, at pointer: JSONPointer, prefix: String) {
        self.element = element
        self.pointer = pointer
        autoVerify = element.attribute(prefix + ":autoVerify").map { ManifestValue($0, at: pointer) }
        func names(_ child: String) -> [ManifestValue] {
            element.children(named: child).enumerated().compactMap { index, node in
                node.attribute(prefix + ":name").map { ManifestValue($0, at: pointer.appending(child).appending(index)) }
            }
        }
        actions = names("action")
        categories = names("category")
        var schemes: [ManifestValue] = []
        var authorities: [Authority] = []
        var portsWithoutHost: [ManifestValue] = []
        var paths: [Path] = []
        var mimeTypes: [ManifestValue] = []
        for (index, data) in element.children(named: "data").enumerated() {
            let dataPointer = pointer.appending("data").appending(index)
            func value(_ name: String) -> ManifestValue? {
                data.attribute(prefix + ":" + name).map { ManifestValue($0, at: dataPointer) }
            }
            if let scheme = value("scheme") { schemes.append(scheme) }
            let port = value("port")
            if let host = value("host") {
                authorities.append(Authority(host: host, port: port))
            } else if let port {
                portsWithoutHost.append(port)
            }
            paths += Self.paths(of: data, at: dataPointer, prefix: prefix)
            if let mimeType = value("mimeType") { mimeTypes.append(mimeType) }
        }
        self.schemes = schemes
        self.authorities = authorities
        self.portsWithoutHost = portsWithoutHost
        self.paths = paths
        self.mimeTypes = mimeTypes
        groups = element.children(named: "uri-relative-filter-group").enumerated().map { index, group in
            let groupPointer = pointer.appending("uri-relative-filter-group").appending(index)
            var paths: [Path] = []
            var otherParts: [ManifestValue] = []
            for (dataIndex, data) in group.children(named: "data").enumerated() {
                let dataPointer = groupPointer.appending("data").appending(dataIndex)
                paths += Self.paths(of: data, at: dataPointer, prefix: prefix)
                otherParts += data.attributes.filter { $0.name.hasPrefix(prefix + ":query") || $0.name.hasPrefix(prefix + ":fragment") }
                    .map { ManifestValue($0, at: dataPointer) }
            }
            return RelativeGroup(element: group, pointer: groupPointer, allows: group.attribute(prefix + ":allow")?.value != "false",
                                 paths: paths, otherParts: otherParts)
        }
    }

    private static func paths(of data: XMLElementNode, at pointer: JSONPointer, prefix: String) -> [Path] {
        AndroidPathPattern.Kind.allCases.compactMap { kind in
            guard let attribute = data.attribute(prefix + ":" + kind.rawValue) else { return nil }
            let value = ManifestValue(attribute, at: pointer)
            do throws(AndroidPatternError) {
                return Path(kind: kind, value: value, pattern: try AndroidPathPattern(kind: kind, pattern: compiled(attribute.value)), error: nil)
            } catch {
                return Path(kind: kind, value: value, pattern: nil, error: error)
            }
        }
    }

    /// An attribute string as the resource compiler (aapt2) passes it on: a backslash escapes
    /// the next character (`\\.` in the XML is `\.` for the matcher; a single `\.` is `.`), and
    /// `\n`, `\t` and `\uXXXX` stand for a line feed, a tab and a code point (ANDROID.md 3;
    /// what aapt2 does with other single escapes is not settled: they are read as the character).
    static func compiled(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var result = ""
        var characters = value.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let escaped = characters.next() else {
                result.append(character)
                continue
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "u":
                var digits = ""
                for _ in 0..<4 { if let digit = characters.next() { digits.append(digit) } }
                if let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) { result.append(Character(scalar)) }
            default: result.append(escaped)
            }
        }
        return result
    }

    package var requestsVerification: Bool { autoVerify?.value == "true" }

    package var hasViewAction: Bool { actions.contains { $0.value == Self.viewAction } }

    package func hasCategory(_ name: String) -> Bool { categories.contains { $0.value == name } }

    package var webSchemes: [ManifestValue] { schemes.filter { $0.value == "http" || $0.value == "https" } }

    /// Handles links a browser opens: VIEW, BROWSABLE and an http or https scheme (AOSP's
    /// `handlesWebUris`).
    package var handlesWebURLs: Bool { hasViewAction && hasCategory(Self.browsableCategory) && !webSchemes.isEmpty }

    /// Whether Android collects the filter's hosts for verification (ANDROID.md 2.1), for an app
    /// targeting API 31 or later: autoVerify, VIEW, BROWSABLE and DEFAULT, and only web schemes.
    package var isCollectedForVerification: Bool {
        requestsVerification && hasViewAction && hasCategory(Self.browsableCategory) && hasCategory(Self.defaultCategory)
            && !schemes.isEmpty && schemes.allSatisfy { $0.value == "http" || $0.value == "https" }
    }
}
