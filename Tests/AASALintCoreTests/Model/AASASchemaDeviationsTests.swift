@testable import AASALintCore
import Testing

/// `AASASchema.deviations(in:)`, which spares `unknown-key` and `invalid-type` their walk of a
/// file where neither finds anything, agrees with that walk on generated files: files written
/// from the schema with now and then a value of another type or a key it does not know.
@Suite struct AASASchemaDeviationsTests {
    @Test func deviationsAgreeWithTheWalk() throws {
        var random = SplitMix64(seed: 0x5C4E_3A11)
        var seen: [UInt8: Int] = [:]
        for round in 0..<1_500 {
            var writer = DeviatingWriter(random: random, deviationRate: 1 + round % 40)
            let text = writer.value(of: AASASchema.file, depth: 0)
            random = writer.random
            let root = try JSONParser.parse(Array(text.utf8))
            let expected = Self.deviationsByWalking(root)
            #expect(AASASchema.file.deviations(in: root) == expected, "\(text)")
            seen[expected.rawValue, default: 0] += 1
        }
        // Every combination comes up often, or the comparison proves little.
        for deviations: AASASchema.Deviations in [[], [.unknownKey], [.wrongType], [.unknownKey, .wrongType]] {
            #expect(seen[deviations.rawValue, default: 0] > 100, "\(deviations.rawValue): \(seen[deviations.rawValue, default: 0])")
        }
    }

    /// What the rules' visitors see, as `unknown-key` and `invalid-type` test it.
    private static func deviationsByWalking(_ root: PositionedValue) -> AASASchema.Deviations {
        var found: AASASchema.Deviations = []
        AASASchema.file.walk(root) { node, _, schema in
            if !schema.accepts(node) { found.insert(.wrongType) }
            if schema.properties != nil, schema.accepts(node), let members = node.members,
               members.contains(where: { schema.schema(forKey: $0.key) == nil }) {
                found.insert(.unknownKey)
            }
        }
        return found
    }
}

/// Writes JSON text that follows a schema, except that about one value in `deviationRate` has
/// a random type and one object in `deviationRate` gains a key from outside the schema.
private struct DeviatingWriter {
    var random: SplitMix64
    let deviationRate: Int
    private static let strangeKeys = ["Paths", "appIds", "foo", "/", "exclude", "query", ""]

    init(random: SplitMix64, deviationRate: Int) {
        self.random = random
        self.deviationRate = deviationRate
    }

    mutating func value(of schema: AASASchema, depth: Int) -> String {
        if depth > 6 || random.next(below: deviationRate) == 0 { return anyValue(depth: depth) }
        let types = AASASchema.ValueType.allCases.filter { schema.types.contains($0) }
        switch types[random.next(below: types.count)] {
        case .object:
            var members: [String] = []
            if let properties = schema.properties {
                for key in properties.keys.sorted() where random.next(below: 3) != 0 {
                    members.append("\"\(key)\": \(value(of: properties[key]!, depth: depth + 1))")
                }
            } else if let values = schema.values {
                for index in 0..<random.next(below: 3) {
                    members.append("\"k\(index)\": \(value(of: values, depth: depth + 1))")
                }
            }
            if random.next(below: deviationRate) == 0 {
                let key = Self.strangeKeys[random.next(below: Self.strangeKeys.count)]
                members.insert("\"\(key)\": \(anyValue(depth: depth + 1))", at: random.next(below: members.count + 1))
            }
            return "{" + members.joined(separator: ", ") + "}"
        case .array:
            guard let values = schema.values else { return "[]" }
            return "[" + (0..<random.next(below: 3)).map { _ in value(of: values, depth: depth + 1) }.joined(separator: ", ") + "]"
        case .string: return "\"/a/*\""
        case .number: return "1"
        case .boolean: return random.next(below: 2) == 0 ? "true" : "false"
        case .null: return "null"
        }
    }

    private mutating func anyValue(depth: Int) -> String {
        switch random.next(below: depth > 6 ? 4 : 6) {
        case 0: return "\"x\""
        case 1: return "2"
        case 2: return "false"
        case 3: return "null"
        case 4: return "[" + (0..<random.next(below: 3)).map { _ in anyValue(depth: depth + 1) }.joined(separator: ", ") + "]"
        default:
            let key = Self.strangeKeys[random.next(below: Self.strangeKeys.count)]
            return "{\"\(key)\": \(anyValue(depth: depth + 1))}"
        }
    }
}
