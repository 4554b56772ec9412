#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Findings accepted when a repository adopts aasalint, so that only new ones are reported.
/// Entries are keyed by file, rule and pointer plus a digest of the message, not by line, so
/// they survive edits elsewhere in the file.
package struct Baseline: Sendable, Equatable {
    package struct Entry: Hashable, Sendable, Comparable {
        package let file: String
        package let rule: String
        package let pointer: String
        package let digest: String

        package static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule, lhs.pointer, lhs.digest) < (rhs.file, rhs.rule, rhs.pointer, rhs.digest)
        }
    }

    package let entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    /// The entry of `diagnostic`, with its file path relative to `directory` (the baseline
    /// file's folder) so that the baseline does not depend on where aasalint runs.
    package static func entry(for diagnostic: Diagnostic, relativeTo directory: String) -> Entry {
        let file = Configuration(directory: directory).relativePath(ofDisplayPath: diagnostic.location.file) ?? diagnostic.location.file
        return Entry(file: file, rule: diagnostic.ruleID, pointer: diagnostic.location.pointer?.description ?? "",
                     digest: StableHash.hex(diagnostic.message))
    }

    /// Splits findings into new ones and those the baseline accepts; also returns the entries
    /// that matched nothing any more (fixed findings: the baseline can be rewritten). Only
    /// entries of files in `scope` can be stale: a run over some files says nothing about
    /// the findings of the others.
    package func filter(_ diagnostics: [Diagnostic], relativeTo directory: String, scope: LintScope) -> (new: [Diagnostic], stale: [Entry]) {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var new: [Diagnostic] = []
        for diagnostic in diagnostics {
            let entry = Self.entry(for: diagnostic, relativeTo: directory)
            if let count = remaining[entry], count > 0 {
                remaining[entry] = count - 1
            } else {
                new.append(diagnostic)
            }
        }
        let covered = Self.coveredFiles(Set(remaining.keys.map(\.file)), by: scope, relativeTo: directory)
        let stale = remaining.filter { covered.contains($0.key.file) }
            .flatMap { entry, count in Array(repeating: entry, count: count) }.sorted()
        return (new, stale)
    }

    /// This baseline with the findings of a run recorded: the entries of files in `scope` are
    /// replaced by the run's findings, and the others are kept, so that writing the baseline
    /// from the files pre-commit names leaves every other file's entries as they were. A file
    /// outside the scope that has findings anyway (the configuration file, for findings about
    /// it) keeps the larger of the two sets.
    package func recording(_ diagnostics: [Diagnostic], relativeTo directory: String, scope: LintScope) -> Baseline {
        let recorded = diagnostics.map { Self.entry(for: $0, relativeTo: directory) }
        let covered = Self.coveredFiles(Set(entries.map(\.file)), by: scope, relativeTo: directory)
        var kept: [Entry: Int] = [:]
        for entry in entries where !covered.contains(entry.file) { kept[entry, default: 0] += 1 }
        for entry in recorded {
            if let count = kept[entry], count > 0 { kept[entry] = count - 1 }
        }
        return Baseline(entries: recorded + kept.flatMap { entry, count in Array(repeating: entry, count: count) })
    }

    /// The entry paths (relative to `directory`, the baseline's folder) that `scope` covers.
    private static func coveredFiles(_ files: Set<String>, by scope: LintScope, relativeTo directory: String) -> Set<String> {
        files.filter { file in scope.covers(file.hasPrefix("/") ? file : directory + "/" + file) }
    }

    package var json: String {
        JSONWriter.prettyPrinted(.object([
            ("version", .integer(1)),
            ("findings", .array(entries.map { entry in
                .object([
                    ("file", .string(entry.file)), ("rule", .string(entry.rule)),
                    ("pointer", .string(entry.pointer)), ("digest", .string(entry.digest)),
                ])
            })),
        ]))
    }

    package init(json bytes: [UInt8], path: String) throws(UsageError) {
        let root: PositionedValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw UsageError("\(path): not a baseline file (\(error.message))")
        }
        guard root.member("version")?.value.numberText == "1", let findings = root.member("findings")?.value.elements else {
            throw UsageError("\(path): not a baseline file (expected {\"version\": 1, \"findings\": [...]}, as --write-baseline writes); name another file, or remove this one")
        }
        var entries: [Entry] = []
        for finding in findings {
            guard let file = finding.member("file")?.value.stringValue, let rule = finding.member("rule")?.value.stringValue,
                  let pointer = finding.member("pointer")?.value.stringValue, let digest = finding.member("digest")?.value.stringValue
            else {
                throw UsageError("\(path): a baseline finding needs file, rule, pointer and digest")
            }
            entries.append(Entry(file: file, rule: rule, pointer: pointer, digest: digest))
        }
        self.init(entries: entries)
    }
}
