/// A partition of all Unicode scalars into the classes an automaton cannot tell apart: the
/// coarsest one in which every transition label is a union of classes. Automata work on class
/// numbers, so the alphabet stays small whatever the size of Unicode.
public struct ScalarClasses: Sendable {
    /// The lower bounds of the elementary intervals, ascending, the first one 0.
    private let starts: [UInt32]
    private let intervalClass: [Int32]
    private let asciiClass: [Int32]
    /// The members of each class.
    public let sets: [ScalarSet]

    public var count: Int { sets.count }

    public init(separating labels: some Collection<ScalarSet>) {
        let distinctLabels = Array(Set(labels))
        var boundaries: [UInt32] = [0]
        for label in distinctLabels {
            for range in label.ranges {
                boundaries.append(range.lowerBound)
                if range.upperBound < ScalarSet.maximum { boundaries.append(range.upperBound + 1) }
            }
        }
        boundaries.sort()
        var starts: [UInt32] = []
        starts.reserveCapacity(boundaries.count)
        for boundary in boundaries where starts.last != boundary { starts.append(boundary) }
        // Partition refinement: each label splits every class it cuts into the part inside
        // it (a fresh number) and the part outside (the old one), touching only its intervals.
        var intervalClass = [Int32](repeating: 0, count: starts.count)
        var classCount: Int32 = 1
        var splitInto = [Int32](repeating: -1, count: 1)
        var splitRound = [Int](repeating: -1, count: 1)
        for (round, label) in distinctLabels.enumerated() {
            for range in label.ranges {
                var interval = Self.interval(containing: range.lowerBound, in: starts)
                while interval < starts.count, starts[interval] <= range.upperBound {
                    let old = Int(intervalClass[interval])
                    if splitRound[old] != round {
                        splitRound[old] = round
                        splitInto[old] = classCount
                        classCount += 1
                        splitInto.append(-1)
                        splitRound.append(-1)
                    }
                    intervalClass[interval] = splitInto[old]
                    interval += 1
                }
            }
        }
        // Numbered by first interval, so that the partition does not depend on label order.
        var renumbered = [Int32](repeating: -1, count: Int(classCount))
        var members: [[ClosedRange<UInt32>]] = []
        for interval in starts.indices {
            let old = Int(intervalClass[interval])
            if renumbered[old] < 0 {
                renumbered[old] = Int32(members.count)
                members.append([])
            }
            let end = interval + 1 < starts.count ? starts[interval + 1] - 1 : ScalarSet.maximum
            intervalClass[interval] = renumbered[old]
            members[Int(renumbered[old])].append(starts[interval]...end)
        }
        self.starts = starts
        self.intervalClass = intervalClass
        sets = members.map { ScalarSet($0) }
        asciiClass = (0..<128).map { intervalClass[Self.interval(containing: UInt32($0), in: starts)] }
    }

    @inline(__always)
    public func classIndex(of value: UInt32) -> Int {
        if value < 128 { return Int(asciiClass[Int(value)]) }
        return Int(intervalClass[Self.interval(containing: value, in: starts)])
    }

    /// The classes whose members all belong to `label` (every class is inside or outside it).
    public func classes(in label: ScalarSet) -> [Int] {
        if label.ranges.allSatisfy({ $0.lowerBound == $0.upperBound }) {
            return Array(Set(label.ranges.map { classIndex(of: $0.lowerBound) })).sorted()
        }
        return sets.indices.filter { index in sets[index].ranges.first.map { label.contains($0.lowerBound) } ?? false }
    }

    private static func interval(containing value: UInt32, in starts: [UInt32]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
