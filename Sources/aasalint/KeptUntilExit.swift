import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a short-lived process keeps until it exits rather than freeing: a command-line lint ends
/// right after its report, and freeing a large file's tree, model, pattern catalog and matcher
/// object by object costs millions of instructions that the exit gives back at once (as clang's
/// -disable-free does). The command line makes one and holds it until it exits; a long-lived
/// process, such as the LSP server, makes none and frees each file after use. The engine knows
/// only a `Retention`, which this one gives.
final class KeptUntilExit: @unchecked Sendable {
    private let lock = Lock()
    private var kept: [any Sendable] = []

    init() {}

    func keep(_ value: any Sendable) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(value)
    }

    /// What the lint session hands the values it is done with.
    var retention: Retention { { [self] value in keep(value) } }
}
