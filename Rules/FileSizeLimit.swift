import AASALintCore

/// What the rules about a file over its system's size limit share (`file-too-large`,
/// `assetlinks-too-large`): the `max_bytes` option and how a finding says the file was not read.
enum FileSizeLimit {
    /// The configured limit, a positive number of bytes.
    static func maxBytes(_ option: RuleOptionDescription, in options: RuleOptions) throws(RuleOptionError) -> Int {
        let maxBytes = try options.integer(option)
        guard maxBytes > 0 else {
            throw RuleOptionError(option: option.name, message: "must be a positive number of bytes")
        }
        return maxBytes
    }

    /// The start of the finding on `file` when it is over `maxBytes`, with a note when it was too
    /// large to read at all; nil when it is within the limit.
    static func excess(of file: LintFile, over maxBytes: Int) -> (size: String, unread: String)? {
        guard file.byteCount > maxBytes else { return nil }
        return ("the file is \(file.byteCount) bytes, over the limit of \(maxBytes) bytes",
                file.isRead ? "" : " (too large to read, so nothing else was checked)")
    }
}
