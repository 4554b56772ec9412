/// Why a download produced no answer, as a sentence for a person (no error codes).
package struct FetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package let reason: String

    package init(reason: String) {
        self.reason = reason
    }

    package var description: String { reason }
}
