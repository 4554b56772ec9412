/// Maps byte offsets of a UTF-8 text to lines and columns.
///
/// Columns count Unicode scalars, so a column is the same whatever the encoding width of the
/// characters before it; lines end at LF, CR LF or a lone CR.
public struct LineTable: Sendable {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                starts.append(index + 1)
            case UInt8(ascii: "\r"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index + 1)
            default:
                break
            }
            index += 1
        }
        lineStarts = starts
    }

    public var lineCount: Int { lineStarts.count }

    public func position(ofOffset offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, bytes.count))
        let lineIndex = lastLineStart(atOrBefore: clamped)
        let start = lineStarts[lineIndex]
        var column = 1
        var index = start
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: lineIndex + 1, column: column)
    }

    public func range(ofOffsets span: Range<Int>) -> SourceRange {
        SourceRange(start: position(ofOffset: span.lowerBound), end: position(ofOffset: span.upperBound))
    }

    /// The byte offset of a 1-based line and column (columns in Unicode scalars), clamped to
    /// the line; the inverse of `position(ofOffset:)`.
    public func offset(of position: SourcePosition) -> Int {
        guard position.line >= 1 else { return 0 }
        guard position.line <= lineStarts.count else { return bytes.count }
        let lineEnd = position.line < lineStarts.count ? lineStarts[position.line] : bytes.count
        var index = lineStarts[position.line - 1]
        var column = 1
        while index < lineEnd, column < position.column {
            index += 1
            while index < lineEnd, bytes[index] & 0xC0 == 0x80 { index += 1 }
            column += 1
        }
        return index
    }

    /// The text of a 1-based line without its line break, for snippets.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func lastLineStart(atOrBefore offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
