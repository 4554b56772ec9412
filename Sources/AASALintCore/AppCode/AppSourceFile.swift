/// One Swift or Objective-C file of an app, read as a document with positions and outlined
/// by the lexical reader.
struct AppSourceFile: Sendable {
    let document: SourceDocument
    let language: SourceLexer.Language
    let outline: SourceOutline
    /// The file says it is generated (or is named so): what it holds is a tool's, which the
    /// reader cannot judge the way it judges hand-written code.
    let isGenerated: Bool

    /// The language of a file by its extension; nil for files that are not Swift or Objective-C
    /// (headers included: an `@interface` there names the superclass of the class a `.m` implements).
    static func language(ofPath path: String) -> SourceLexer.Language? {
        if path.hasSuffix(".swift") { return .swift }
        if path.hasSuffix(".m") || path.hasSuffix(".mm") || path.hasSuffix(".h") { return .objectiveC }
        return nil
    }

    /// Markers that generators write in a file's first lines.
    static let generatedMarkers = ["generated", "do not edit"]
    static let markedPrefixLength = 1024

    init(path: String, bytes: [UInt8], language: SourceLexer.Language) {
        document = SourceDocument(path: path, lines: LineTable(bytes), root: nil)
        self.language = language
        outline = SourceOutline(SourceLexer(bytes, language: language).tokens(), language: language)
        let head = String(decoding: bytes.prefix(Self.markedPrefixLength), as: UTF8.self).lowercased()
        let name = path.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
        isGenerated = name.contains(".generated.") || Self.generatedMarkers.contains { head.contains($0) }
    }

    /// The place of a token, for findings.
    func location(ofToken index: Int) -> Location {
        document.location(span: outline.tokens[index].span, pointer: nil)
    }

    /// Whether the reader can judge what the file declares: read to its end with balanced
    /// brackets, not generated, without macros.
    var isJudgeable: Bool {
        outline.isBalanced && !isGenerated && !outline.hasMacros && !hasUnknownTypeAttributes
    }

    /// Attributes that the compiler knows to add no methods to a type; any other may be an
    /// attached macro that does.
    static let knownTypeAttributes: Set<String> = [
        "main", "UIApplicationMain", "NSApplicationMain", "MainActor", "objc", "objcMembers", "available", "preconcurrency", "frozen",
        "usableFromInline", "dynamicMemberLookup", "propertyWrapper", "resultBuilder", "Observable", "unchecked", "Sendable", "retroactive",
    ]

    private var hasUnknownTypeAttributes: Bool {
        outline.types.contains { type in type.attributes.contains { !Self.knownTypeAttributes.contains($0) } }
    }
}
