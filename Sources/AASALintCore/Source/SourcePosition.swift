/// A place in a file as people count it: 1-based line, 1-based column in Unicode scalars.
public struct SourcePosition: Hashable, Comparable, Sendable, Codable {
    public let line: Int
    public let column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A half-open range: `end` is the position just after the last character.
public struct SourceRange: Hashable, Comparable, Sendable, Codable {
    public let start: SourcePosition
    public let end: SourcePosition

    package init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }
}

/// A place as the Language Server Protocol counts it: 0-based line, 0-based UTF-16 code units
/// into the line (a character outside the Basic Multilingual Plane counts two).
package struct UTF16Position: Hashable, Comparable, Sendable {
    package let line: Int
    package let character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (lhs: UTF16Position, rhs: UTF16Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}
