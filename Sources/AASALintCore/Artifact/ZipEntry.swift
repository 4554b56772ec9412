/// One entry of a zip's central directory, as declared: nothing of it is trusted until read.
public struct ZipEntry: Sendable, Equatable {
    public enum Method: Sendable, Equatable {
        case stored
        case deflated
        case other(Int)
    }

    public let name: String
    public let method: Method
    public let compressedSize: Int
    public let uncompressedSize: Int
    public let crc32: UInt32
    let localHeaderOffset: Int
    /// Why the entry is never read (a symbolic link, an unsafe name, encryption); nil when it can be.
    public let refusal: String?

    public var isFolder: Bool { name.hasSuffix("/") }
}
