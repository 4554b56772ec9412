@testable import AASALintCore
import Testing

/// The model makes its pointers in pieces (a component's flattened, its keys' sharing that array):
/// on generated files, each pointer of the model is the one spelt out token by token and names the
/// node the model read its value from.
@Suite struct ModelPointerPropertyTests {
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }

        /// A component's members: the keys the model reads (some twice, some of another type),
        /// and others it does not.
        mutating func component() -> String {
            let members = [
                #""/": "/p/\#(next(100))""#, #""/": 3"#, #""?": {"ref": "?*", "q": "\#(next(9))"}"#, #""?": "a=*""#,
                #""?": {"x": 1}"#, ##""#": "top""##, #""exclude": true"#, #""exclude": "false""#, #""caseSensitive": 0"#,
                #""percentEncoded": false"#, #""comment": "c""#, #""\u002F": "/escaped""#,
            ]
            return "{" + (0..<next(5)).map { _ in members[next(members.count)] }.joined(separator: ", ") + "}"
        }

        mutating func file() -> String {
            let entries = (0..<(1 + next(3))).map { _ in
                let components = (0..<next(12)).map { _ in next(8) == 0 ? "7" : component() }.joined(separator: ",\n")
                let defaults = next(2) == 0 ? #""defaults": {"caseSensitive": false, "/": "/d/*"}, "# : ""
                return #"{"appIDs": ["A.b", "C.d"], \#(defaults)"components": [\#(components)]}"#
            }
            return #"{"applinks": {"details": [\#(entries.joined(separator: ",\n"))], "substitutionVariables": {"v": ["x", "y"]}}}"#
        }
    }

    /// The pointer spelt out token by token.
    static func pointer(_ tokens: String...) -> JSONPointer { JSONPointer(tokens: tokens) }

    static func expectNames(_ pointer: JSONPointer?, _ expected: JSONPointer, in root: PositionedValue) {
        #expect(pointer == expected)
        #expect(pointer?.tokens == expected.tokens)
        #expect(pointer?.description == expected.description)
        #expect(pointer.flatMap { root.node(at: $0)?.span } == root.node(at: expected)?.span)
    }

    @Test func everyPointerOfTheModelIsSpeltOutAndNamesItsNode() throws {
        var generator = Generator(state: 0xA5A5)
        var componentsSeen = 0
        for _ in 0..<60 {
            let root = try JSONParser.parse(Array(generator.file().utf8))
            let applinks = try #require(AASADocument(root: root).applinks)
            for (entryIndex, entry) in applinks.details.enumerated() {
                let entryName = String(entryIndex)
                Self.expectNames(entry.pointer, Self.pointer("applinks", "details", entryName), in: root)
                for (number, app) in try #require(entry.appIDs).value.enumerated() {
                    Self.expectNames(app.pointer, Self.pointer("applinks", "details", entryName, "appIDs", String(number)), in: root)
                }
                let elements = try #require(root.node(at: Self.pointer("applinks", "details", entryName, "components"))?.elements)
                let written = elements.indices.filter { elements[$0].members != nil }
                let components = try #require(entry.components).value
                #expect(components.count == written.count)
                for (component, index) in zip(components, written) {
                    componentsSeen += 1
                    let tokens = ["applinks", "details", entryName, "components", String(index)]
                    Self.expectNames(component.pointer, JSONPointer(tokens: tokens), in: root)
                    let node = elements[index]
                    if let path = node.member("/")?.value.stringValue {
                        #expect(component.path?.value == path)
                        Self.expectNames(component.path?.pointer, JSONPointer(tokens: tokens + ["/"]), in: root)
                    }
                    if node.member("exclude") != nil, component.exclude.origin == .component {
                        Self.expectNames(component.exclude.pointer, JSONPointer(tokens: tokens + ["exclude"]), in: root)
                    }
                    if case .items(let items)? = component.query, node.member("?") != nil {
                        for item in items {
                            Self.expectNames(item.value.pointer, JSONPointer(tokens: tokens + ["?", item.name]), in: root)
                        }
                    }
                    if case .whole(let text)? = component.query, node.member("?") != nil {
                        Self.expectNames(text.pointer, JSONPointer(tokens: tokens + ["?"]), in: root)
                    }
                }
            }
            for variable in applinks.substitutionVariables {
                Self.expectNames(variable.pointer, Self.pointer("applinks", "substitutionVariables", variable.name), in: root)
                for (number, value) in variable.values.enumerated() {
                    Self.expectNames(value.pointer, Self.pointer("applinks", "substitutionVariables", variable.name, String(number)), in: root)
                }
            }
        }
        #expect(componentsSeen > 200)
    }
}
