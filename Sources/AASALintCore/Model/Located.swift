/// A value read from a document, with the pointer it was read from.
package struct Located<Value: Sendable>: Sendable {
    package let value: Value
    package let pointer: JSONPointer

    package init(_ value: Value, at pointer: JSONPointer) {
        self.value = value
        self.pointer = pointer
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
