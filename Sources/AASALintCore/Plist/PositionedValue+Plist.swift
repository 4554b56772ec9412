extension PositionedValue {
    /// The property-list element a value was read from, as messages name it (`<dict>`).
    package var plistElementName: String {
        switch value {
        case .object: "<dict>"
        case .array: "<array>"
        case .string: "<string>"
        case .number(let text): text.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) ? "<integer>" : "<real>"
        case .bool(let value): value ? "<true/>" : "<false/>"
        case .null: "a null value"
        }
    }
}
