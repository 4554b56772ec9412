/// Checks that text files are UTF-8 before they are read, so errors name the offending byte.
enum UTF8Validation {
    /// Throws at the first byte that does not start a valid UTF-8 sequence; `check` may reject
    /// individual characters (given with their offsets).
    static func validate(
        _ bytes: [UInt8],
        from start: Int = 0,
        check: (Unicode.Scalar, Int) throws(PlistSyntaxError) -> Void = { _, _ in }
    ) throws(PlistSyntaxError) {
        var iterator = bytes[start...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = start
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                try check(Unicode.UTF8.decode(encoded), offset)
                offset += encoded.count
            case .error(let length):
                throw PlistSyntaxError(
                    kind: .invalidUTF8, offset: offset,
                    message: "invalid UTF-8 at byte offset \(offset) (\(length == 1 ? "a byte that starts no character" : "\(length) bytes that form no character")); save the file as UTF-8"
                )
            case .emptyInput:
                return
            }
        }
    }
}
