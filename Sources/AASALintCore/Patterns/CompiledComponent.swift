/// One component of a details entry as the system applies it: a component, or a legacy `paths`
/// string, with the defaults hierarchy applied and its patterns compiled (or compiled when first
/// asked for, `LanguagesOnFirstUse`).
package final class CompiledComponent: Sendable {
    package enum Source: Sendable, Equatable {
        case component
        /// A `paths` string; `NOT ` ones are exclusions and always case-sensitive.
        case legacyPath
    }

    /// The component object, or the `paths` string.
    package let pointer: JSONPointer
    /// Its position among all the components of the file's entries, in order: what tallies of
    /// many URLs index arrays by, instead of hashing the component for every URL.
    package let ordinal: Int
    /// The bytes of the component object, as the model read it; nil for a legacy `paths` string.
    let span: Range<Int>?
    package let source: Source
    package let isExclude: Bool
    package let settings: MatchSettings
    /// Nil when no `/` applies: every path matches.
    package let path: CompiledPattern?
    package let query: QueryConstraint
    /// Nil when no `#` applies: every fragment matches (an absent one too).
    package let fragment: CompiledPattern?

    init(pointer: JSONPointer, ordinal: Int, span: Range<Int>?, source: Source, isExclude: Bool, settings: MatchSettings,
         path: CompiledPattern?, query: QueryConstraint, fragment: CompiledPattern?) {
        self.pointer = pointer
        self.ordinal = ordinal
        self.span = span
        self.source = source
        self.isExclude = isExclude
        self.settings = settings
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Where the component is in `file` (the file it was read from): from its span when it has
    /// one, without resolving its pointer through the tree again (`match` places thousands).
    package func location(in file: LintFile) -> Location {
        span.map { file.location(span: $0, pointer: pointer) } ?? file.location(pointer)
    }

    /// Where the component starts in `file`, whose line table is `lines`: `location(in:)`'s start,
    /// without the rest of a location (a `match --trace` places thousands).
    package func start(in file: LintFile, lines: LineTable) -> SourcePosition {
        span.map { lines.position(ofOffset: $0.lowerBound) } ?? file.location(pointer).range.start
    }

    /// Its pointer and line, for text reports.
    package func place(in file: LintFile) -> String {
        "\(pointer) (line \(location(in: file).range.start.line))"
    }

    /// The first part of `url` this component does not match; nil when it matches.
    package func mismatch(with url: LinkURL) -> PartMismatch? {
        let encoded = settings.percentEncoded
        return firstFailure(in: url) { part, pattern, compared in
            PartMismatch(part: part, pattern: pattern, compared: compared?.text(percentEncoded: encoded) ?? "")
        }
    }

    /// True when the component matches `url`: `mismatch(with:) == nil` without building the
    /// report of a failure, which most candidates of a URL are.
    package func matches(_ url: LinkURL) -> Bool {
        firstFailure(in: url) { _, _, _ in () } == nil
    }

    /// The path's mismatch, for a component known not to match the path (nil without a path
    /// pattern): what `mismatch(with:)` reports, without running the pattern. `compared` is the
    /// URL's path in the form this component compares.
    func pathMismatch(comparing compared: String) -> PartMismatch? {
        path.map { PartMismatch(part: .path, pattern: $0, compared: compared) }
    }

    /// Asks `failure` about the first part that does not match (its pattern, and the URL's text
    /// for it: nil for a query item the URL lacks, which counts as empty).
    private func firstFailure<Failure>(in url: LinkURL,
                                       _ failure: (PartMismatch.Part, CompiledPattern, LinkURL.Text?) -> Failure) -> Failure? {
        let encoded = settings.percentEncoded
        // The language is asked of the pattern in place: copying the pattern out first, for
        // every candidate of every URL, cost `match --urls` more than its matching.
        if path?.language.matches(url.path.scalars(percentEncoded: encoded)) == false, let path {
            return failure(.path, path, url.path)
        }
        switch query {
        case .any:
            break
        case .whole(let pattern):
            if !pattern.language.matches(url.query.scalars(percentEncoded: encoded)) {
                return failure(.query, pattern, url.query)
            }
        case .items(let items):
            for item in items {
                if let value = failingValue(of: item, in: url) {
                    return failure(.queryItem(item.name), item.pattern, value)
                }
            }
        }
        if fragment?.language.matches(url.fragment.scalars(percentEncoded: encoded)) == false, let fragment {
            return failure(.fragment, fragment, url.fragment)
        }
        return nil
    }

    /// Every occurrence of the item must match; an absent item is the empty value (`.some(nil)`).
    private func failingValue(of item: QueryConstraint.Item, in url: LinkURL) -> LinkURL.Text?? {
        let encoded = settings.percentEncoded
        let name = item.name.unicodeScalars.lazy.map(\.value)
        var found = false
        for candidate in url.queryItems where candidate.name.scalars(percentEncoded: encoded).elementsEqual(name) {
            found = true
            if !item.pattern.language.matches(candidate.value.scalars(percentEncoded: encoded)) {
                return .some(candidate.value)
            }
        }
        return found || item.pattern.language.matches([]) ? nil : .some(nil)
    }
}

/// A pattern string of the file with its compiled language.
package struct CompiledPattern: Sendable {
    package let text: String
    /// The JSON string it was read from (in a component or a `defaults` object).
    package let pointer: JSONPointer
    /// Set when compiled with the matcher; otherwise `slot` compiles it when first asked for.
    /// Two optionals rather than an enum: copying an enum of two payloads went through an
    /// outlined copy, which `match --urls` paid for every component it tried.
    private let compiled: PatternLanguage?
    private let slot: LanguagesOnFirstUse.Slot?

    init(text: String, pointer: JSONPointer, language: PatternLanguage) {
        self.text = text
        self.pointer = pointer
        compiled = language
        slot = nil
    }

    init(text: String, pointer: JSONPointer, compiledIn slot: LanguagesOnFirstUse.Slot) {
        self.text = text
        self.pointer = pointer
        compiled = nil
        self.slot = slot
    }

    /// The same language however often and on whichever threads it is asked for.
    package var language: PatternLanguage {
        if let compiled { return compiled }
        guard let slot else { preconditionFailure("a pattern is either compiled with its matcher or given a slot") }
        return slot.language(of: text)
    }
}

/// What a component requires of the query.
package enum QueryConstraint: Sendable {
    package struct Item: Sendable {
        /// Compared exactly, whatever `caseSensitive` says; never holds variables.
        package let name: String
        package let pattern: CompiledPattern
    }

    case any
    /// A string `?`: the whole query must match.
    case whole(CompiledPattern)
    /// A `?` object: each named item must match wherever it occurs (absent counts as empty).
    case items([Item])
}

/// Which part of a URL a component did not match, and what was compared.
package struct PartMismatch: Sendable {
    package enum Part: Hashable, Sendable {
        case path
        case query
        case queryItem(String)
        case fragment
    }

    package let part: Part
    package let pattern: CompiledPattern
    /// The URL's text for that part, in the form the component compares (encoded or decoded; the
    /// path normalised; an absent part empty).
    package let compared: String
}

extension CompiledComponent {
    /// Whether this component is `other` written again: the same patterns, settings and effect,
    /// so that it matches exactly the same URLs (a comment may differ).
    package func repeats(_ other: CompiledComponent) -> Bool {
        summary == other.summary && settings == other.settings
    }

    /// The component as JSON-like text for messages: `{"/": "/buy/*", "exclude": true}`, or the
    /// legacy path string.
    package var summary: String {
        var bytes: [UInt8] = []
        appendSummary(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `summary`'s UTF-8 appended to `bytes`: `match` writes the summary of every component it tries.
    package func appendSummary(to bytes: inout [UInt8]) {
        if source == .legacyPath {
            bytes.append(contentsOf: quoted((isExclude ? "NOT " : "") + (path?.text ?? "*")).utf8)
            return
        }
        let start = bytes.count
        bytes.append(UInt8(ascii: "{"))
        func key(_ text: StaticString) {
            if bytes.count > start + 1 { bytes += [UInt8(ascii: ","), UInt8(ascii: " ")] }
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
        func appendQuoted(_ text: String) {
            guard !needsQuoting(text) else {
                bytes.append(contentsOf: quoted(text).utf8)
                return
            }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
        }
        if let path {
            key("\"/\": ")
            appendQuoted(path.text)
        }
        switch query {
        case .any: break
        case .whole(let pattern):
            key("\"?\": ")
            appendQuoted(pattern.text)
        case .items(let items):
            key("\"?\": ")
            bytes.append(contentsOf: ("{" + items.map { quoted($0.name) + ": " + quoted($0.pattern.text) }.joined(separator: ", ") + "}").utf8)
        }
        if let fragment {
            key("\"#\": ")
            appendQuoted(fragment.text)
        }
        if isExclude { key("\"exclude\": true") }
        bytes.append(UInt8(ascii: "}"))
    }

    private func needsQuoting(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    private func quoted(_ text: String) -> String {
        guard needsQuoting(text) else { return "\"" + text + "\"" }
        return "\"" + text.unicodeScalars.map { $0 == "\"" || $0 == "\\" ? "\\" + String($0) : String($0) }.joined() + "\""
    }
}
