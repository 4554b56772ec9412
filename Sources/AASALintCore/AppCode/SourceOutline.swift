/// A function or method declared in a source file, found by its name.
struct SourceFunction: Sendable {
    /// Swift's full name (`scene(_:continue:)`), or an Objective-C selector (`scene:continueUserActivity:`).
    let name: String
    /// The token of the base name (Swift) or the selector's first part (Objective-C).
    let nameToken: Int
    /// Argument labels and parameter names, in order (`_` where Swift has no label).
    let parameters: [(label: String, name: String)]
    /// The tokens between the braces of the body; nil for a declaration without one.
    let body: Range<Int>?
    /// The type or extension (Swift), or the `@implementation` (Objective-C), it is declared in.
    let enclosingType: String?
}

/// A class, struct, enum, actor, extension (Swift) or `@interface` (Objective-C) in a source file.
struct SourceType: Sendable {
    let name: String
    let nameToken: Int
    /// The superclass and protocols after `:` (and an Objective-C interface's `<protocols>`).
    let inherited: [String]
    /// The attributes before the declaration (`main`, `UIApplicationMain`, `MainActor`).
    let attributes: [String]
    let isExtension: Bool
    /// A class (Swift) or an `@interface` (Objective-C), whose first inherited name may be a superclass.
    let isClass: Bool
}

/// What the lexical reader finds in one file: declarations, imports and the constructs that
/// make code impossible to judge without a compiler. Matching braces, parentheses and brackets
/// are paired once, so that every later question is a scan of a token range.
struct SourceOutline: Sendable {
    let tokens: [SourceToken]
    let functions: [SourceFunction]
    let types: [SourceType]
    /// Modules imported: Swift `import X`, Objective-C `@import X;` and `#import <X/...>`.
    let imports: [String]
    /// Every bracket pairs with its partner and the lexer read every literal to its end.
    let isBalanced: Bool
    /// Freestanding macros other than the compiler's own, and Objective-C `#define`s, whose
    /// expansion the reader cannot see.
    let hasMacros: Bool
    /// `#if` anywhere, with the token ranges of the blocks it guards unknown to later questions.
    let conditionalTokens: [Int]

    /// The compiler's own `#` forms, which generate no declarations.
    static let builtInDirectives: Set<String> = [
        "if", "elseif", "else", "endif", "selector", "keyPath", "available", "unavailable", "file", "fileID", "filePath", "line",
        "column", "function", "dsohandle", "warning", "error", "sourceLocation", "colorLiteral", "imageLiteral", "fileLiteral",
        "Preview", "import", "include", "pragma", "ifdef", "ifndef", "undef", "isolation",
    ]

    init(_ result: SourceLexer.Result, language: SourceLexer.Language) {
        tokens = result.tokens
        var partners = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        var balanced = result.isWellFormed
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.text {
            case "{", "(", "[": open.append(index)
            case "}", ")", "]":
                guard let last = open.popLast(), Self.closer(of: tokens[last].text) == token.text else {
                    balanced = false
                    continue
                }
                partners[last] = index
                partners[index] = last
            default: break
            }
        }
        isBalanced = balanced && open.isEmpty
        var reader = OutlineReader(tokens: tokens, partners: partners, language: language)
        reader.read()
        functions = reader.functions
        types = reader.types
        imports = reader.imports
        hasMacros = reader.hasMacros
        conditionalTokens = reader.conditionalTokens
    }

    static func closer(of opener: String) -> String {
        switch opener {
        case "{": "}"
        case "(": ")"
        default: "]"
        }
    }

    /// Whether `name` is an identifier among the tokens of `range` (the whole file by default).
    func mentions(_ name: String, in range: Range<Int>? = nil) -> Bool {
        firstMention(of: name, in: range) != nil
    }

    func firstMention(of name: String, in range: Range<Int>? = nil) -> Int? {
        (range ?? tokens.indices).first { tokens[$0].isIdentifier(name) }
    }

    /// Whether a `#if` lies inside `range`.
    func hasConditional(in range: Range<Int>) -> Bool {
        conditionalTokens.contains { range.contains($0) }
    }
}

/// One pass over the tokens that collects declarations.
private struct OutlineReader {
    let tokens: [SourceToken]
    let partners: [Int]
    let language: SourceLexer.Language
    var functions: [SourceFunction] = []
    var types: [SourceType] = []
    var imports: [String] = []
    var hasMacros = false
    var conditionalTokens: [Int] = []

    /// Keywords after which a Swift function's signature has ended without a body.
    static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "class", "struct", "enum", "extension", "protocol", "typealias", "case", "actor",
    ]
    static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "actor", "protocol"]
    /// Tokens a declaration's header may take before its body; longer ones are not read as declarations.
    static let longestHeader = 512

    init(tokens: [SourceToken], partners: [Int], language: SourceLexer.Language) {
        self.tokens = tokens
        self.partners = partners
        self.language = language
    }

    mutating func read() {
        var enclosing: [(name: String, end: Int)] = []
        var implementation: String?
        var depth = 0
        var index = 0
        while index < tokens.count {
            while let last = enclosing.last, index > last.end { enclosing.removeLast() }
            let token = tokens[index]
            switch token.kind {
            case .directive:
                readDirective(at: index)
            case .punctuation:
                if token.text == "{" { depth += 1 } else if token.text == "}" { depth = max(depth - 1, 0) }
                if language == .objectiveC, depth == 0, token.text == "-" || token.text == "+", isPunctuation(index + 1, "(") {
                    readMethod(at: index, in: implementation)
                }
                if token.text == "@", let keyword = identifier(at: index + 1) {
                    switch keyword {
                    case "implementation": implementation = identifier(at: index + 2)
                    case "end": implementation = nil
                    case "interface" where language == .objectiveC, "protocol" where language == .objectiveC: readInterface(at: index)
                    case "import": identifier(at: index + 2).map { imports.append($0) }
                    default: break
                    }
                }
            case .identifier where language == .swift:
                if token.text == "func", let function = swiftFunction(at: index, in: enclosing.last?.name) {
                    functions.append(function)
                } else if Self.typeKeywords.contains(token.text), let type = swiftType(at: index) {
                    types.append(type.type)
                    if let end = type.bodyEnd { enclosing.append((type.type.name, end)) }
                } else if token.text == "import", isStatementStart(index) {
                    readSwiftImport(at: index)
                }
            default:
                break
            }
            index += 1
        }
    }

    private mutating func readDirective(at index: Int) {
        let name = tokens[index].text
        if name == "if" || name == "ifdef" || name == "ifndef" {
            conditionalTokens.append(index)
        } else if name == "define" || !SourceOutline.builtInDirectives.contains(name) {
            hasMacros = true
        } else if name == "import", isPunctuation(index + 1, "<"), let module = identifier(at: index + 2), isPunctuation(index + 3, "/") {
            imports.append(module)
        }
    }

    /// `import X`, `import struct X.Y`, `@testable import X`.
    private mutating func readSwiftImport(at index: Int) {
        var next = index + 1
        if let kind = identifier(at: next), ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(kind) { next += 1 }
        if let module = identifier(at: next) { imports.append(module) }
    }

    /// Whether the token starts a statement: `import` as a declaration, not a member named so.
    private func isStatementStart(_ index: Int) -> Bool {
        index == 0 || !isPunctuation(index - 1, ".")
    }

    private func swiftFunction(at index: Int, in type: String?) -> SourceFunction? {
        guard let base = identifier(at: index + 1) else { return nil }
        var open = index + 2
        if isPunctuation(open, "<") {
            while open < tokens.count, open - index < Self.longestHeader, !isPunctuation(open, "("), !isPunctuation(open, "{") { open += 1 }
        }
        guard isPunctuation(open, "("), partners[open] > open else { return nil }
        let close = partners[open]
        let parameters = swiftParameters(from: open, to: close)
        return SourceFunction(name: base + "(" + parameters.map { $0.label + ":" }.joined() + ")", nameToken: index + 1,
                              parameters: parameters, body: body(after: close + 1), enclosingType: type)
    }

    /// The label and name of each parameter between the parentheses at `open` and `close`.
    private func swiftParameters(from open: Int, to close: Int) -> [(label: String, name: String)] {
        var parameters: [(label: String, name: String)] = []
        var start = open + 1
        var index = open + 1
        while index <= close {
            if index == close || isPunctuation(index, ",") {
                if let label = identifier(at: start) {
                    if isPunctuation(start + 1, ":") {
                        parameters.append((label, label))
                    } else if let name = identifier(at: start + 1), isPunctuation(start + 2, ":") {
                        parameters.append((label, name))
                    }
                }
                start = index + 1
            }
            index = partners[index] > index ? partners[index] + 1 : index + 1
        }
        return parameters
    }

    /// The body that follows a signature ending before `start`: the first `{` before another declaration.
    private func body(after start: Int) -> Range<Int>? {
        var index = start
        while index < tokens.count, index - start < Self.longestHeader {
            let token = tokens[index]
            if token.isPunctuation(UInt8(ascii: "{")) {
                return partners[index] > index ? index + 1..<partners[index] : nil
            }
            if token.isPunctuation(UInt8(ascii: "}")) || token.isPunctuation(UInt8(ascii: ";"))
                || (token.kind == .identifier && Self.declarationKeywords.contains(token.text)) {
                return nil
            }
            index = partners[index] > index ? partners[index] + 1 : index + 1
        }
        return nil
    }

    private func swiftType(at index: Int) -> (type: SourceType, bodyEnd: Int?)? {
        // `class func`, `class var`: members, not types.
        guard let name = identifier(at: index + 1), !Self.declarationKeywords.contains(name) else { return nil }
        var inherited: [String] = []
        var cursor = index + 2
        var inWhereClause = false
        // A header ends at its body; another declaration keyword first means there is none (which
        // also keeps hostile input linear: no scan passes the next declaration).
        while cursor < tokens.count, cursor - index < Self.longestHeader, !isPunctuation(cursor, "{"), !isPunctuation(cursor, "}"),
              !isPunctuation(cursor, ";"), identifier(at: cursor).map(Self.declarationKeywords.contains) != true {
            if identifier(at: cursor) == "where" { inWhereClause = true }
            if !inWhereClause, isPunctuation(cursor - 1, ":") || isPunctuation(cursor - 1, ","), let inheritedName = identifier(at: cursor) {
                inherited.append(inheritedName)
            }
            cursor = partners[cursor] > cursor ? partners[cursor] + 1 : cursor + 1
        }
        let bodyEnd = cursor < tokens.count && isPunctuation(cursor, "{") && partners[cursor] > cursor ? partners[cursor] : nil
        let type = SourceType(name: name, nameToken: index + 1, inherited: inherited, attributes: attributes(before: index),
                              isExtension: tokens[index].text == "extension", isClass: tokens[index].text == "class")
        return (type, bodyEnd)
    }

    /// The attribute names before the declaration keyword at `index`, over modifiers and attribute arguments.
    private func attributes(before index: Int) -> [String] {
        var names: [String] = []
        var cursor = index - 1
        while cursor >= 0 {
            let token = tokens[cursor]
            if token.isPunctuation(UInt8(ascii: ")")), partners[cursor] >= 0, partners[cursor] < cursor {
                cursor = partners[cursor] - 1
            } else if token.kind == .identifier, cursor > 0, tokens[cursor - 1].isPunctuation(UInt8(ascii: "@")) {
                names.append(token.text)
                cursor -= 2
            } else if token.kind == .identifier, Self.modifiers.contains(token.text) {
                cursor -= 1
            } else {
                break
            }
        }
        return names
    }

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "final", "package", "nonisolated", "indirect", "dynamic", "required", "override",
    ]

    /// `@interface Name : Super <Protocols>` and `@protocol`.
    private mutating func readInterface(at index: Int) {
        guard let name = identifier(at: index + 2) else { return }
        // `@interface AppDelegate ()` and `@interface AppDelegate (Links)` add to a class declared elsewhere.
        let isCategory = isPunctuation(index + 3, "(")
        var inherited: [String] = []
        var cursor = index + 3
        if isPunctuation(cursor, ":"), let superclass = identifier(at: cursor + 1) {
            inherited.append(superclass)
            cursor += 2
        }
        if isPunctuation(cursor, "<") {
            cursor += 1
            while cursor < tokens.count, cursor - index < Self.longestHeader, !isPunctuation(cursor, ">"), !isPunctuation(cursor, "@") {
                if let conformance = identifier(at: cursor) { inherited.append(conformance) }
                cursor += 1
            }
        }
        types.append(SourceType(name: name, nameToken: index + 2, inherited: inherited, attributes: [], isExtension: isCategory,
                                isClass: identifier(at: index + 1) == "interface" && !isCategory))
    }

    /// `- (void)scene:(UIScene *)scene continueUserActivity:(NSUserActivity *)userActivity { ... }`.
    private mutating func readMethod(at index: Int, in implementation: String?) {
        let returnType = index + 1
        guard partners[returnType] > returnType else { return }
        var cursor = partners[returnType] + 1
        let nameToken = cursor
        var selector = ""
        var parameters: [(label: String, name: String)] = []
        while let part = identifier(at: cursor) {
            guard isPunctuation(cursor + 1, ":") else {
                if parameters.isEmpty { selector = part }
                cursor += 1
                break
            }
            var next = cursor + 2
            if isPunctuation(next, "("), partners[next] > next { next = partners[next] + 1 }
            guard let name = identifier(at: next) else { return }
            selector += part + ":"
            parameters.append((part, name))
            cursor = next + 1
        }
        guard !selector.isEmpty else { return }
        var open = cursor
        while open < tokens.count, open - cursor < Self.longestHeader, !isPunctuation(open, "{"), !isPunctuation(open, ";"),
              !isPunctuation(open, "-"), !isPunctuation(open, "+") {
            open += 1
        }
        let body = open < tokens.count && isPunctuation(open, "{") && partners[open] > open ? open + 1..<partners[open] : nil
        functions.append(SourceFunction(name: selector, nameToken: nameToken, parameters: parameters, body: body, enclosingType: implementation))
    }

    private func identifier(at index: Int) -> String? {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier ? tokens[index].text : nil
    }

    private func isPunctuation(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .punctuation && tokens[index].text == text
    }
}
