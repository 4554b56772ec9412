/// A mistake in the configuration, at its position: shown as `path:line:col: error: message`.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let location: Location
    public let message: String

    public init(at location: Location, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String {
        "\(location.file):\(location.range.start.line):\(location.range.start.column): error: \(message)"
    }
}

/// Every mistake found in one configuration file: all are reported, not only the first.
public struct ConfigurationErrors: Error, Sendable, CustomStringConvertible {
    public let errors: [ConfigurationError]

    public init(errors: [ConfigurationError]) {
        self.errors = errors.sorted { ($0.location.file, $0.location.range) < ($1.location.file, $1.location.range) }
    }

    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
