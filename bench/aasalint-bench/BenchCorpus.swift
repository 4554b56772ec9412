import Foundation

/// A generated AASA file of realistic rules (literal prefixes, wildcards, variables, query
/// items, exclusions) and URLs of which about half open the app.
struct BenchCorpus {
    struct Rule {
        let path: String
        let query: [(String, String)]
        let exclude: Bool
    }

    static let words = ["product", "category", "help", "blog", "account", "search", "store", "offers", "news", "video",
                        "shoes", "hats", "bags", "watch", "gift", "sale", "brand", "item", "order", "cart"]

    let rules: [Rule]
    let json: String

    init(ruleCount: Int, random: inout BenchRandom) {
        var rules: [Rule] = []
        for index in 0..<ruleCount {
            let first = Self.words[random.next(below: Self.words.count)]
            let second = Self.words[random.next(below: Self.words.count)]
            switch index % 6 {
            case 0: rules.append(Rule(path: "/\(first)/\(index)/*", query: [], exclude: false))
            case 1: rules.append(Rule(path: "/\(first)/\(second)-\(index)", query: [], exclude: false))
            case 2: rules.append(Rule(path: "/\(first)/*/\(second)\(index)/*", query: [], exclude: index % 4 == 0))
            case 3: rules.append(Rule(path: "/$(lang)/\(first)/\(index)/*", query: [], exclude: false))
            case 4: rules.append(Rule(path: "/\(first)/\(index)", query: [("ref", "?*"), ("id", "$(digit)*")], exclude: false))
            default: rules.append(Rule(path: "/\(first)/\(second)/\(index)/??*", query: [], exclude: false))
            }
        }
        self.rules = rules
        let components = rules.map { rule -> String in
            var members = ["\"/\": \"\(rule.path)\""]
            if !rule.query.isEmpty {
                members.append("\"?\": {" + rule.query.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ") + "}")
            }
            if rule.exclude { members.append("\"exclude\": true") }
            return "        {" + members.joined(separator: ", ") + "}"
        }
        json = """
            {
              "applinks": {
                "details": [{
                  "appIDs": ["ABCDE1234X.com.example.shop"],
                  "components": [
            \(components.joined(separator: ",\n"))
                  ]
                }]
              }
            }
            """
    }

    /// The rules of the match benchmark (seed 7), as many as a file of `size` bytes needs.
    static func dense(atLeast size: Int) -> BenchCorpus {
        var ruleCount = 100
        while true {
            var random = BenchRandom(seed: 7)
            let corpus = BenchCorpus(ruleCount: ruleCount, random: &random)
            if corpus.json.utf8.count >= size { return corpus }
            // Grow in proportion, so that 10 MB takes a few rounds rather than thousands.
            ruleCount = max(ruleCount + 100, ruleCount * size / corpus.json.utf8.count)
        }
    }

    /// A URL built from a random rule (so that it may match) or from random words.
    func url(random: inout BenchRandom) -> String {
        let rule = rules[random.next(below: rules.count)]
        guard random.next(below: 2) == 0 else {
            let words = (0..<3).map { _ in Self.words[random.next(below: Self.words.count)] }
            return "https://example.com/\(words.joined(separator: "/"))/\(random.next(below: 5000))?utm_source=mail"
        }
        let path = rule.path
            .replacingOccurrences(of: "$(lang)", with: "en")
            .replacingOccurrences(of: "??*", with: "abc")
            .replacingOccurrences(of: "*", with: "x/y")
        let query = rule.query.isEmpty ? "" : "?ref=mail&id=42"
        return "https://example.com" + path + query
    }
}

/// A fixed-seed generator, so that both matchers see the same input on every run.
struct BenchRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
