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
        var boundaries: Set<UInt32> = [0]
        for label in labels {
            for range in label.ranges {
                boundaries.insert(range.lowerBound)
                if range.upperBound < ScalarSet.maximum { boundaries.insert(range.upperBound + 1) }
            }
        }
        let starts = boundaries.sorted()
        let distinctLabels = Array(Set(labels))
        var signatures = [[Bool]](repeating: [Bool](repeating: false, count: distinctLabels.count), count: starts.count)
        for (labelIndex, label) in distinctLabels.enumerated() {
            for range in label.ranges {
                var interval = Self.interval(containing: range.lowerBound, in: starts)
                while interval < starts.count, starts[interval] <= range.upperBound {
                    signatures[interval][labelIndex] = true
                    interval += 1
                }
            }
        }
        var classBySignature: [[Bool]: Int32] = [:]
        var members: [[ClosedRange<UInt32>]] = []
        var intervalClass: [Int32] = []
        intervalClass.reserveCapacity(starts.count)
        for (interval, signature) in signatures.enumerated() {
            let end = interval + 1 < starts.count ? starts[interval + 1] - 1 : ScalarSet.maximum
            let classIndex: Int32
            if let known = classBySignature[signature] {
                classIndex = known
            } else {
                classIndex = Int32(members.count)
                classBySignature[signature] = classIndex
                members.append([])
            }
            members[Int(classIndex)].append(starts[interval]...end)
            intervalClass.append(classIndex)
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
