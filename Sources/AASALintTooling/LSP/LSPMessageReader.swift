import AASALintCore
/// Reads Language Server Protocol messages (`Content-Length` headers, a blank line, a JSON
/// body) from a file descriptor, within bounds: an editor is trusted, but a stuck or broken one
/// must not make the server hold gigabytes or wait for a header line that never ends.
struct LSPMessageReader {
    enum Item: Equatable {
        /// The body of one message.
        case message([UInt8])
        /// A message the server cannot read, and why: its body was skipped, and the reader
        /// continues after it.
        case malformed(String)
        /// A header block that does not say where its message ends, and why: what follows
        /// cannot be told from a body, so nothing more can be read.
        case unframed(String)
        /// The input ended (between messages, or inside one).
        case end
    }

    static let maximumHeaderLineLength = 1024
    static let maximumHeaderLines = 32
    /// An AASA file the system reads is at most 128 KB; an editor's JSON for it stays far below this.
    static let maximumBodyLength = 16 * 1024 * 1024

    private var input: DescriptorInput
    /// The bytes of a refused message's body still to be dropped.
    private var unreadBody = 0

    init(descriptor: Int32) {
        input = DescriptorInput(descriptor: descriptor)
    }

    mutating func next() -> Item {
        guard skipUnreadBody() else { return .end }
        // Every header line is read, after a problem too, so that a refused message's body can be skipped.
        var header = LSPHeaderBlock()
        while true {
            guard let line = readHeaderLine() else { return .end }
            if line.text.isEmpty, line.isWhole {
                if header.lineCount == 0 { continue }  // stray line breaks between messages
                break
            }
            header.add(line.text, isWhole: line.isWhole)
        }
        guard let length = header.bodyLength else {
            return .unframed(header.lengthProblem ?? "the message has no Content-Length header")
        }
        if let problem = header.problem {
            unreadBody = length
            return .malformed(problem)
        }
        guard length <= Self.maximumBodyLength else {
            unreadBody = length
            return .malformed("the message is \(length) bytes, over the limit of \(Self.maximumBodyLength)")
        }
        guard let body = read(count: length) else { return .end }
        return .message(body)
    }

    /// Drops the body of the message refused last, so that the next message is found; false
    /// when the input ends first.
    private mutating func skipUnreadBody() -> Bool {
        while unreadBody > 0 {
            if input.position == input.buffer.count, !input.fill() { return false }
            let taken = min(unreadBody, input.buffer.count - input.position)
            input.position += taken
            unreadBody -= taken
        }
        return true
    }

    /// The next header line without its CR LF, or its first `maximumHeaderLineLength` bytes
    /// when it is longer (the rest is read and dropped); nil at the end of the input.
    private mutating func readHeaderLine() -> (text: String, isWhole: Bool)? {
        var line: [UInt8] = []
        var isWhole = true
        while true {
            if input.position == input.buffer.count, !input.fill() { return nil }
            let byte = input.buffer[input.position]
            input.position += 1
            if byte == UInt8(ascii: "\n") { break }
            if line.count < Self.maximumHeaderLineLength { line.append(byte) } else { isWhole = false }
        }
        if isWhole, line.last == UInt8(ascii: "\r") { line.removeLast() }
        return (String(decoding: line, as: UTF8.self), isWhole)
    }

    private mutating func read(count: Int) -> [UInt8]? {
        var body: [UInt8] = []
        body.reserveCapacity(count)
        while body.count < count {
            if input.position == input.buffer.count, !input.fill() { return nil }
            let taken = min(count - body.count, input.buffer.count - input.position)
            body += input.buffer[input.position..<(input.position + taken)]
            input.position += taken
        }
        return body
    }
}
