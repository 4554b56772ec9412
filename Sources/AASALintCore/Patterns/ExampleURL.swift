/// URLs that show a finding: built from the file's host and from strings a pattern matches.
package enum ExampleURL {
    /// The host the configuration serves `file` on, or `example.com`.
    package static func host(of file: LintFile, in context: LintContext) -> String {
        let configured = context.configuration.domains.first { domain in
            context.file(atConfiguredPath: domain.aasaPath.value)?.path == file.path
        }
        return configured?.host.value ?? "example.com"
    }

    /// A URL from parts as a component compares them: already percent-encoded when `percentEncoded`,
    /// decoded text (to be encoded here) otherwise.
    package static func make(host: String, path: String, query: String? = nil, fragment: String? = nil, percentEncoded: Bool) -> String {
        func wire(_ text: String, allowing extra: String) -> String {
            PercentEncoding.encode(text) { scalar in
                (percentEncoded && scalar == "%") || isUnreserved(scalar) || "!$&'()*+,;=:@/".unicodeScalars.contains(scalar)
                    || extra.unicodeScalars.contains(scalar)
            }
        }
        var url = "https://" + host + wire(path.hasPrefix("/") ? path : "/" + path, allowing: "")
        if let query { url += "?" + wire(query, allowing: "?") }
        if let fragment { url += "#" + wire(fragment, allowing: "?#") }
        return url
    }

    /// A short URL that `component` matches, without the query item `omitted`, or with the item
    /// `replaced` given another value (a URL the component may then reject); nil when none exists
    /// or the component's patterns are too complex to search.
    package static func matching(_ component: CompiledComponent, host: String, omittingItem omitted: String? = nil,
                                replacingItem replaced: (name: String, value: String)? = nil) -> String? {
        guard let path = witness(component.path, default: "/"), let fragment = witness(component.fragment, default: "") else { return nil }
        var query: String?
        switch component.query {
        case .any:
            break
        case .whole(let pattern):
            guard let text = witness(pattern, default: "") else { return nil }
            query = text.isEmpty ? nil : text
        case .items(let items):
            var pairs: [String] = []
            for item in items where item.name != omitted {
                guard let value = item.name == replaced?.name ? replaced?.value : witness(item.pattern, default: "") else { return nil }
                if !value.isEmpty { pairs.append(item.name + "=" + value) }
            }
            query = pairs.isEmpty ? nil : pairs.joined(separator: "&")
        }
        return make(host: host, path: path, query: query, fragment: fragment.isEmpty ? nil : fragment,
                    percentEncoded: component.settings.percentEncoded)
    }

    /// A string the pattern matches, with its variables' first values and wildcards filled
    /// simply: what the author meant the pattern to match.
    package static func instance(of pattern: Pattern, variables: SubstitutionVariables) -> String {
        var text = String.UnicodeScalarView()
        for token in pattern.tokens {
            switch token.kind {
            case .literal(let scalar): text.append(scalar)
            case .anyScalar: text.append("x")
            case .anyRun, .unterminatedVariable: break
            case .variable(let name):
                switch variables.meaning(of: name) {
                case .custom(let values): text.append(contentsOf: values.first.map { instance(of: $0, variables: variables) }?.unicodeScalars ?? "".unicodeScalars)
                case .builtIn(let variable): text.append(contentsOf: sample(of: variable).unicodeScalars)
                case .undefined, .invalidName: break
                }
            }
        }
        return String(text)
    }

    /// The URL a pattern was written for, with the pattern's text in its part, as clients
    /// send it. `percentEncoded` says whether the pattern is written percent-encoded (its
    /// escapes are then read, and written back in the upper case clients use).
    package static func intended(by occurrence: PatternCatalog.Occurrence, host: String, variables: SubstitutionVariables,
                                percentEncoded: Bool) -> String {
        let instance = instance(of: occurrence.pattern, variables: variables)
        let text = percentEncoded ? PercentEncoding.decode(instance) ?? instance : instance
        switch occurrence.role {
        case .path, .legacyPath, .variableValue:
            return make(host: host, path: text, percentEncoded: false)
        case .query:
            return make(host: host, path: "/", query: text, percentEncoded: false)
        case .queryItem(let name):
            return make(host: host, path: "/", query: name + "=" + text, percentEncoded: false)
        case .fragment:
            return make(host: host, path: "/", fragment: text, percentEncoded: false)
        }
    }

    static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
    }

    private static func witness(_ pattern: CompiledPattern?, default fallback: String) -> String? {
        guard let pattern else { return fallback }
        return pattern.language.automaton?.shortestWitness()
    }

    private static func sample(of variable: BuiltInVariable) -> String {
        switch variable.language {
        case .character(let set): set.representative.map(String.init) ?? ""
        case .words(let words): words.contains("en") ? "en" : words.contains("US") ? "US" : words.first ?? ""
        }
    }
}
