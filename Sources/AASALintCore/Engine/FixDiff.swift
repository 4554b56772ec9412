/// `lint --diff`: a unified diff of a file before and after its fixes, which `patch -p0` applies.
/// Lines keep their own line endings, so a CR LF file's diff changes only what the fixes did.
public enum FixDiff {
    static let context = 3
    /// Above this many line pairs in the changed middle of a file, the diff replaces the middle
    /// whole rather than search for the shortest edit, whose table would take that much memory.
    static let comparisonLimit = 4_000_000

    public static func unified(path: String, old: [UInt8], new: [UInt8]) -> String {
        let before = lines(of: old)
        let after = lines(of: new)
        let operations = script(before, after)
        var text = "--- \(path)\n+++ \(path)\n"
        for hunk in hunks(of: operations) {
            let oldStart = hunk.first.map { $0.oldIndex } ?? 0
            let newStart = hunk.first.map { $0.newIndex } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            text += "@@ -\(start(oldStart, oldCount)),\(oldCount) +\(start(newStart, newCount)),\(newCount) @@\n"
            for operation in hunk {
                let line = operation.kind == .insert ? after[operation.newIndex] : before[operation.oldIndex]
                text += (operation.kind == .insert ? "+" : operation.kind == .delete ? "-" : " ") + line
                if !line.hasSuffix("\n") && !line.hasSuffix("\r") { text += "\n\\ No newline at end of file\n" }
            }
        }
        return text
    }

    /// A hunk of no lines starts at the line before it, as diff writes it.
    private static func start(_ index: Int, _ count: Int) -> Int {
        count == 0 ? index : index + 1
    }

    private enum Kind { case equal, delete, insert }

    private struct Operation {
        let kind: Kind
        let oldIndex: Int
        let newIndex: Int
    }

    private static func lines(of bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
                if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                lines.append(String(decoding: bytes[start...index], as: UTF8.self))
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return lines
    }

    /// The edit script: common lines at both ends, and the longest common subsequence between.
    private static func script(_ old: [String], _ new: [String]) -> [Operation] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        var operations = (0..<prefix).map { Operation(kind: .equal, oldIndex: $0, newIndex: $0) }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        if oldMiddle.count * newMiddle.count > comparisonLimit {
            operations += oldMiddle.map { Operation(kind: .delete, oldIndex: $0, newIndex: prefix) }
            operations += newMiddle.map { Operation(kind: .insert, oldIndex: oldMiddle.upperBound, newIndex: $0) }
        } else {
            operations += commonSubsequence(old, oldMiddle, new, newMiddle)
        }
        operations += (0..<suffix).map { Operation(kind: .equal, oldIndex: old.count - suffix + $0, newIndex: new.count - suffix + $0) }
        return operations
    }

    private static func commonSubsequence(_ old: [String], _ oldRange: Range<Int>, _ new: [String], _ newRange: Range<Int>) -> [Operation] {
        let rows = oldRange.count
        let columns = newRange.count
        // lengths[i][j]: the longest common subsequence of the middles from i and j on.
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                lengths[i][j] = old[oldRange.lowerBound + i] == new[newRange.lowerBound + j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var operations: [Operation] = []
        var i = 0
        var j = 0
        while i < rows || j < columns {
            let oldIndex = oldRange.lowerBound + i
            let newIndex = newRange.lowerBound + j
            if i < rows, j < columns, old[oldIndex] == new[newIndex] {
                operations.append(Operation(kind: .equal, oldIndex: oldIndex, newIndex: newIndex))
                i += 1
                j += 1
            } else if i < rows, j == columns || lengths[i + 1][j] >= lengths[i][j + 1] {
                operations.append(Operation(kind: .delete, oldIndex: oldIndex, newIndex: newIndex))
                i += 1
            } else {
                operations.append(Operation(kind: .insert, oldIndex: oldIndex, newIndex: newIndex))
                j += 1
            }
        }
        return operations
    }

    /// Runs of changes with up to `context` equal lines around them; runs closer than twice
    /// that share a hunk.
    private static func hunks(of operations: [Operation]) -> [[Operation]] {
        let changed = operations.indices.filter { operations[$0].kind != .equal }
        guard let first = changed.first else { return [] }
        var ranges: [ClosedRange<Int>] = [max(0, first - context)...min(operations.count - 1, first + context)]
        for index in changed.dropFirst() {
            let range = max(0, index - context)...min(operations.count - 1, index + context)
            if range.lowerBound <= ranges[ranges.count - 1].upperBound + 1 {
                ranges[ranges.count - 1] = ranges[ranges.count - 1].lowerBound...range.upperBound
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { Array(operations[$0]) }
    }
}
