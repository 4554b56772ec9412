/// A value read from a document, with the pointer it was read from.
public struct Located<Value: Sendable>: Sendable {
    public let value: Value
    public let pointer: JSONPointer

    public init(_ value: Value, at pointer: JSONPointer) {
        self.value = value
        self.pointer = pointer
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
