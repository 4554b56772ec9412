import Testing
@testable import aasalint

/// A command's options are listed by hand (`CommandOptions.fields`), so that a run reads them
/// without reflection; this test reflects, and fails when a stored option or group is left out
/// of its list or listed out of order.
@Suite struct CommandOptionsTests {
    @Test func everyStoredOptionIsListed() {
        for command in CommandLineTool.subcommands {
            expectListsItsStoredOptions(command)
        }
    }

    private func expectListsItsStoredOptions<Command: Subcommand>(_: Command.Type) {
        let options = Command.Options()
        let stored = Self.storedSpecs(of: options).map(\.name)
        #expect(options.specs.map(\.name) == stored, "aasalint \(Command.name): list every stored option in fields, in order")
    }

    /// The options held by the stored properties of `value`, groups flattened, in declaration order.
    private static func storedSpecs(of value: Any) -> [OptionSpec] {
        Mirror(reflecting: value).children.flatMap { child -> [OptionSpec] in
            switch child.value {
            case let option as any DeclaredOption: [option.spec]
            case let group as any CommandOptions: storedSpecs(of: group)
            default: []
            }
        }
    }
}
