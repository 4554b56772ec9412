@testable import AASALintCore
import Foundation

/// The readers and matchers that take bytes from strangers, each as one function of the input.
/// libFuzzer drives them through `Fuzz/LibFuzzerEntry.swift` (`scripts/fuzz.sh`), and
/// `FuzzReplayTests` replays the seeds and every saved finding through them on every test run,
/// so the two always exercise the same code.
///
/// Beyond "does not crash", each target checks what must hold for any input: spans inside the
/// input, error offsets inside the input, and for patterns agreement with a reference matcher.
/// A broken invariant comes back as a sentence; the libFuzzer entry turns it into a crash.
enum FuzzTarget: String, CaseIterable, Sendable {
    case json
    case plist
    case configuration
    case pattern
    case matcher
    case der
    case zip
    case macho

    /// Longer inputs are cut here (libFuzzer gets the same `-max_len`), so that a run spends its
    /// time on variety rather than on size: size is what the hostile-input suite covers.
    var maximumLength: Int {
        switch self {
        case .json, .plist, .matcher, .der, .zip, .macho: 64 * 1024
        case .configuration: 16 * 1024
        case .pattern: 1024
        }
    }

    /// The broken invariants for `input`; empty when all hold.
    func run(_ input: [UInt8]) -> [String] {
        let bytes = input.count > maximumLength ? Array(input.prefix(maximumLength)) : input
        var checks = InvariantChecks()
        switch self {
        case .json: checks.json(bytes)
        case .plist: checks.plist(bytes)
        case .configuration: checks.configuration(bytes)
        case .pattern: checks.pattern(bytes)
        case .matcher: checks.matcher(bytes)
        case .der: checks.der(bytes)
        case .zip: checks.zip(bytes)
        case .macho: checks.macho(bytes)
        }
        return checks.violations
    }
}

private struct InvariantChecks {
    var violations: [String] = []

    mutating func expect(_ condition: Bool, _ violation: @autoclosure () -> String) {
        if !condition { violations.append(violation()) }
    }

    /// An error's offset names a byte of the input, or its end.
    mutating func expect(offset: Int, inside bytes: [UInt8], of reader: String) {
        expect((0...bytes.count).contains(offset), "\(reader) error offset \(offset) outside 0...\(bytes.count)")
    }

    // MARK: Documents

    mutating func json(_ bytes: [UInt8]) {
        do throws(JSONSyntaxError) {
            let root = try JSONParser.parse(bytes)
            tree(root, within: 0..<bytes.count, pointer: .root, root: root, nested: true)
        } catch {
            expect(offset: error.offset, inside: bytes, of: "JSON")
        }
        document(LintFile(path: "fuzz.json", kind: .aasa, bytes: bytes))
    }

    mutating func plist(_ bytes: [UInt8]) {
        do throws(PlistSyntaxError) {
            let root = try PlistReader.parse(bytes)
            tree(root, within: 0..<bytes.count, pointer: .root, root: root, nested: true)
        } catch {
            if let offset = error.offset { expect(offset: offset, inside: bytes, of: "plist") }
        }
        document(LintFile(path: "fuzz.entitlements", kind: .entitlements, bytes: bytes))
    }

    /// Every span lies inside its parent's (or, when not `nested`, inside the input), and the
    /// pointer to each node leads back to it. Binary property lists have no spans: all are 0..<0.
    /// Only the first members of large containers are visited: resolving is linear per step.
    private mutating func tree(_ node: PositionedValue, within parent: Range<Int>, pointer: JSONPointer, root: PositionedValue, nested: Bool) {
        expect(isInside(node.span, parent), "span \(node.span) of \(pointer) outside \(parent)")
        if pointer.tokens.count < 8 {
            expect(root.node(at: pointer)?.span == node.span || hasDuplicateKeyOnTheWay(pointer, root),
                   "\(pointer) does not resolve to the node it names")
        }
        let within = nested && !node.span.isEmpty ? node.span : parent
        switch node.value {
        case .object(let members):
            for member in members.prefix(64) {
                expect(isInside(member.keySpan, within), "key span \(member.keySpan) of \(pointer.appending(member.key)) outside \(within)")
                tree(member.value, within: within, pointer: pointer.appending(member.key), root: root, nested: nested)
            }
        case .array(let elements):
            for (index, element) in elements.prefix(64).enumerated() {
                tree(element, within: within, pointer: pointer.appending(index), root: root, nested: nested)
            }
        default:
            break
        }
    }

    private func isInside(_ span: Range<Int>, _ container: Range<Int>) -> Bool {
        span == 0..<0 || container.lowerBound <= span.lowerBound && span.upperBound <= container.upperBound
    }

    /// With duplicate keys a pointer names the last one, so earlier duplicates resolve elsewhere.
    private func hasDuplicateKeyOnTheWay(_ pointer: JSONPointer, _ root: PositionedValue) -> Bool {
        var node = root
        for token in pointer.tokens {
            if let members = node.members {
                if members.filter({ $0.key == token }).count > 1 { return true }
                guard let next = node.member(token) else { return false }
                node = next.value
            } else if let elements = node.elements, let index = Int(token), elements.indices.contains(index) {
                node = elements[index]
            } else {
                return false
            }
        }
        return false
    }

    /// Positions of every span resolve inside the file.
    private mutating func document(_ file: LintFile) {
        let lines = file.lines
        for pointer in samplePointers(file.root) {
            for part in [JSONPointerPart.key, .value] {
                let range = file.location(pointer, part).range
                expect(range.start <= range.end, "\(pointer) resolves to a backward range \(range)")
                expect(range.start.line >= 1 && range.end.line <= lines.lineCount,
                       "\(pointer) resolves to lines \(range.start.line)...\(range.end.line) of \(lines.lineCount)")
                expect(lines.position(ofOffset: lines.offset(of: range.start)) == range.start,
                       "offset(of:) and position(ofOffset:) disagree at \(range.start)")
            }
        }
    }

    private func samplePointers(_ root: PositionedValue?) -> [JSONPointer] {
        guard let root else { return [] }
        var pointers: [JSONPointer] = []
        var pending = [(root, JSONPointer.root)]
        while let (node, pointer) = pending.popLast(), pointers.count < 64 {
            pointers.append(pointer)
            if let members = node.members {
                pending += members.prefix(8).map { ($0.value, pointer.appending($0.key)) }
            } else if let elements = node.elements {
                pending += elements.prefix(8).enumerated().map { ($1, pointer.appending($0)) }
            }
        }
        return pointers
    }

    // MARK: DER and CMS

    /// Both encodings: every element read lies inside its parent, and a signed message's
    /// content is no longer than the input; a profile of these bytes resolves its positions.
    mutating func der(_ bytes: [UInt8]) {
        for encoding in [DERReader.Encoding.der, .ber] {
            let reader = DERReader(bytes, encoding: encoding)
            var pending: [(DERElement, Int)] = []
            var offset = 0
            while offset < bytes.count, let element = try? reader.element(at: offset) {
                pending.append((element, 0))
                offset = element.end
            }
            var visited = 0
            while let (element, depth) = pending.popLast(), visited < 4_096 {
                visited += 1
                expect(element.contents.lowerBound <= element.contents.upperBound && element.end <= bytes.count,
                       "element contents \(element.contents), end \(element.end), outside \(bytes.count) bytes")
                guard element.isConstructed, depth < DERReader.maximumDepth, let children = try? reader.children(of: element) else { continue }
                for child in children {
                    expect(element.contents.contains(child.contents.lowerBound) || child.contents.isEmpty,
                           "a child at \(child.contents) outside its parent's \(element.contents)")
                    expect(child.end <= element.contents.upperBound, "a child ends at \(child.end), past its parent's \(element.contents)")
                    pending.append((child, depth + 1))
                }
                if let joined = try? reader.stringContents(of: element) {
                    expect(joined.count <= element.contents.count, "a string of \(joined.count) bytes from \(element.contents.count)")
                }
            }
        }
        do throws(DERSyntaxError) {
            let signed = try CMSSignedData(bytes)
            expect(signed.content.count <= bytes.count, "content of \(signed.content.count) bytes from \(bytes.count)")
        } catch {
            expect(offset: error.offset, inside: bytes, of: "CMS")
        }
        document(LintFile(path: "fuzz.mobileprovision", kind: .provisioningProfile, bytes: bytes))
    }

    // MARK: Configuration

    mutating func configuration(_ bytes: [UInt8]) {
        do throws(YAMLSyntaxError) {
            let root = try YAMLReader.parse(bytes)
            // An alias takes its anchor's contents, whose spans lie elsewhere in the file.
            tree(root, within: 0..<bytes.count, pointer: .root, root: root, nested: false)
        } catch {
            expect(offset: error.offset, inside: bytes, of: "YAML")
        }
        do {
            let registry = try RuleRegistry([FuzzOptionsRule.self, FuzzPlainRule.self])
            // Expectation files are read relative to the folder: a folder that does not exist
            // keeps a fuzzed path such as /dev/zero from being opened.
            _ = try ConfigurationLoader(registry: registry)
                .load(bytes: bytes, path: ".aasalint.yml", directory: "/nonexistent-aasalint-fuzz")
        } catch let errors as ConfigurationErrors {
            for error in errors.errors {
                let start = error.location.range.start
                expect(start.line >= 1 && start.column >= 1, "configuration error at \(start): \(error.message)")
            }
        } catch {
            violations.append("the configuration loader threw \(type(of: error)), not ConfigurationErrors: \(error)")
        }
    }

    // MARK: Patterns

    /// The input's first line is a pattern; the following lines are strings to match it against.
    mutating func pattern(_ bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let text = String(lines[0])
        let subjects = [text] + lines.dropFirst().prefix(8).map(String.init)
        let pattern = Pattern(text)
        var next = 0
        for token in pattern.tokens {
            expect(token.range.lowerBound == next && token.range.upperBound > next,
                   "token ranges of \"\(text)\" are not contiguous at \(next)")
            next = token.range.upperBound
        }
        expect(next == text.unicodeScalars.count, "tokens of \"\(text)\" cover \(next) of \(text.unicodeScalars.count) scalars")

        // A small state budget keeps determinisation fast, and sends more patterns down the
        // state-set simulation path, which must agree with the automata.
        var compiler = PatternCompiler(variables: SubstitutionVariables([]), stateBudget: 256)
        let exact = compiler.language(of: text, as: .other, caseSensitive: true)
        if let reference = TabulatedWildcardMatcher(pattern) {
            for subject in subjects {
                let expected = reference.matches(subject)
                expect(exact.matches(subject) == expected,
                       "\"\(text)\" \(expected ? "should" : "should not") match \"\(subject)\"")
            }
        }
        // One more setting per input, chosen by its length, which the fuzzer varies anyway:
        // compiling is the slow part, and every setting still gets its turn.
        let part: PatternCompiler.Part = bytes.count % 2 == 0 ? .path : .other
        let caseSensitive = bytes.count % 4 < 2
        let language = compiler.language(of: text, as: part, caseSensitive: caseSensitive)
        // Compiled to determinise on use, a language simulates its first match and determinises
        // on the second: both agree with the language determinised at once.
        var onUse = PatternCompiler(variables: SubstitutionVariables([]), stateBudget: 256, determinisesEagerly: false)
        let simulatedFirst = onUse.language(of: text, as: part, caseSensitive: caseSensitive)
        for subject in subjects {
            let expected = language.matches(subject)
            expect(simulatedFirst.matches(subject) == expected,
                   "\"\(text)\" (\(part), case sensitive: \(caseSensitive)) matches \"\(subject)\" only when determinised at once, or only on use")
        }
        if let witness = language.automaton?.shortestWitness() {
            expect(language.matches(witness), "\"\(text)\" (\(part), case sensitive: \(caseSensitive)) rejects its own example \"\(witness)\"")
        }
        expect(language.isEmpty == (language.automaton?.shortestWitness() == nil) || language.automaton == nil,
               "\"\(text)\" (\(part)) is empty but has an example, or the reverse")
    }

    // MARK: Artifacts

    /// Every entry read holds exactly the bytes its header declares; the bundle reader only
    /// ever ends in an error.
    mutating func zip(_ bytes: [UInt8]) {
        guard let archive = try? ZipArchive(source: MemoryArtifactSource(bytes)) else { return }
        expect(archive.entries.count <= bytes.count / 46, "\(archive.entries.count) zip entries from \(bytes.count) bytes")
        for entry in archive.entries.prefix(16) {
            guard let contents = try? archive.contents(of: entry) else { continue }
            expect(contents.count == entry.uncompressedSize, "zip entry \(entry.name) read \(contents.count) bytes, not the \(entry.uncompressedSize) declared")
        }
        _ = try? ArtifactBundle.read(zip: MemoryArtifactSource(bytes), shownAs: "fuzz.ipa")
    }

    /// Signature blobs are parts of the input, and slices stay within the bound.
    mutating func macho(_ bytes: [UInt8]) {
        guard let slices = try? MachOFile.slices(of: MemoryArtifactSource(bytes)) else { return }
        expect(slices.count <= MachOFile.maximumSliceCount, "\(slices.count) slices")
        for slice in slices {
            for blob in [slice.signature?.entitlements, slice.signature?.derEntitlements].compactMap({ $0 }) {
                expect(blob.count < bytes.count, "a signature blob of \(blob.count) bytes from \(bytes.count) bytes of input")
            }
        }
    }

    // MARK: Matcher

    /// The input's last line is a URL path (and query and fragment) on the file's host; the
    /// lines before it are the AASA file.
    mutating func matcher(_ bytes: [UInt8]) {
        let split = bytes.lastIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let file = LintFile(path: "fuzz.json", kind: .aasa, bytes: Array(bytes[..<split]))
        guard let matcher = AASAMatcher(file: file) else { return }
        let tail = String(decoding: bytes[min(split + 1, bytes.count)...], as: UTF8.self)
        guard let url = try? LinkURL("https://example.com" + (tail.hasPrefix("/") ? "" : "/") + tail) else { return }
        for appID in matcher.appIDs.prefix(8) + ["NOTLISTED1.com.example.none"] {
            let traced = matcher.decide(url, appID: appID, tracing: true)
            let quick = matcher.decide(url, appID: appID, tracing: false)
            expect(traced.outcome == quick.outcome,
                   "\(appID): \(traced.outcome.rawValue) when tracing, \(quick.outcome.rawValue) without")
            expect(traced.trace.dropLast().allSatisfy { $0.mismatch != nil },
                   "\(appID): the trace goes on after a rule matched")
            if traced.outcome != .noMatch {
                expect(traced.trace.last?.mismatch == nil, "\(appID): decided by a rule that did not match")
            }
        }
        order(matcher)
    }

    /// Every URL the rule-order analysis reports is decided as it says (a small budget keeps
    /// each input quick, and sends more questions down the paths that give up).
    private mutating func order(_ matcher: AASAMatcher) {
        var listed: Set<String> = []
        for order in OrderAnalysis(matcher: matcher, budget: AnalysisBudget(states: 2_000)).entries {
            defer { listed.formUnion(order.entry.appIDs) }
            guard !order.isDead, let appID = order.entry.appIDs.first(where: { !listed.contains($0) }) else { continue }
            let rules = order.entry.components
            func decider(of text: String) -> Int?? {
                guard let url = try? LinkURL(text) else { return nil }
                return .some(matcher.decide(url, appID: appID, tracing: false).decidingComponent.flatMap { rule in rules.firstIndex { $0 === rule } })
            }
            func matches(_ rule: Int, _ text: String) -> Bool {
                (try? LinkURL(text)).map { rules[rule].mismatch(with: $0) == nil } ?? false
            }
            for (index, verdict) in order.verdicts.enumerated() {
                switch verdict {
                case .reachable(let url?):
                    expect(decider(of: url) == .some(index), "rule \(index + 1) is said to decide \(url), which it does not")
                case .unreachable(let covering, let url):
                    let decided = decider(of: url)
                    expect(matches(index, url) && decided.flatMap { $0.map(covering.contains) } == true,
                           "rule \(index + 1) is said to be covered by \(covering) at \(url), but \(String(describing: decided)) decides it")
                case .shadowedExclude(let shadowing, let url, _):
                    expect(matches(index, url) && decider(of: url) == .some(shadowing),
                           "exclusion \(index + 1) is said to be shadowed by rule \(shadowing + 1) at \(url), which is not so")
                case .reachable(nil), .matchesNothing, .incomplete, .notAnalysed:
                    break
                }
            }
        }
    }
}

/// `*` any run, `?` any one scalar, everything else itself: the pattern language without
/// variables, by dynamic programming over pattern and subject (quadratic, but obviously right).
private struct TabulatedWildcardMatcher {
    private enum Token {
        case scalar(Unicode.Scalar)
        case anyRun
        case anyScalar
    }

    private let tokens: [Token]

    /// Nil for patterns with variables, whose meaning needs the variable tables.
    init?(_ pattern: Pattern) {
        var tokens: [Token] = []
        for token in pattern.tokens {
            switch token.kind {
            case .literal(let scalar): tokens.append(.scalar(scalar))
            case .anyRun: tokens.append(.anyRun)
            case .anyScalar: tokens.append(.anyScalar)
            case .variable, .unterminatedVariable: return nil
            }
        }
        self.tokens = tokens
    }

    func matches(_ subject: String) -> Bool {
        let scalars = Array(subject.unicodeScalars)
        // matched[j]: the tokens so far match the first j scalars.
        var matched = [Bool](repeating: false, count: scalars.count + 1)
        matched[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: scalars.count + 1)
            for end in 0...scalars.count {
                switch token {
                case .anyRun:
                    next[end] = matched[end] || (end > 0 && next[end - 1])
                case .anyScalar:
                    next[end] = end > 0 && matched[end - 1]
                case .scalar(let scalar):
                    next[end] = end > 0 && matched[end - 1] && scalars[end - 1] == scalar
                }
            }
            matched = next
        }
        return matched[scalars.count]
    }
}

/// Rules for the configuration target, so that rule settings and their options get read.
private struct FuzzOptionsRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "fuzz-options", summary: "Takes one option of each type", rationale: "For fuzzing.", severity: .warning,
        options: [
            RuleOptionDescription(name: "max_bytes", defaultValue: .integer(1), help: "An integer."),
            RuleOptionDescription(name: "strict", defaultValue: .bool(false), help: "A flag."),
            RuleOptionDescription(name: "host", defaultValue: .string(""), help: "Text."),
        ])

    init() {}

    init(options: RuleOptions) throws(RuleOptionError) {
        _ = try options.integer(Self.description.options[0])
        _ = try options.bool(Self.description.options[1])
        _ = try options.string(Self.description.options[2])
    }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] { [] }
}

private struct FuzzPlainRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "fuzz-plain", summary: "Takes no options", rationale: "For fuzzing.", severity: .error, isOptIn: true)

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] { [] }
}
