/// The scaffolds the Android rules' examples share: a web intent filter and an assetlinks.json
/// statement list, as a reader would write them. Each example passes only the part it is about
/// (with its `↓` marker), so the examples differ from each other where the rules do, and the
/// scaffold is written once instead of in every rule file.
enum AndroidExample {
    /// The release fingerprint the examples grant, as it is quoted in the JSON.
    static let fingerprint = #""14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5""#

    /// An intent filter for web links with `VIEW` and the `categories`, and a `<data>` element
    /// for each of `data` (its attributes as written). `start` is written before the start tag,
    /// for a marker on the filter itself.
    static func filter(
        autoVerify: Bool = true, start: String = "", categories: [String] = ["DEFAULT", "BROWSABLE"], data: String...
    ) -> String {
        let startTag = autoVerify ? #"<intent-filter android:autoVerify="true">"# : "<intent-filter>"
        let lines = [start + startTag, #"  <action android:name="android.intent.action.VIEW"/>"#]
            + categories.map { #"  <category android:name="android.intent.category.\#($0)"/>"# }
            + data.map { "  <data \($0)/>" }
            + ["</intent-filter>"]
        return lines.joined(separator: "\n")
    }

    /// One statement granting com.example.app, each part as JSON text (so that a marker can stand
    /// before a value): the `relation` value, the `namespace` value, the key written for the
    /// package name, the `fingerprints` one a line, and `members` after the target.
    static func statement(
        relation: String = #"["delegate_permission/common.handle_all_urls"]"#, namespace: String = #""android_app""#,
        packageKey: String = #""package_name""#, fingerprints: [String] = [fingerprint], members: [String] = []
    ) -> String {
        let fingerprintsStart = #"             "sha256_cert_fingerprints": ["#
        // Later fingerprints line up under the first.
        let listed = fingerprints.joined(separator: ",\n" + String(repeating: " ", count: fingerprintsStart.count))
        let target = #"  "target": {"namespace": \#(namespace), \#(packageKey): "com.example.app","# + "\n"
            + fingerprintsStart + listed + "]}"
        let body = [#"  "relation": \#(relation)"#, target] + members.map { "  " + $0 }
        return "{\n" + body.joined(separator: ",\n") + "\n}"
    }

    /// A statement list of the one `statement`.
    static func list(_ statement: String = AndroidExample.statement()) -> String {
        "[" + statement + "]"
    }
}
