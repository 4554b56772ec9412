import AASALintCore
/// Reads the messages of MCP's standard input transport, one JSON-RPC message per line, within a
/// bound: a line longer than `maximumLineLength` is read to its end and dropped, so that a client
/// cannot make the server hold more than that.
struct MCPLineReader {
    enum Item: Equatable {
        case message([UInt8])
        /// A line over the limit, of this many bytes (at least).
        case tooLong(Int)
        case end
    }

    /// Twice the most aasalint reads of a file, JSON-escaped: a `lint` call's text fits.
    static let maximumLineLength = 2 * MCPTools.maximumTextBytes + 64 * 1024

    private var input: DescriptorInput
    private let maximumLineLength: Int

    init(descriptor: Int32, maximumLineLength: Int = Self.maximumLineLength) {
        input = DescriptorInput(descriptor: descriptor)
        self.maximumLineLength = maximumLineLength
    }

    mutating func next() -> Item {
        var line: [UInt8] = []
        var length = 0
        while true {
            if input.position == input.buffer.count, !input.fill() {
                if length > maximumLineLength { return .tooLong(length) }
                return line.isEmpty ? .end : .message(line)
            }
            let rest = input.buffer[input.position...]
            let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
            let piece = rest[..<(newline ?? input.buffer.count)]
            length += piece.count
            if length <= maximumLineLength { line += piece } else { line = [] }
            input.position = newline.map { $0 + 1 } ?? input.buffer.count
            guard newline != nil else { continue }
            if length > maximumLineLength { return .tooLong(length) }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                line = []
                length = 0
                continue  // blank lines between messages
            }
            return .message(line)
        }
    }
}
