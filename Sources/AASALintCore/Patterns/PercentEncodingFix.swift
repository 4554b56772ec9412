/// The autofix of `percent-encoded-unicode`: in each component whose patterns hold `%XX`
/// sequences that encode non-ASCII text, write the patterns decoded and add
/// `"percentEncoded": false`, so that they match every encoding of the text. Only the affected
/// strings and the component's closing are edited; the rest of the file keeps its bytes.
///
/// A component's fix is all or nothing: it is refused when any affected pattern would change meaning
/// beyond that (a `%2F` that would become a separator, a `%2A` that would become a wildcard,
/// raw characters that clients encode, a variable shared with other patterns), when such a
/// pattern sits where `percentEncoded` cannot be set for it alone (`defaults`, legacy
/// `paths`, variable values), or when the file is not valid JSON.
package enum PercentEncodingFix {
    package struct Refusal: Error, Sendable {
        package let reason: String
    }

    /// True for a pattern the fix rewrites: compared encoded, with escapes of non-ASCII text.
    package static func needsFix(_ occurrence: PatternCatalog.Occurrence) -> Bool {
        occurrence.isComparedEncoded && hasEncodedUnicode(occurrence.pattern)
    }

    /// Every pattern of the file by the component (or other place) that holds it.
    package static func patternsByOwner(in file: LintFile) -> [JSONPointer: [PatternCatalog.Occurrence]] {
        Dictionary(grouping: file.patternCatalog.occurrences, by: \.owner)
    }

    /// The edits that fix `patterns`, every pattern `owner` (a component, or where a pattern
    /// sits outside one) holds, or why they would change more than the spelling.
    package static func edits(forComponentAt owner: JSONPointer, patterns: [PatternCatalog.Occurrence],
                             in file: LintFile) -> Result<[TextEdit], Refusal> {
        let catalog = file.patternCatalog
        let occurrences = patterns.filter(needsFix)
        guard let first = occurrences.first else { return .success([]) }
        guard occurrences.allSatisfy({ [.path, .query, .fragment].contains($0.role) || isQueryItem($0.role) }),
              let component = first.component
        else {
            return .failure(Refusal(reason: "\(first.pointer) is not in a component, where \"percentEncoded\" could be set for it alone"))
        }
        if let problem = patterns.lazy.compactMap({ unsafeReason($0, catalog: catalog) }).first {
            return .failure(Refusal(reason: problem))
        }
        guard let componentEdits = componentEdits(for: component, patterns: patterns, in: file) else {
            return .failure(Refusal(reason: "\(owner) has duplicate keys"))
        }
        return .success(componentEdits)
    }

    private static func isQueryItem(_ role: PatternCatalog.Occurrence.Role) -> Bool {
        if case .queryItem = role { true } else { false }
    }

    static func hasEncodedUnicode(_ pattern: Pattern) -> Bool {
        PercentEncoding.encodedRuns(in: pattern.scalars).contains { run in
            String(validating: run.bytes, as: UTF8.self)?.unicodeScalars.contains { !$0.isASCII } ?? false
        }
    }

    /// Why comparing `occurrence` decoded would change more than the spelling of its text.
    private static func unsafeReason(_ occurrence: PatternCatalog.Occurrence, catalog: PatternCatalog) -> String? {
        let scalars = occurrence.pattern.scalars
        let escapes = PercentEncoding.escapes(in: scalars)
        var insideEscape = Set<Int>()
        for (range, escape) in escapes {
            insideEscape.formUnion(range)
            guard case .byte = escape else { return "\(occurrence.pointer) holds a \"%\" that is not an escape" }
        }
        for run in PercentEncoding.encodedRuns(in: scalars) {
            guard let text = String(validating: run.bytes, as: UTF8.self) else {
                return "\(occurrence.pointer) holds escapes that are not UTF-8 text"
            }
            if let scalar = text.unicodeScalars.first(where: { $0.isASCII && !isSafeDecoded($0) }) {
                return "\(occurrence.pointer) encodes \"\(scalar)\", which would mean something else decoded"
            }
        }
        for (index, scalar) in scalars.enumerated() where !insideEscape.contains(index) && !isSafeRaw(scalar) {
            return "\(occurrence.pointer) holds \"\(scalar)\", which would start to match once compared decoded"
        }
        for reference in occurrence.pattern.variableReferences {
            if case .custom = catalog.substitutionVariables.meaning(of: reference.name) {
                return "\(occurrence.pointer) uses \"$(\(reference.name))\", whose values other patterns may share"
            }
        }
        return nil
    }

    private static func isSafeDecoded(_ scalar: Unicode.Scalar) -> Bool {
        ExampleURL.isUnreserved(scalar) || scalar == " "
    }

    private static func isSafeRaw(_ scalar: Unicode.Scalar) -> Bool {
        ExampleURL.isUnreserved(scalar) || "!$&'()*+,;=:@/?".unicodeScalars.contains(scalar)
    }

    /// The decoded patterns and `"percentEncoded": false` for one component; nil when the
    /// component has duplicate keys, which make the edit ambiguous.
    private static func componentEdits(for component: Component, patterns: [PatternCatalog.Occurrence],
                                       in file: LintFile) -> [TextEdit]? {
        guard !component.object.hasDuplicateKeys, let last = component.object.members.last else { return nil }
        var edits: [TextEdit] = []
        for occurrence in patterns {
            guard let node = file.root?.node(at: occurrence.pointer),
                  let map = JSONStringSourceMap(bytes: file.bytes, span: node.span, decoded: occurrence.pattern.text)
            else { return nil }
            for run in PercentEncoding.encodedRuns(in: occurrence.pattern.scalars) {
                edits.append(file.edit(replacing: map.span(of: run.range), with: String(decoding: run.bytes, as: UTF8.self)))
            }
        }
        if let existing = component.member(.percentEncoded) {
            edits.append(file.edit(replacing: existing.value.span, with: "false"))
        } else {
            edits.append(file.edit(replacing: last.value.span.upperBound..<last.value.span.upperBound,
                                   with: "," + separator(before: last, in: file) + "\"percentEncoded\": false"))
        }
        return edits
    }

    /// What precedes `member` in the source: a line break and its indentation, or a space.
    private static func separator(before member: PositionedMember, in file: LintFile) -> String {
        var start = member.keySpan.lowerBound
        while start > 0, file.bytes[start - 1] == UInt8(ascii: " ") || file.bytes[start - 1] == UInt8(ascii: "\t") {
            start -= 1
        }
        guard start > 0, file.bytes[start - 1] == UInt8(ascii: "\n") else { return " " }
        return "\n" + String(decoding: file.bytes[start..<member.keySpan.lowerBound], as: UTF8.self)
    }
}
