/// Tells an entitlements property list from its first bytes, for a file named on the command
/// line whose name says nothing: it would otherwise be read as an AASA file and fail as JSON.
enum EntitlementsSniffing {
    /// Enough for the keys of any entitlements file.
    static let peekedBytes = 64 * 1024
    /// Keys only entitlements hold; a binary plist stores them as plain ASCII too.
    static let markers = ["com.apple.developer.", "com.apple.security.", "application-identifier", "aps-environment", "get-task-allow"]

    /// Only a regular file is opened: a named pipe would wait for a writer.
    static func looksLikeEntitlements(atPath path: String) -> Bool {
        guard (try? FileReader.regularFileSize(path)) != nil, let handle = InputDescriptor(forReadingAtPath: path), let bytes = handle.read(upToCount: peekedBytes) else { return false }
        return looksLikeEntitlements(bytes)
    }

    static func looksLikeEntitlements(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        let isPlist = start.hasPrefix("bplist") || start.hasPrefix("<?xml") || start.hasPrefix("<!DOCTYPE plist") || start.hasPrefix("<plist")
        return isPlist && markers.contains { text.contains($0) }
    }
}
