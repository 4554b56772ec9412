/// Why a download produced no answer, as a sentence for a person (no error codes).
public struct FetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
