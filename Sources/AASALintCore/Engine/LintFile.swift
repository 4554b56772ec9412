/// One input file, read and parsed once, shared by every rule.
public struct LintFile: Sendable {
    /// The path as reports show it: relative to the working directory when inside it.
    public let path: String
    public let kind: FileKind
    /// Size on disk; known even when the file was too large to read.
    public let byteCount: Int
    /// The contents; empty when the file was not read because it exceeds the reading limit.
    public let bytes: [UInt8]
    public let lines: LineTable
    /// The parsed tree, or why the bytes are not strict JSON; nil for files not read as JSON.
    public let json: Result<JSONNode, JSONSyntaxError>?
    /// The typed AASA model, when the file is an AASA whose root is a JSON object.
    public let aasa: AASADocument?

    public init(path: String, kind: FileKind, bytes: [UInt8], byteCount: Int? = nil) {
        self.path = path
        self.kind = kind
        self.bytes = bytes
        self.byteCount = byteCount ?? bytes.count
        self.lines = LineTable(bytes)
        guard kind == .aasa, bytes.count == self.byteCount else {
            json = nil
            aasa = nil
            return
        }
        let parsed = Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
        json = parsed
        if case .success(let root) = parsed, root.members != nil {
            aasa = AASADocument(root: root)
        } else {
            aasa = nil
        }
    }

    public var isRead: Bool { bytes.count == byteCount }

    public var hasByteOrderMark: Bool { bytes.starts(with: [0xEF, 0xBB, 0xBF]) }

    public var root: JSONNode? {
        if case .success(let root) = json { return root }
        return nil
    }

    /// The key or value that `pointer` names; the file's start when the pointer is unknown.
    public func location(_ pointer: JSONPointer, _ part: JSONPointerPart = .value) -> Location {
        guard let span = root?.span(at: pointer, part: part) else {
            return Location(file: path, range: lines.range(ofOffsets: 0..<0), pointer: pointer)
        }
        return Location(file: path, range: lines.range(ofOffsets: span), pointer: pointer)
    }

    /// A specific span, for places a pointer cannot tell apart (the first of duplicate keys).
    public func location(span: Range<Int>, pointer: JSONPointer?) -> Location {
        Location(file: path, range: lines.range(ofOffsets: span), pointer: pointer)
    }

    /// A single byte, e.g. where parsing stopped.
    public func location(offset: Int) -> Location {
        let end = min(offset + 1, bytes.count)
        return Location(file: path, range: lines.range(ofOffsets: min(offset, end)..<end), pointer: nil)
    }

    /// The whole file, for findings about the file as such (its size).
    public var fileLocation: Location {
        Location(file: path, range: lines.range(ofOffsets: 0..<0), pointer: nil)
    }
}

/// What a rule can see beyond its own file.
public struct LintContext: Sendable {
    public let files: [LintFile]

    public init(files: [LintFile]) {
        self.files = files
    }
}
