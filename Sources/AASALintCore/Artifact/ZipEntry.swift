/// One entry of a zip's central directory, as declared: nothing of it is trusted until read.
struct ZipEntry: Sendable, Equatable {
    enum Method: Sendable, Equatable {
        case stored
        case deflated
        case other(Int)
    }

    let name: String
    let method: Method
    let compressedSize: Int
    let uncompressedSize: Int
    let crc32: UInt32
    let localHeaderOffset: Int
    /// Why the entry is never read (a symbolic link, an unsafe name, encryption, bytes shared
    /// with another entry); nil when it can be.
    var refusal: String?
    /// Where the next entry's local header (or the central directory) starts: the entry's
    /// header and data must end by then, so that no two entries share bytes.
    var regionEnd = Int.max

    var isFolder: Bool { name.hasSuffix("/") }
}
