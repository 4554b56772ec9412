import AASALintCore

/// The fixed files on disk: the engine proposes the fixed bytes, the tooling writes them.
extension FixSession {
    /// Writes the fixed files, each atomically; a file that cannot be written is a refusal.
    package static func write(_ outcome: Outcome) -> [(path: String, reason: String)] {
        outcome.files.compactMap { file -> (path: String, reason: String)? in
            do throws(UsageError) {
                try FileReplacement.rewrite(file.fixed, at: file.path, original: file.original)
                return nil
            } catch {
                return (file.path, "the file could not be written: \(error.message)")
            }
        }
    }
}
