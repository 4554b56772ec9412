/// A partition of all Unicode scalars into the classes an automaton cannot tell apart: the
/// coarsest one in which every transition label is a union of classes. Automata work on class
/// numbers, so the alphabet stays small whatever the size of Unicode.
struct ScalarClasses: Sendable {
    /// The lower bounds of the elementary intervals, ascending, the first one 0.
    private let starts: [UInt32]
    private let intervalClass: [Int32]
    private let asciiClass: [Int32]
    /// The members of each class.
    let sets: [ScalarSet]

    var count: Int { sets.count }

    init(separating labels: some Collection<ScalarSet>) {
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

    /// The coarsest partition finer than each of `partitions`: the same classes, numbered the
    /// same, as separating all their classes, found from their intervals alone.
    init(refining partitions: [ScalarClasses]) {
        var boundaries = partitions.flatMap(\.starts)
        boundaries.sort()
        var starts: [UInt32] = []
        starts.reserveCapacity(boundaries.count)
        for boundary in boundaries where starts.last != boundary { starts.append(boundary) }
        // A signature (the class in each partition) is one number when the counts allow.
        let fitsInInt = partitions.map(\.count).productWithoutOverflow != nil
        var classByNumber: [Int: Int32] = [:]
        var classBySignature: [[Int32]: Int32] = [:]
        var members: [[ClosedRange<UInt32>]] = []
        func classIndex<Key: Hashable>(of key: Key, in table: inout [Key: Int32]) -> Int32 {
            if let known = table[key] { return known }
            table[key] = Int32(members.count)
            members.append([])
            return Int32(members.count - 1)
        }
        var intervalClass: [Int32] = []
        intervalClass.reserveCapacity(starts.count)
        for (interval, start) in starts.enumerated() {
            let found = fitsInInt
                ? classIndex(of: partitions.reduce(0) { $0 * $1.count + $1.classIndex(of: start) }, in: &classByNumber)
                : classIndex(of: partitions.map { Int32($0.classIndex(of: start)) }, in: &classBySignature)
            let end = interval + 1 < starts.count ? starts[interval + 1] - 1 : ScalarSet.maximum
            members[Int(found)].append(start...end)
            intervalClass.append(found)
        }
        self.starts = starts
        self.intervalClass = intervalClass
        sets = members.map { ScalarSet($0) }
        asciiClass = (0..<128).map { intervalClass[Self.interval(containing: UInt32($0), in: starts)] }
    }

    /// For each class, its most readable member (`ScalarSet.representative`).
    var representatives: [UInt32] {
        var found = [UInt32?](repeating: nil, count: sets.count)
        for scalar in ScalarSet.readableOrder {
            let classIndex = self.classIndex(of: scalar.value)
            if found[classIndex] == nil { found[classIndex] = scalar.value }
        }
        return found.indices.map { found[$0] ?? sets[$0].representative?.value ?? sets[$0].ranges[0].lowerBound }
    }

    @inline(__always)
    func classIndex(of value: UInt32) -> Int {
        if value < 128 { return Int(asciiClass[Int(value)]) }
        return Int(intervalClass[Self.interval(containing: value, in: starts)])
    }

    /// The classes whose members all belong to `label` (every class is inside or outside it).
    func classes(in label: ScalarSet) -> [Int] {
        if label.ranges.count == 1, label.ranges[0].lowerBound == label.ranges[0].upperBound {
            return [classIndex(of: label.ranges[0].lowerBound)]
        }
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
