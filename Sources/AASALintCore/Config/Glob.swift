/// A path pattern of the configuration: `*` and `?` within one path segment, `**` across
/// segments, `[abc]`, `[a-z]` and `[!x]` for one character. A pattern without `/` matches
/// the file name at any depth, as in `.gitignore` (`*.entitlements`). Paths are relative to
/// the configuration's folder, with `/` separators.
///
/// A file inside a signed app has the path `build/Shop.ipa!Payload/Shop.app/Shop`. A pattern
/// without `!` is matched against the artifact's path, so it covers everything inside the
/// artifact (`build/Shop.ipa`, `*.ipa`, `build/**`) and never reaches into one by accident
/// (`**/Shop` does not match the executable). A pattern with `!` matches its part before the
/// `!` against the artifact's path and its part after against the path inside, each by the
/// rules above (`build/*.ipa!Payload/*.app/PlugIns/**`, `*.ipa!embedded.mobileprovision`). That
/// `!` follows the artifact's extension, as in the paths; any other `!` is part of a name.
package struct Glob: Sendable, Hashable, CustomStringConvertible {
    package let pattern: String
    /// The whole pattern, or the part before `!` that names the artifact.
    private let outer: PathPattern
    /// The part after `!`, matched against the path inside the artifact.
    private let inner: PathPattern?

    private enum Segment: Hashable {
        case anyDepth
        case pattern([Element])
    }

    private enum Element: Hashable {
        case literal(Character)
        case anyCharacter
        case anyRun
        case set([ClosedRange<Character>], negated: Bool)
    }

    package struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// One side of the `!`: the segments, and whether a pattern without `/` matches names at any depth.
    private struct PathPattern: Hashable {
        let segments: [Segment]
        let matchesNameAnywhere: Bool

        init(_ text: Substring, in pattern: String) throws(SyntaxError) {
            matchesNameAnywhere = !text.contains("/")
            var segments: [Segment] = []
            for part in text.split(separator: "/", omittingEmptySubsequences: true) {
                if part == ".." {
                    // Matched paths are inside the configuration's folder, so none has a `..` segment.
                    throw SyntaxError(message: "'\(pattern)' leaves the configuration's folder, and globs match only paths inside it, "
                        + "so it would never match; name files outside on the command line, or lint them with a configuration of their own")
                } else if part == "**" {
                    if segments.last != .anyDepth { segments.append(.anyDepth) }
                } else if part.contains("**") {
                    throw SyntaxError(message: "'**' must be a whole path segment, as in 'web/**/file' (in '\(pattern)')")
                } else {
                    segments.append(.pattern(try Glob.elements(of: part, in: pattern)))
                }
            }
            self.segments = segments
        }

        func matches(_ path: Substring) -> Bool {
            var text = path
            while text.hasPrefix("./") { text = text.dropFirst(2) }
            let parts = text.split(separator: "/", omittingEmptySubsequences: true).map(Array.init)
            if matchesNameAnywhere, let name = parts.last {
                return Glob.match(segments, [name])
            }
            return Glob.match(segments, parts)
        }
    }

    package init(_ pattern: String) throws(SyntaxError) {
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        if text.hasPrefix("/") { text = text.dropFirst() }
        guard !text.isEmpty else { throw SyntaxError(message: "an empty pattern matches nothing") }
        self.pattern = pattern
        guard let bang = Self.artifactSeparator(in: text) else {
            outer = try PathPattern(text, in: pattern)
            inner = nil
            return
        }
        let artifact = text[..<bang], inside = text[text.index(after: bang)...]
        guard !artifact.isEmpty, !inside.isEmpty else {
            throw SyntaxError(message: "'!' separates a signed app from the path inside it, as in 'build/Shop.ipa!Payload/Shop.app/Shop', and needs both (in '\(pattern)')")
        }
        outer = try PathPattern(artifact, in: pattern)
        inner = try PathPattern(inside, in: pattern)
    }

    package var description: String { pattern }

    /// The leading segments without wildcards of the part that names files on disk, joined
    /// (the whole path for a pattern without any), or "" for a pattern that matches a name at
    /// any depth: every path the pattern matches lies at or under it, or inside the artifact it names.
    package var fixedPrefix: String {
        guard !outer.matchesNameAnywhere else { return "" }
        var literals: [String] = []
        for segment in outer.segments {
            guard case .pattern(let elements) = segment else { break }
            let characters = elements.compactMap { element -> Character? in
                if case .literal(let character) = element { return character }
                return nil
            }
            guard characters.count == elements.count else { break }
            literals.append(String(characters))
        }
        return literals.joined(separator: "/")
    }

    package func matches(_ path: String) -> Bool {
        let insideArtifact = SignedBundle.split(displayPath: path)
        guard let inner else { return outer.matches(Substring(insideArtifact?.artifact ?? path)) }
        guard let insideArtifact else { return false }
        return outer.matches(Substring(insideArtifact.artifact)) && inner.matches(Substring(insideArtifact.inner))
    }

    /// True when the pattern names files inside the artifact at `path` (it has a `!` and its
    /// part before matches): an `include` glob of that kind selects the artifact for reading.
    package func reachesInside(artifact path: String) -> Bool {
        inner != nil && outer.matches(Substring(path))
    }

    /// The first `!` outside a `[...]` set (where `[!x]` negates) that follows an artifact's
    /// extension (`.ipa!`, `.app!`, `.xcarchive!`), as in the paths it matches: any other `!` is
    /// part of a name (`Go Map!!.entitlements`).
    private static func artifactSeparator(in text: Substring) -> Substring.Index? {
        var inSet = false
        for index in text.indices {
            switch text[index] {
            case "[" where !inSet: inSet = true
            case "]" where inSet: inSet = false
            case "!" where !inSet:
                let before = text[..<index].lowercased()
                if SignedBundle.artifactExtensions.contains(where: before.hasSuffix) { return index }
            default: break
            }
        }
        return nil
    }

    private static func match(_ segments: [Segment], _ parts: [[Character]]) -> Bool {
        // Positions reachable in `parts` after each segment: linear in segments x parts.
        var reachable = Set([0])
        for segment in segments {
            var next = Set<Int>()
            for index in reachable {
                switch segment {
                case .anyDepth:
                    next.formUnion(index...parts.count)
                case .pattern(let elements):
                    if index < parts.count, matchSegment(elements[...], parts[index][...]) { next.insert(index + 1) }
                }
            }
            reachable = next
            if reachable.isEmpty { return false }
        }
        return reachable.contains(parts.count)
    }

    private static func matchSegment(_ elements: ArraySlice<Element>, _ name: ArraySlice<Character>) -> Bool {
        // Classic wildcard matching with one backtrack point: linear for a single `*` run.
        var e = elements.startIndex, n = name.startIndex
        var starElement: Int?, starName = name.startIndex
        while n < name.endIndex {
            if e < elements.endIndex {
                switch elements[e] {
                case .anyRun:
                    starElement = e
                    starName = n
                    e += 1
                    continue
                case .anyCharacter:
                    e += 1; n += 1
                    continue
                case .literal(let character) where character == name[n]:
                    e += 1; n += 1
                    continue
                case .set(let ranges, let negated) where ranges.contains { $0.contains(name[n]) } != negated:
                    e += 1; n += 1
                    continue
                default:
                    break
                }
            }
            guard let star = starElement else { return false }
            e = star + 1
            starName += 1
            n = starName
        }
        while e < elements.endIndex, elements[e] == .anyRun { e += 1 }
        return e == elements.endIndex
    }

    private static func elements(of part: Substring, in pattern: String) throws(SyntaxError) -> [Element] {
        var elements: [Element] = []
        var index = part.startIndex
        while index < part.endIndex {
            let character = part[index]
            index = part.index(after: index)
            switch character {
            case "*":
                if elements.last != .anyRun { elements.append(.anyRun) }
            case "?":
                elements.append(.anyCharacter)
            case "[":
                guard let close = part[index...].firstIndex(of: "]"), close > index else {
                    throw SyntaxError(message: "'[' is not closed by ']' in '\(pattern)'")
                }
                var body = part[index..<close]
                let negated = body.first == "!" || body.first == "^"
                if negated { body = body.dropFirst() }
                elements.append(.set(characterRanges(body), negated: negated))
                index = part.index(after: close)
            default:
                elements.append(.literal(character))
            }
        }
        return elements
    }

    private static func characterRanges(_ body: Substring) -> [ClosedRange<Character>] {
        let characters = Array(body)
        var ranges: [ClosedRange<Character>] = []
        var index = 0
        while index < characters.count {
            if index + 2 < characters.count, characters[index + 1] == "-", characters[index] <= characters[index + 2] {
                ranges.append(characters[index]...characters[index + 2])
                index += 3
            } else {
                ranges.append(characters[index]...characters[index])
                index += 1
            }
        }
        return ranges
    }
}
