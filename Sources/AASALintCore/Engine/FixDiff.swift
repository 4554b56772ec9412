/// `lint --diff`: a unified diff of a file before and after its fixes, which `patch -p0` applies.
/// Lines keep their own line endings, so a CR LF file's diff changes only what the fixes did.
package enum FixDiff {
    static let context = 3
    /// Above this many line pairs in the changed middle of a file, the diff replaces the middle
    /// whole rather than search for the shortest edit, whose table would take that much memory.
    static let comparisonLimit = 4_000_000

    /// Why `patch -p0`, run where aasalint ran, would not apply a diff of `path` to that file;
    /// nil when it would. GNU patch skips an absolute name, or one with a `..` component, as
    /// dangerous, silently for an absolute one, so such a diff would look applied and change nothing.
    package static func refusal(ofPath path: String) -> String? {
        if path.hasPrefix("/") {
            return "patch -p0 ignores a file named by an absolute path; run aasalint in a folder above the file and name it from there"
        }
        if path.split(separator: "/").contains("..") {
            return "patch -p0 ignores a file named through \"..\"; run aasalint in a folder above the file and name it from there"
        }
        return nil
    }

    /// `path` as a diff header names it, as git writes it: bare when it holds only printable
    /// ASCII other than the space, the quote and the backslash; otherwise in double quotes with
    /// C escapes (`\n`, `\t`, `\"`, `\\`, and octal for other bytes), which GNU patch and
    /// `git apply` read back. A bare line break would end the header and let a folder's name
    /// write a hunk of its own; a bare escape would reach the terminal.
    package static func headerName(_ path: String) -> String {
        let bytes = Array(path.utf8)
        guard bytes.contains(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return path
        }
        var quoted = "\""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): quoted += "\\\""
            case UInt8(ascii: "\\"): quoted += "\\\\"
            case 0x07: quoted += "\\a"
            case 0x08: quoted += "\\b"
            case 0x09: quoted += "\\t"
            case 0x0A: quoted += "\\n"
            case 0x0B: quoted += "\\v"
            case 0x0C: quoted += "\\f"
            case 0x0D: quoted += "\\r"
            case 0x20...0x7E: quoted.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let octal = String(byte, radix: 8)
                quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return quoted + "\""
    }

    /// The diff of one file; `path` must pass `refusal(ofPath:)`.
    package static func unified(path: String, old: [UInt8], new: [UInt8]) -> String {
        let before = lines(of: old)
        let after = lines(of: new)
        let operations = script(before, after)
        let name = headerName(path)
        var text = "--- \(name)\n+++ \(name)\n"
        for hunk in hunks(of: operations) {
            let oldStart = hunk.first.map { $0.oldIndex } ?? 0
            let newStart = hunk.first.map { $0.newIndex } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            text += "@@ -\(start(oldStart, oldCount)),\(oldCount) +\(start(newStart, newCount)),\(newCount) @@\n"
            for operation in hunk {
                let line = operation.kind == .insert ? after[operation.newIndex] : before[operation.oldIndex]
                text += (operation.kind == .insert ? "+" : operation.kind == .delete ? "-" : " ") + line
                // By bytes: as a String, a line's "\r\n" is one Character, which neither "\n" nor "\r" ends.
                if line.utf8.last != UInt8(ascii: "\n") && line.utf8.last != UInt8(ascii: "\r") { text += "\n\\ No newline at end of file\n" }
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
