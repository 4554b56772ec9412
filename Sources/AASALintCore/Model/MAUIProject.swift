/// What aasalint reads from a .NET MAUI or Xamarin project file (`*.csproj`): the
/// `CodesignEntitlements` of each configuration (a `PropertyGroup` whose `Condition` names
/// `$(Configuration)`, over the unconditional ones), so that the file a `Release` build signs
/// with is a release file, and `ApplicationId`, the bundle ID. The team is chosen when signing,
/// not written here, so no appID comes from it. Imported `.props` and `.targets` are not read.
struct MAUIProject {
    static let fileExtension = ".csproj"
    static let entitlementsElement = "CodesignEntitlements"
    static let bundleIDElement = "ApplicationId"

    let project: XcodeProject

    /// Nil when the project names no `CodesignEntitlements`: nothing then decides a release.
    init?(path: String, bytes: [UInt8]) throws(PlistSyntaxError) {
        var open: [String] = []
        var conditions: [String?] = []
        var entitlements: [(configuration: String?, path: String)] = []
        var bundleID: String?
        for token in try XMLTokenizer.tokens(of: bytes) {
            switch token {
            case .startTag(let name, _, let span):
                open.append(name)
                if name == "PropertyGroup" { conditions.append(Self.configuration(inCondition: Self.condition(in: Array(bytes[span])))) }
            case .endTag:
                if open.popLast() == "PropertyGroup" { _ = conditions.popLast() }
            case .text(let text, _):
                let value = text.trimmed()
                guard !value.isEmpty, open.dropLast().last == "PropertyGroup" else { continue }
                // A condition that names `$(Configuration)` but is not `==` one value leaves it unknown.
                guard let condition = conditions.last else { continue }
                if open.last == Self.entitlementsElement, condition != Self.unknownConfiguration {
                    entitlements.append((condition, value.replacingBackslashes))
                } else if open.last == Self.bundleIDElement {
                    bundleID = value
                }
            }
        }
        guard !entitlements.isEmpty else { return nil }
        let folder = PathNames.folder(of: path)
        let named = entitlements.compactMap(\.configuration)
        var names = ["Debug", "Release"]
        names += named.filter { !names.contains($0) }
        let target = String(PathNames.lastComponent(of: path).dropLast(Self.fileExtension.count))
        let settings = BuildSettings(bundleID.map { ["PRODUCT_BUNDLE_IDENTIFIER": $0] } ?? [:])
        let configurations = names.compactMap { name -> XcodeBuildConfiguration? in
            // The last group that applies wins, as MSBuild reads them in order.
            guard let file = entitlements.last(where: { $0.configuration == nil || $0.configuration == name })?.path else { return nil }
            return XcodeBuildConfiguration(name: name, target: target, buildSettings: settings, sourceRoot: ".",
                                           entitlementsFiles: [PathNames.joined(folder.isEmpty ? "." : folder, file)])
        }
        project = XcodeProject(path: path, kind: .maui, configurations: configurations)
    }

    /// Stands for a condition on `$(Configuration)` that is not a plain comparison.
    private static let unknownConfiguration = "\u{0}"

    /// The `Condition` attribute of a start tag, with XML's quote references decoded.
    private static func condition(in tag: [UInt8]) -> String {
        let text = String(decoding: tag, as: UTF8.self)
        guard let start = text.firstRange(of: "Condition=") else { return "" }
        let rest = text[start.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return "" }
        let value = rest.dropFirst().prefix { $0 != quote }
        return String(value).replacing("&apos;", with: "'").replacing("&quot;", with: "\"")
    }

    /// The configuration a condition such as `'$(Configuration)|$(Platform)' == 'Release|iPhone'`
    /// selects: nil when it does not name the configuration.
    private static func configuration(inCondition condition: String) -> String? {
        guard condition.contains("$(Configuration)") else { return nil }
        guard let equals = condition.firstRange(of: "=="), !condition.contains("!=") else { return unknownConfiguration }
        let unquoted = { (side: Substring) in side.filter { $0 != "'" && $0 != " " }.split(separator: "|", omittingEmptySubsequences: false) }
        let left = unquoted(condition[..<equals.lowerBound])
        let right = unquoted(condition[equals.upperBound...])
        guard let index = left.firstIndex(where: { $0.contains("$(Configuration)") }), index < right.count else { return unknownConfiguration }
        return String(right[index])
    }
}

private extension String {
    var replacingBackslashes: String {
        String(map { $0 == "\\" ? "/" : $0 })
    }
}
