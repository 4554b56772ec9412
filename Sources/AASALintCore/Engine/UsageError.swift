/// The tool could not do what it was asked: exit status 2, one sentence for a person.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    package init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
