/// Why an artifact (a signed app, an archive, a Mach-O executable) or a part of it cannot be read:
/// a sentence for a person, naming what is wrong with the bytes.
struct ArtifactReaderError: Error, Sendable, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
