/// Where a finding is: a file, the exact range, and (for findings inside a document) the
/// JSON pointer of the key or value, which survives edits that move lines.
public struct Location: Hashable, Sendable {
    public let file: String
    public let range: SourceRange
    package let pointer: JSONPointer?

    package init(file: String, range: SourceRange, pointer: JSONPointer?) {
        self.file = file
        self.range = range
        self.pointer = pointer
    }
}

/// A second place that explains a finding, such as the first of two duplicate keys.
public struct RelatedLocation: Hashable, Sendable {
    public let location: Location
    public let message: String

    package init(_ location: Location, message: String) {
        self.location = location
        self.message = message
    }
}
