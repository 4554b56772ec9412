/// The languages of a matcher's patterns, each compiled the first time something asks for it
/// (`AASAMatcher(compilesOnFirstUse: true)`): a lint's order analysis compares only components
/// that share a path start with another (on a catalog, none), and compiling every pattern when
/// the matcher was built was most of building it. Patterns of the same text, part and case
/// setting still share one language, through the compiler's cache. Safe to share between
/// threads: the order analysis asks on several cores, and the language and MCP servers share
/// files between requests.
final class LanguagesOnFirstUse: @unchecked Sendable {
    /// Where one pattern's language is kept once compiled, and what it is compiled as.
    struct Slot: Sendable {
        fileprivate let owner: LanguagesOnFirstUse
        fileprivate let index: Int
        fileprivate let part: PatternCompiler.Part
        fileprivate let caseSensitive: Bool

        /// The language of `text`, the pattern this slot was handed out for.
        func language(of text: String) -> PatternLanguage {
            owner.language(of: text, in: self)
        }
    }

    private let lock = Lock()
    private var compiler: PatternCompiler
    /// By slot; grown as slots further on are first asked for, so that a matcher nothing asks
    /// makes no array.
    private var compiled: [PatternLanguage?] = []

    init(compiler: PatternCompiler) {
        self.compiler = compiler
    }

    /// The slot numbered `index`: numbers are handed out by the one reader of the matcher's
    /// components, each once.
    func slot(_ index: Int, as part: PatternCompiler.Part, caseSensitive: Bool) -> Slot {
        Slot(owner: self, index: index, part: part, caseSensitive: caseSensitive)
    }

    /// The distinct languages compiled so far: what tests observe of a lint that needs none.
    var compiledCount: Int {
        lock.withLock { compiler.languageCount }
    }

    fileprivate func language(of text: String, in slot: Slot) -> PatternLanguage {
        lock.withLock {
            if slot.index < compiled.count, let known = compiled[slot.index] { return known }
            if slot.index >= compiled.count {
                compiled.append(contentsOf: repeatElement(nil, count: slot.index + 1 - compiled.count))
            }
            let language = compiler.language(of: text, as: slot.part, caseSensitive: slot.caseSensitive)
            compiled[slot.index] = language
            return language
        }
    }
}

/// How `ComponentReader` gives the patterns it reads their languages: compiled as they are read,
/// or handed a slot of `LanguagesOnFirstUse` that compiles each when first asked for.
struct PatternLanguageSupply {
    /// Compiles the patterns as they are read; unused when `onFirstUse` compiles them.
    private var compiler: PatternCompiler
    let onFirstUse: LanguagesOnFirstUse?
    private var slotCount = 0

    /// Compiles each pattern as it is read: for callers that ask about every pattern, such as
    /// `match --urls`, whose matching then takes no lock for the language.
    init(compilingNow compiler: PatternCompiler) {
        self.compiler = compiler
        onFirstUse = nil
    }

    init(compilingOnFirstUse compiler: PatternCompiler) {
        self.compiler = compiler
        onFirstUse = LanguagesOnFirstUse(compiler: compiler)
    }

    /// Room for `count` distinct patterns compiled as they are read.
    mutating func reserveCapacity(_ count: Int) {
        compiler.reserveCapacity(count)
    }

    mutating func pattern(_ text: Located<String>, as part: PatternCompiler.Part, caseSensitive: Bool) -> CompiledPattern {
        guard let onFirstUse else {
            return CompiledPattern(text: text.value, pointer: text.pointer,
                                   language: compiler.language(of: text.value, as: part, caseSensitive: caseSensitive))
        }
        defer { slotCount += 1 }
        return CompiledPattern(text: text.value, pointer: text.pointer,
                               compiledIn: onFirstUse.slot(slotCount, as: part, caseSensitive: caseSensitive))
    }
}
