import Foundation

/// `aasalint lint --fix`: applies the automatic fixes to the files under the paths, before
/// they are linted, and says what it did. Today that is the fix of `percent-encoded-unicode`.
public struct FixSession: Sendable {
    public struct Outcome: Sendable, Equatable {
        public let fixed: [String]
        /// Files with something to fix that were left alone, with the reason.
        public let refused: [(path: String, reason: String)]

        public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
            lhs.fixed == rhs.fixed && lhs.refused.map(\.path) == rhs.refused.map(\.path)
                && lhs.refused.map(\.reason) == rhs.refused.map(\.reason)
        }
    }

    public init() {}

    public func run(paths: [String]) -> Outcome {
        var fixed: [String] = []
        var refused: [(path: String, reason: String)] = []
        for file in FileDiscovery().discover(paths).files where file.kind == .aasa {
            // What cannot be read, or is too large to read, lint reports; the fix leaves it alone.
            guard case .bytes(let data)? = try? FileReader().contents(ofFile: file.path) else { continue }
            switch PercentEncodingFix.apply(to: data) {
            case .unchanged:
                continue
            case .fixed(let bytes):
                do {
                    try FileReplacement.rewrite(bytes, at: file.path, original: data)
                    fixed.append(file.path)
                } catch {
                    refused.append((file.path, "the file could not be written: \(error.message)"))
                }
            case .refused(let reason):
                // A file that is not JSON has nothing the fix could change; lint reports it.
                if LintFile(path: file.path, kind: .aasa, bytes: data).root != nil {
                    refused.append((file.path, reason))
                }
            }
        }
        return Outcome(fixed: fixed, refused: refused)
    }
}
