/// What reading a file's bytes as a format gave: its value, or why the bytes are not in it.
///
/// Not `Result`, and with no requirement on `Failure` but in extensions: the metadata of
/// `Result<_, SomeError>` has the runtime check that `SomeError` conforms to `Error`, some 150,000
/// instructions of every lint for each error type (scripts/check-startup-budget.sh).
package enum ParseOutcome<Value, Failure> {
    case success(Value)
    case failure(Failure)

    /// The value; nil when the bytes are not in the format.
    package var value: Value? {
        if case .success(let value) = self { value } else { nil }
    }
}

extension ParseOutcome {
    /// The same outcome with the failure described otherwise.
    func mapFailure<Other>(_ transform: (Failure) -> Other) -> ParseOutcome<Value, Other> {
        switch self {
        case .success(let value): .success(value)
        case .failure(let failure): .failure(transform(failure))
        }
    }
}

extension ParseOutcome where Failure: Error {
    init(_ parse: () throws(Failure) -> Value) {
        do {
            self = .success(try parse())
        } catch {
            self = .failure(error)
        }
    }
}

extension ParseOutcome: Sendable where Value: Sendable, Failure: Sendable {}
