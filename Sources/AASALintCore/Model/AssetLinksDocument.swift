/// A Digital Asset Links statement list (`.well-known/assetlinks.json`) read from its positioned
/// JSON tree: every statement as written, with pointers, so that rules can say where a statement
/// goes wrong and the matcher can decide as Android's verifier and Google's API do
/// (ANDROID.md 1.2, 1.3).
package struct AssetLinksDocument: Sendable {
    package let statements: [AssetLinkStatement]

    /// Nil when the root is not an array: then neither verifier reads any statement.
    package init?(root: PositionedValue) {
        guard let elements = root.elements else { return nil }
        statements = elements.enumerated().map { index, element in
            AssetLinkStatement(node: element, at: JSONPointer.root.appending(index))
        }
    }

    /// Every `android_app` target of the file's direct statements, with the statement it belongs to.
    package var androidAppTargets: [(statement: AssetLinkStatement, target: AssetLinkTarget)] {
        statements.compactMap { statement in
            guard let target = statement.target, target.namespace?.value == "android_app" else { return nil }
            return (statement, target)
        }
    }

    /// The relation Android App Links verify (ANDROID.md 1.2).
    package static let handleAllURLs = "delegate_permission/common.handle_all_urls"
}

/// One element of the statement list: a direct statement (`relation` and `target`), an include
/// statement (`include`), or something else.
package struct AssetLinkStatement: Sendable {
    package let node: PositionedValue
    package let pointer: JSONPointer
    /// The relation strings, when `relation` is an array; non-strings are left out.
    package let relations: [Located<String>]?
    package let target: AssetLinkTarget?
    /// The URL of an include statement.
    package let include: Located<String>?

    package static let knownKeys = ["relation", "target", "relation_extensions", "include"]

    init(node: PositionedValue, at pointer: JSONPointer) {
        self.node = node
        self.pointer = pointer
        relations = node.member("relation")?.value.elements.map { elements in
            elements.enumerated().compactMap { index, element in
                element.stringValue.map { Located($0, at: pointer.appending("relation").appending(index)) }
            }
        }
        target = node.member("target").flatMap { member in
            member.value.members == nil ? nil : AssetLinkTarget(node: member.value, at: pointer.appending("target"))
        }
        include = node.member("include")?.value.stringValue.map { Located($0, at: pointer.appending("include")) }
    }

    package var isInclude: Bool { node.member("include") != nil }

    /// Why Android's own verifier (AOSP StatementService) fails on this statement and so loses
    /// every statement of the file, while Google's API drops only this one; nil when it does not
    /// (ANDROID.md 1.2, "Unknown keys": a malformed relation, an unknown namespace).
    package var aospRejection: String? {
        if let bad = relations?.first(where: { AssetLinkRelation.problem(of: $0.value) != nil }) {
            return "the malformed relation \"\(bad.value)\""
        }
        if let namespace = target?.namespace?.value, !AssetLinkTarget.aospNamespaces.contains(namespace) {
            return "the namespace \"\(namespace)\", which it does not read"
        }
        return nil
    }

    /// The first number or null inside the statement, which AOSP's parser does not accept.
    package var unsupportedValue: Located<String>? {
        Self.firstUnsupportedValue(in: node, at: pointer)
    }

    private static func firstUnsupportedValue(in node: PositionedValue, at pointer: JSONPointer) -> Located<String>? {
        switch node.value {
        case .number, .null: return Located(node.typeName, at: pointer)
        case .object(let members):
            for member in members {
                if let found = firstUnsupportedValue(in: member.value, at: pointer.appending(member.key)) { return found }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = firstUnsupportedValue(in: element, at: pointer.appending(index)) { return found }
            }
        case .string, .bool: break
        }
        return nil
    }
}

/// A statement's `target`: an asset descriptor of namespace `android_app` or `web`.
package struct AssetLinkTarget: Sendable {
    package let pointer: JSONPointer
    package let node: PositionedValue
    package let namespace: Located<String>?
    package let packageName: Located<String>?
    /// The fingerprints, when `sha256_cert_fingerprints` is an array; non-strings are left out.
    package let fingerprints: [Located<String>]?
    package let site: Located<String>?

    /// What AOSP's `AssetFactory` reads; Google also describes `ios_app` (ANDROID.md 1.2).
    package static let aospNamespaces = ["android_app", "web"]
    package static let knownKeys = ["namespace", "package_name", "sha256_cert_fingerprints", "site", "appid"]

    init(node: PositionedValue, at pointer: JSONPointer) {
        self.node = node
        self.pointer = pointer
        func string(_ key: String) -> Located<String>? {
            node.member(key)?.value.stringValue.map { Located($0, at: pointer.appending(key)) }
        }
        namespace = string("namespace")
        packageName = string("package_name")
        site = string("site")
        fingerprints = node.member("sha256_cert_fingerprints")?.value.elements.map { elements in
            elements.enumerated().compactMap { index, element in
                element.stringValue.map { Located($0, at: pointer.appending("sha256_cert_fingerprints").appending(index)) }
            }
        }
    }
}

/// The grammar of relation strings: `kind/detail`, split at the first `/`, each part of
/// `[a-z0-9_.]+` (Google's `Relation` check and AOSP's `Relation.java`).
package enum AssetLinkRelation {
    /// The only kind Google's protocol defines.
    package static let definedKind = "delegate_permission"

    /// What is wrong with `relation`, for a message; nil when it is well formed.
    package static func problem(of relation: String) -> String? {
        guard let slash = relation.firstIndex(of: "/") else {
            return "it has no \"/\" between the kind and the detail, as in \"\(AssetLinksDocument.handleAllURLs)\""
        }
        let kind = relation[..<slash]
        let detail = relation[relation.index(after: slash)...]
        if kind.isEmpty || detail.isEmpty { return "its \(kind.isEmpty ? "kind" : "detail") (the part \(kind.isEmpty ? "before" : "after") \"/\") is empty" }
        if detail.contains("/") { return "it has a second \"/\"; a relation is one kind and one detail" }
        if relation.contains(where: \.isWhitespace) { return "it contains a space" }
        if relation.contains(where: \.isUppercase) { return "it has upper-case letters; relations are lower case" }
        if let other = relation.first(where: { !isRelationCharacter($0) && $0 != "/" }) {
            return "\"\(other)\" is not allowed; a relation holds lower-case letters, digits, \"_\" and \".\""
        }
        return nil
    }

    private static func isRelationCharacter(_ character: Character) -> Bool {
        ("a"..."z").contains(character) || ("0"..."9").contains(character) || character == "_" || character == "."
    }
}

/// SHA-256 certificate fingerprints as Android renders them: 32 bytes, two upper-case hex digits
/// each, joined by `:` (ANDROID.md 1.2, 4).
package enum CertificateFingerprint {
    package static let byteCount = 32
    package static let sha1ByteCount = 20

    /// What is wrong with a fingerprint as written.
    package enum Problem: Sendable, Equatable {
        case lowerCase
        case missingColons
        case spaces
        case sha1
        case wrongLength(bytes: Int)
        case malformed
    }

    /// The problems of `text` (several at once, such as lower case without colons), and the
    /// fingerprint it stands for when its digits make 32 bytes; no problems for a well-formed one.
    package static func problems(of text: String) -> (problems: [Problem], normalized: String?) {
        let isWellFormed = text.utf8.count == byteCount * 3 - 1 && text.split(separator: ":", omittingEmptySubsequences: false).allSatisfy {
            $0.utf8.count == 2 && $0.allSatisfy { $0.isASCII && $0.isHexDigit && !$0.isLowercase }
        }
        if isWellFormed { return ([], text) }
        var problems: [Problem] = []
        let digits = text.filter { $0 != ":" && !$0.isWhitespace }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), digits.count.isMultiple(of: 2) else {
            return ([.malformed], nil)
        }
        if text.contains(where: \.isWhitespace) { problems.append(.spaces) }
        if digits.contains(where: \.isLowercase) { problems.append(.lowerCase) }
        if !text.contains(":") && !text.contains(where: \.isWhitespace) && digits.count > 2 { problems.append(.missingColons) }
        let bytes = digits.count / 2
        guard bytes == byteCount else {
            return (problems + [bytes == sha1ByteCount ? .sha1 : .wrongLength(bytes: bytes)], nil)
        }
        let upper = digits.uppercased()
        var pairs: [Substring] = []
        var index = upper.startIndex
        while index < upper.endIndex {
            let next = upper.index(index, offsetBy: 2)
            pairs.append(upper[index..<next])
            index = next
        }
        let normalized = pairs.joined(separator: ":")
        // Colons in the wrong places (`ABCD:EF...`) are the one problem left.
        return (problems.isEmpty ? [.malformed] : problems, normalized)
    }

    /// The form Android compares, for a fingerprint a user types on the command line: any case,
    /// with or without colons; nil when it is not 32 bytes of hex.
    package static func normalized(_ text: String) -> String? {
        let (problems, normalized) = problems(of: text)
        return problems.contains(.malformed) && normalized == nil ? nil : normalized
    }

    /// The SHA-256 of the debug keystore that React Native's and Expo's app templates commit
    /// (`android/app/debug.keystore`, `CN=Android Debug`): public, so anyone can sign an app with it.
    package static let publicDebugKeystore = "FA:C6:17:45:DC:09:03:78:6F:B9:ED:E6:2A:96:2B:39:9F:73:48:F0:BB:6F:89:9B:83:32:66:75:91:03:3B:9C"
}

/// Android package names as an `android_app` target needs them: dot-separated Java identifiers
/// (letters, digits, `_`, not starting with a digit), at least two of them, as apps must have.
package enum AndroidPackageName {
    /// What is wrong with `name`, for a message; nil when it is a valid application package name.
    package static func problem(of name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.contains(where: \.isWhitespace) { return "it contains a space" }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        if segments.contains(where: \.isEmpty) { return "it has an empty part (\"..\", or a leading or trailing dot)" }
        if let character = name.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".")) }) {
            return "\"\(character)\" is not allowed; package names hold letters, digits, \"_\" and \".\""
        }
        if let segment = segments.first(where: { $0.first?.isNumber ?? false }) {
            return "its part \"\(segment)\" starts with a digit"
        }
        if segments.count < 2 { return "it has no dot, and an Android app's package name has at least two parts" }
        return nil
    }
}

/// The `site` of a `web` target and the URL of an include: origins and URLs Google accepts
/// (ANDROID.md 1.2, "web"; "Include statement").
package enum AssetLinkURL {
    package struct Parts: Sendable {
        package let scheme: String
        package let host: String
        /// Everything after the host and port: "" or a path, query or fragment.
        package let rest: String
        package let hasUserInfo: Bool
    }

    /// The parts of an `http`/`https` URL; nil when it is not one.
    package static func parts(of url: String) -> Parts? {
        guard let separator = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let afterScheme = url[separator.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        var authority = afterScheme[..<authorityEnd]
        let hasUserInfo = authority.contains("@")
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority
        if let colon = authority.lastIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard isPort(port) else { return nil }
            host = authority[..<colon]
        }
        guard !host.isEmpty, host.allSatisfy(isHostCharacter) else { return nil }
        return Parts(scheme: scheme, host: host.lowercased(), rest: String(afterScheme[authorityEnd...]), hasUserInfo: hasUserInfo)
    }

    private static func isPort(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text) else { return false }
        return number <= 65535
    }

    private static func isHostCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == ".")
    }
}
