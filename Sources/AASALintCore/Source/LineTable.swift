/// Maps byte offsets of a UTF-8 text to lines and columns.
///
/// Columns count Unicode scalars, so a column is the same whatever the encoding width of the
/// characters before it; lines end at LF, CR LF or a lone CR.
package struct LineTable: Sendable {
    /// The text, as read.
    let bytes: [UInt8]
    private let lazyIndex: LazyIndex

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lazyIndex = LazyIndex()
    }

    /// Made by the first question and shared by the copies: a lint that finds nothing in a file
    /// asks none, and for a file of 128 KB the index was a million instructions.
    private final class LazyIndex: @unchecked Sendable {
        private let lock = Lock()
        private var made: LineIndex?

        func index(of bytes: [UInt8]) -> LineIndex {
            lock.withLock {
                if let made { return made }
                let index = LineIndex(bytes)
                made = index
                return index
            }
        }
    }

    private var index: LineIndex { lazyIndex.index(of: bytes) }

    package var lineCount: Int { index.lineStarts.count }

    package func position(ofOffset offset: Int) -> SourcePosition { index.position(ofOffset: offset) }

    package func range(ofOffsets span: Range<Int>) -> SourceRange { index.range(ofOffsets: span) }

    /// The byte offset of a 1-based line and column (columns in Unicode scalars), clamped to
    /// the line; the inverse of `position(ofOffset:)`.
    package func offset(of position: SourcePosition) -> Int { index.offset(of: position) }

    /// The 1-based byte column of a position, as clang writes its `path:line:col:` lines and
    /// the tools that read them count (Xcode, Vim's quickfix `%c`); a position outside the text
    /// keeps its column.
    package func byteColumn(of position: SourcePosition) -> Int { index.byteColumn(of: position) }

    /// The UTF-16 position of a byte offset, for editors: columns count Unicode scalars, LSP
    /// counts UTF-16 code units.
    package func utf16Position(ofOffset offset: Int) -> UTF16Position { index.utf16Position(ofOffset: offset) }

    /// The byte offset of a UTF-16 position, clamped to its line's text; a position inside a
    /// surrogate pair or a multi-byte character resolves to the start of that character.
    package func offset(of position: UTF16Position) -> Int { index.offset(of: position) }

    /// The scalars `scalars` (0-based) of a 1-based line's text, without its line break: a
    /// snippet of a minified file shows a window of its one line, and decoding the whole line
    /// for each finding would be quadratic.
    package func lineText(_ line: Int, scalars: Range<Int>) -> String { index.lineText(line, scalars: scalars) }

    /// The length of a 1-based line's text in Unicode scalars, without its line break.
    package func scalarCount(ofLine line: Int) -> Int { index.scalarCount(ofLine: line) }
}

/// Where the lines of a text start, and how many Unicode scalars come before each block of it.
private struct LineIndex: Sendable {
    let bytes: [UInt8]
    let lineStarts: [Int]
    /// The Unicode scalars that start before each multiple of `blockSize`, so that a column
    /// costs at most one block of counting however long the line: a minified file is one line,
    /// and counting from its start for each of thousands of findings would take minutes. Nil
    /// for an ASCII text, whose every byte is a scalar: counting them was a third of the index.
    private let scalarsBeforeBlock: [Int]?
    private static let blockSize = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var counts: [Int]?
        // Eight bytes at a time: a word without a line break is skipped whole, and a block's
        // scalars are its bytes less its continuation bytes, counted in bulk.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var index = 0
            // Every byte is in a word read here or read alone below.
            var bitsSeen: UInt64 = 0
            while index < count {
                if index + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    bitsSeen |= word
                    let lineBreaks = WordBytes.equal(to: UInt8(ascii: "\n"), in: word) | WordBytes.equal(to: UInt8(ascii: "\r"), in: word)
                    guard lineBreaks != 0 else {
                        index += 8
                        continue
                    }
                    // The lowest byte flagged is the first line break.
                    index += lineBreaks.trailingZeroBitCount / 8
                }
                bitsSeen |= UInt64(base[index])
                switch base[index] {
                case UInt8(ascii: "\n"):
                    starts.append(index + 1)
                case UInt8(ascii: "\r"):
                    if index + 1 < count, base[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index + 1)
                default:
                    break
                }
                index += 1
            }
            guard bitsSeen & Self.highBits != 0 else { return }
            var blockCounts = [0]
            blockCounts.reserveCapacity(count / Self.blockSize + 1)
            var scalars = 0
            var blockStart = 0
            while blockStart + Self.blockSize <= count {
                var continuationBytes = 0
                for offset in stride(from: blockStart, to: blockStart + Self.blockSize, by: 8) {
                    continuationBytes += Self.continuationBytes(in: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                }
                scalars += Self.blockSize - continuationBytes
                blockCounts.append(scalars)
                blockStart += Self.blockSize
            }
            counts = blockCounts
        }
        lineStarts = starts
        scalarsBeforeBlock = counts
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The bytes of `word` that are UTF-8 continuation bytes (10xxxxxx): top bit set, the next one clear.
    private static func continuationBytes(in word: UInt64) -> Int {
        (word & ~(word << 1) & highBits).nonzeroBitCount
    }

    func position(ofOffset offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, bytes.count))
        let lineIndex = lastLineStart(atOrBefore: clamped)
        let column = scalarsBefore(clamped) - scalarsBefore(lineStarts[lineIndex]) + 1
        return SourcePosition(line: lineIndex + 1, column: column)
    }

    func range(ofOffsets span: Range<Int>) -> SourceRange {
        SourceRange(start: position(ofOffset: span.lowerBound), end: position(ofOffset: span.upperBound))
    }

    func offset(of position: SourcePosition) -> Int {
        guard position.line >= 1 else { return 0 }
        guard position.line <= lineStarts.count else { return bytes.count }
        let lineStart = lineStarts[position.line - 1]
        let lineEnd = position.line < lineStarts.count ? lineStarts[position.line] : bytes.count
        guard position.column > 1 else { return lineStart }
        // The scalar sought is the (column - 1)th after the line's start; skip whole blocks
        // before it, then count.
        let wanted = scalarsBefore(lineStart) + position.column - 1
        guard let scalarsBeforeBlock else { return min(wanted, lineEnd) }
        var low = lineStart / Self.blockSize
        var high = lineEnd / Self.blockSize
        while low < high {
            let middle = (low + high + 1) / 2
            if scalarsBeforeBlock[middle] <= wanted { low = middle } else { high = middle - 1 }
        }
        var index = max(low * Self.blockSize, lineStart)
        var scalars = scalarsBefore(index)
        while index < lineEnd {
            if Self.startsScalar(bytes[index]) {
                if scalars == wanted { return index }
                scalars += 1
            }
            index += 1
        }
        return lineEnd
    }

    func byteColumn(of position: SourcePosition) -> Int {
        guard position.line >= 1, position.line <= lineStarts.count else { return position.column }
        return offset(of: position) - lineStarts[position.line - 1] + 1
    }

    func utf16Position(ofOffset offset: Int) -> UTF16Position {
        let clamped = max(0, min(offset, bytes.count))
        let lineIndex = lastLineStart(atOrBefore: clamped)
        let units = String(decoding: bytes[lineStarts[lineIndex]..<clamped], as: UTF8.self).utf16.count
        return UTF16Position(line: lineIndex, character: units)
    }

    func offset(of position: UTF16Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let end = textEnd(ofLine: position.line + 1)
        var index = lineStarts[position.line]
        var units = 0
        while index < end {
            let length = Self.sequenceLength(bytes[index])
            let width = length == 4 ? 2 : 1
            guard units + width <= position.character else { break }
            units += width
            index = min(index + length, end)
        }
        return index
    }

    /// The length of the UTF-8 sequence a lead byte starts; 1 for a stray byte, which decodes
    /// to one replacement character.
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }

    func lineText(_ line: Int, scalars: Range<Int>) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let end = textEnd(ofLine: line)
        let start = min(offset(of: SourcePosition(line: line, column: scalars.lowerBound + 1)), end)
        let stop = min(offset(of: SourcePosition(line: line, column: scalars.upperBound + 1)), end)
        return String(decoding: bytes[start..<max(start, stop)], as: UTF8.self)
    }

    func scalarCount(ofLine line: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return 0 }
        return scalarsBefore(textEnd(ofLine: line)) - scalarsBefore(lineStarts[line - 1])
    }

    private func textEnd(ofLine line: Int) -> Int {
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return end
    }

    /// The Unicode scalars that start before `offset` (0...bytes.count).
    private func scalarsBefore(_ offset: Int) -> Int {
        guard let scalarsBeforeBlock else { return offset }
        let block = offset / Self.blockSize
        var scalars = scalarsBeforeBlock[block]
        for index in (block * Self.blockSize)..<offset where Self.startsScalar(bytes[index]) {
            scalars += 1
        }
        return scalars
    }

    /// Every byte but a UTF-8 continuation byte starts a scalar.
    private static func startsScalar(_ byte: UInt8) -> Bool {
        byte & 0xC0 != 0x80
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
