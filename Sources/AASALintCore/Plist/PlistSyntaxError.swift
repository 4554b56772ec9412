/// Why bytes are not a property list the system would read, at the offending byte.
package struct PlistSyntaxError: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Not well-formed XML, or not the shape of a property list.
        case syntax
        /// Well-formed, but asks for something aasalint does not do on principle: entity
        /// declarations and DOCTYPE internal subsets (no expansion, no external fetches).
        case refused
        case invalidUTF8
        /// A format aasalint does not read (UTF-16, a binary plist version other than 00).
        case unsupported
    }

    package let kind: Kind
    /// Byte offset of the problem; nil where a byte offset means nothing to a reader of the
    /// file (binary plists: the message names the object instead).
    package let offset: Int?
    package let message: String

    package init(kind: Kind, offset: Int?, message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }
}
