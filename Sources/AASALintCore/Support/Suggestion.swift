/// "Did you mean" suggestions, for misspelled keys, rule IDs and command-line flags.
package enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be a plausible typo:
    /// the completion of an abbreviation, a case-insensitive match, or an edit distance of at most a third of the word's length
    /// (and at least 1, at most 3), and below the length of both words: a suggestion that shares no
    /// letter with the word (`"x"` for `"#"`) is a guess, not a correction.
    package static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let candidates = Array(candidates)
        let lowered = word.lowercased()
        // An abbreviation (`warn` for `warning`) is a likelier intent than a distant typo.
        if lowered.count >= 3, let completed = candidates.first(where: { $0 != word && $0.lowercased().hasPrefix(lowered) }) {
            return completed
        }
        let limit = min(3, max(1, lowered.count / 3))
        let length = lowered.unicodeScalars.count
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let loweredCandidate = candidate.lowercased()
            // The distance is at least the difference in length: skipping those keeps a hostile
            // megabyte-long key from costing a megabyte-by-candidate table.
            guard abs(loweredCandidate.unicodeScalars.count - length) <= limit else { continue }
            let distance = editDistance(lowered, loweredCandidate)
            guard distance <= limit, distance < length, distance < loweredCandidate.unicodeScalars.count else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
