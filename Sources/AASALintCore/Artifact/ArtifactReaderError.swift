/// Why an artifact (a signed app, an archive, a Mach-O executable) or a part of it cannot be read:
/// a sentence for a person, naming what is wrong with the bytes.
public struct ArtifactReaderError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
