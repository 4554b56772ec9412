/// A mistake in the configuration, at its position: shown as `path:line:col: error: message`.
package struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    package let location: Location
    package let message: String

    package init(at location: Location, _ message: String) {
        self.location = location
        self.message = message
    }

    package var description: String {
        "\(location.file):\(location.range.start.line):\(location.range.start.column): error: \(message)"
    }
}

/// Every mistake found in one configuration file: all are reported, not only the first.
package struct ConfigurationErrors: Error, Sendable, CustomStringConvertible {
    package let errors: [ConfigurationError]

    package init(errors: [ConfigurationError]) {
        self.errors = errors.sorted { ($0.location.file, $0.location.range) < ($1.location.file, $1.location.range) }
    }

    package var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
