import AASALintCore
/// What the header lines of one LSP message say: the length of its body, when the block
/// names it once and plainly, and the first other thing wrong with the block.
struct LSPHeaderBlock {
    private(set) var lineCount = 0
    private var contentLength: Int?
    /// Why the block does not say where its body ends.
    private(set) var lengthProblem: String?
    private(set) var problem: String?

    /// The length of the body, unless a line may have said another.
    var bodyLength: Int? { lengthProblem == nil ? contentLength : nil }

    /// Adds a line, or the start of one over the length limit (`isWhole` false).
    mutating func add(_ line: String, isWhole: Bool) {
        lineCount += 1
        let tooLong = "a header line over \(LSPMessageReader.maximumHeaderLineLength) bytes"
        if lineCount > LSPMessageReader.maximumHeaderLines {
            problem = problem ?? "more than \(LSPMessageReader.maximumHeaderLines) header lines"
        }
        guard let colon = line.firstIndex(of: ":") else {
            if isWhole {
                problem = problem ?? "a header line without a colon"
            } else {
                lengthProblem = lengthProblem ?? tooLong  // a name that long might still be Content-Length, padded
            }
            return
        }
        let name = line[..<colon].trimmingSpaces.lowercased()
        let value = line[line.index(after: colon)...].trimmingSpaces
        guard name == "content-length" else {  // Content-Type and others: UTF-8 JSON is all LSP sends
            if !isWhole { problem = problem ?? tooLong }
            return
        }
        guard isWhole else {
            lengthProblem = lengthProblem ?? tooLong
            return
        }
        guard !value.isEmpty, value.count <= 12, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let length = Int(value) else {
            lengthProblem = lengthProblem ?? "Content-Length is not a number of bytes"
            return
        }
        if let known = contentLength, known != length {
            lengthProblem = lengthProblem ?? "two Content-Length headers that differ"
        }
        contentLength = length
    }
}
