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
    /// Why the entry is never read (a symbolic link, an unsafe name, encryption); nil when it can be.
    let refusal: String?

    var isFolder: Bool { name.hasSuffix("/") }
}
