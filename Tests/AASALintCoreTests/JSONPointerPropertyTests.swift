@testable import AASALintCore
import Testing

/// `JSONPointer` writes its description backwards into a buffer of the length it worked out first,
/// and extends its tokens by hand: these compare it on generated token lists with the plain
/// reading of RFC 6901.
@Suite struct JSONPointerPropertyTests {
    /// Tokens that stress the representation: indices and near-indices, escapes, the empty token,
    /// text that is canonically equivalent but spelt otherwise.
    static let tokenPool = [
        "0", "1", "10", "2703", "01", "00", "-1", "+1", "1.0", "1e3", "99999999999999999999", "123456789012345678",
        "", "a", "applinks", "details", "components", "/", "?", "#", "~", "~0", "~1", "a/b", "m~n",
        "\u{E9}", "e\u{301}", "\u{212A}", "K", "x\"y", "back\\slash", "tab\t", "中文",
    ]

    static func tokenLists(count: Int) -> [[String]] {
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        return (0..<count).map { _ in (0..<(next() % 6)).map { _ in tokenPool[next() % tokenPool.count] } }
    }

    /// RFC 6901's description of a token list, as the array-backed pointer wrote it.
    static func referenceDescription(_ tokens: [String]) -> String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// The pointer made one token at a time, as the model makes them, numbers as indices.
    static func appended(_ tokens: [String]) -> JSONPointer {
        tokens.reduce(JSONPointer.root) { pointer, token in
            if let index = Int(token), index >= 0, String(index) == token { pointer.appending(index) } else { pointer.appending(token) }
        }
    }

    @Test func everyWayOfMakingAPointerAgreesWithItsTokens() throws {
        for tokens in Self.tokenLists(count: 400) {
            let made = [JSONPointer(tokens: tokens), Self.appended(tokens), try #require(JSONPointer(Self.referenceDescription(tokens)))]
            for pointer in made {
                #expect(pointer.tokens == tokens)
                #expect(pointer.description == Self.referenceDescription(tokens))
                #expect(pointer.lastToken == tokens.last)
                #expect(pointer.parent?.tokens == (tokens.isEmpty ? nil : Array(tokens.dropLast())))
                #expect(pointer == made[0])
                #expect(pointer.hashValue == made[0].hashValue)
            }
        }
    }

    @Test func equalityHashingAndOrderFollowTheTokens() {
        let lists = Self.tokenLists(count: 150)
        for left in lists {
            for right in lists {
                let (leftPointer, rightPointer) = (Self.appended(left), JSONPointer(tokens: right))
                #expect((leftPointer == rightPointer) == (left == right), "\(left) vs \(right)")
                if left == right { #expect(leftPointer.hashValue == rightPointer.hashValue) }
                #expect((leftPointer < rightPointer) == (Self.referenceDescription(left) < Self.referenceDescription(right)))
            }
        }
        #expect(Set(lists.map(Self.appended)).count == Set(lists).count)
    }

    @Test func plainDescriptionsAreQuotedAndOthersLeftToTheWriter() {
        for tokens in Self.tokenLists(count: 400) {
            var bytes = Array("[".utf8)
            let isPlain = Self.appended(tokens).appendPlainDescription(quotedTo: &bytes)
            let description = Self.referenceDescription(tokens)
            let expectPlain = description.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
                && !tokens.contains { $0.contains("~") || $0.contains("/") }
            #expect(isPlain == expectPlain, "\(tokens)")
            #expect(String(decoding: bytes, as: UTF8.self) == (isPlain ? "[\"" + description + "\"" : "["))
        }
    }

    /// The pointer made one token at a time, flattened after the tokens `flattenedAt` says: the
    /// model flattens some pointers so that those made from them share their array.
    static func appended(_ tokens: [String], flattenedAt: (Int) -> Bool) -> JSONPointer {
        var pointer = JSONPointer.root
        for (position, token) in tokens.enumerated() {
            pointer = pointer.appending(token)
            if flattenedAt(position) { pointer = pointer.flattened }
        }
        return pointer
    }

    @Test func flattenedOrNotAPointerIsItsTokens() {
        let lists = Self.tokenLists(count: 150)
        for (number, tokens) in lists.enumerated() {
            let pointers = [Self.appended(tokens), Self.appended(tokens, flattenedAt: { ($0 + number) % 2 == 0 }),
                            Self.appended(tokens, flattenedAt: { _ in true }), Self.appended(tokens).flattened]
            for pointer in pointers {
                #expect(pointer.tokens == tokens)
                #expect(pointer.tokenCount == tokens.count)
                #expect(pointer.description == Self.referenceDescription(tokens))
                #expect(pointer.lastToken == tokens.last)
                #expect(pointer.parent?.tokens == (tokens.isEmpty ? nil : Array(tokens.dropLast())))
                #expect(pointer == JSONPointer(tokens: tokens))
                #expect(pointer.hashValue == JSONPointer(tokens: tokens).hashValue)
            }
        }
    }

    @Test func isWithinIsAPrefixOfTheTokens() {
        let lists = Self.tokenLists(count: 120)
        // Prefixes of one another are common among the lists of a pool this small, and each list
        // is also compared with its own prefixes.
        for left in lists {
            let candidates = lists + (0...left.count).map { Array(left.prefix($0)) }
            for right in candidates {
                let expected = left.starts(with: right)
                for pointer in [Self.appended(left), Self.appended(left, flattenedAt: { $0 % 2 == 1 })] {
                    for ancestor in [JSONPointer(tokens: right), Self.appended(right)] {
                        #expect(pointer.isWithin(ancestor) == expected, "\(left) within \(right)")
                    }
                }
            }
        }
    }

    @Test func negativeIndicesStayText() {
        #expect(JSONPointer.root.appending(-1) == JSONPointer(tokens: ["-1"]))
        #expect(JSONPointer.root.appending(-1).description == "/-1")
    }
}
