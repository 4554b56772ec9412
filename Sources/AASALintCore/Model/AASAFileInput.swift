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
        return (file, try matcher(of: file))
    }

    /// The rules of a file that was read, compiled as they are first needed.
    package static func matcher(of file: LintFile) throws(UsageError) -> AASAMatcher {
        if case .failure(let error)? = file.json {
            let position = file.lines.position(ofOffset: error.offset)
            throw UsageError("\(file.path):\(position.line):\(position.column): not valid JSON: \(error.message) (aasalint lint lists every problem)")
        }
        // A command decides a few URLs: patterns are compiled as they are first needed.
        guard let matcher = AASAMatcher(file: file, determinisesEagerly: false) else {
            throw UsageError("\(file.path): not an apple-app-site-association file: its root must be a JSON object")
        }
        return matcher
    }
}
