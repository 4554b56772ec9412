#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the AASA file a command decides or compares (`-` for standard input) and compiles its rules,
/// turning unreadable, oversized, non-JSON and non-object files into usage errors. `aasalint
/// match`, `diff` and the MCP server's tools read their files this way.
package enum AASAFileInput {
    package static func read(_ path: String) throws(UsageError) -> (file: LintFile, matcher: AASAMatcher) {
        let (file, document) = try readDocument(path)
        return (file, matcher(of: document))
    }

    /// The file and its model, its rules not compiled: one `match` compiles only the few it needs.
    package static func readDocument(_ path: String) throws(UsageError) -> (file: LintFile, document: AASADocument) {
        let reader = FileReader()
        // Pipes are welcome here (`<(git show main:PATH)`): read as a stream, never past the limit.
        let handle = InputDescriptor.opening(path)
        guard let handle, let contents = reader.contents(of: handle) else {
            throw UsageError("\(path): cannot read this file (check the path and its permissions)")
        }
        let file = FileReader.file(path: path == "-" ? "<stdin>" : path, kind: .aasa, contents)
        guard file.isRead else {
            throw UsageError("\(file.path): the file is over \(reader.readLimit) bytes, more than aasalint reads; "
                + "the system ignores AASA files over 128 KB anyway")
        }
        return (file, try document(of: file))
    }

    /// The rules of a file that was read, compiled as they are first needed.
    package static func matcher(of file: LintFile) throws(UsageError) -> AASAMatcher {
        matcher(of: try document(of: file))
    }

    /// A command decides a few URLs, or compares a few components: patterns are compiled as they
    /// are first needed. `decidesManyURLs` (`match --urls`) compiles every pattern at once, so that
    /// asking for a pattern's language, thousands of times, takes no lock.
    package static func matcher(of document: AASADocument, decidesManyURLs: Bool = false) -> AASAMatcher {
        AASAMatcher(document: document, determinisesEagerly: false, compilesOnFirstUse: !decidesManyURLs)
    }

    private static func document(of file: LintFile) throws(UsageError) -> AASADocument {
        if case .failure(let error)? = file.json {
            let position = file.lines.position(ofOffset: error.offset)
            throw UsageError("\(file.path):\(position.line):\(position.column): not valid JSON: \(error.message) (aasalint lint lists every problem)")
        }
        guard let document = file.aasa else {
            throw UsageError("\(file.path): not an apple-app-site-association file: its root must be a JSON object")
        }
        return document
    }
}
