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
        self = Self(separatingDisjoint: labels) ?? Self(separatingByRefinement: labels)
    }

    /// The partition by refinement, whatever the labels: what `init(separating:)` gives.
    init(separatingByRefinement labels: some Collection<ScalarSet>) {
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
            Self.append(starts[interval]...end, to: &members[Int(renumbered[old])])
        }
        self.starts = starts
        self.intervalClass = intervalClass
        sets = members.map { ScalarSet(normalized: $0) }
        asciiClass = Self.asciiClasses(starts: starts, intervalClass: intervalClass)
    }

    /// The partition of labels that are pairwise disjoint or equal, apart from labels of every
    /// scalar (which separate nothing), as refinement would number it: each distinct label a class,
    /// and the scalars of none another. Nil for labels that overlap otherwise. Most patterns'
    /// labels are such (literal scalars, their case variants, `?` and `*`), and building their
    /// partition this way, without a set of labels or a search per interval, took most of the time
    /// of compiling them.
    private init?(separatingDisjoint labels: some Collection<ScalarSet>) {
        var sorted = labels.filter { !$0.isEmpty && $0 != .all }
        sorted.sort { $0.ranges[0].lowerBound < $1.ranges[0].lowerBound }
        var distinct: [ScalarSet] = []
        distinct.reserveCapacity(sorted.count)
        var rangeCount = 0
        for label in sorted {
            if let last = distinct.last, last.ranges[0].lowerBound == label.ranges[0].lowerBound {
                guard last == label else { return nil }
                continue
            }
            distinct.append(label)
            rangeCount += label.ranges.count
        }
        var ranges: [(range: ClosedRange<UInt32>, label: Int)] = []
        ranges.reserveCapacity(rangeCount)
        for (label, set) in distinct.enumerated() {
            for range in set.ranges { ranges.append((range, label)) }
        }
        // Labels of one range each are in order already.
        if rangeCount > distinct.count { ranges.sort { $0.range.lowerBound < $1.range.lowerBound } }
        var starts: [UInt32] = []
        var intervalClass: [Int32] = []
        starts.reserveCapacity(2 * rangeCount + 1)
        intervalClass.reserveCapacity(2 * rangeCount + 1)
        // Each label is a class of its own, numbered when first met; the scalars of none are the last "label".
        let outside = distinct.count
        var classOfLabel = [Int32](repeating: -1, count: distinct.count + 1)
        var sets: [ScalarSet] = []
        sets.reserveCapacity(distinct.count + 1)
        var outsideRanges: [ClosedRange<UInt32>] = []
        func add(_ interval: ClosedRange<UInt32>, of label: Int) {
            if classOfLabel[label] < 0 {
                classOfLabel[label] = Int32(sets.count)
                sets.append(label == outside ? .empty : distinct[label])
            }
            starts.append(interval.lowerBound)
            intervalClass.append(classOfLabel[label])
            if label == outside { outsideRanges.append(interval) }
        }
        var next: UInt32 = 0
        for (range, label) in ranges {
            guard range.lowerBound >= next else { return nil }
            if range.lowerBound > next { add(next...(range.lowerBound - 1), of: outside) }
            add(range, of: label)
            next = range.upperBound + 1
        }
        if next <= ScalarSet.maximum { add(next...ScalarSet.maximum, of: outside) }
        if classOfLabel[outside] >= 0 { sets[Int(classOfLabel[outside])] = ScalarSet(normalized: outsideRanges) }
        self.starts = starts
        self.intervalClass = intervalClass
        self.sets = sets
        asciiClass = Self.asciiClasses(starts: starts, intervalClass: intervalClass)
    }

    /// The class of each ASCII scalar, read off the intervals in one pass.
    private static func asciiClasses(starts: [UInt32], intervalClass: [Int32]) -> [Int32] {
        var classes = [Int32](repeating: 0, count: 128)
        classes.withUnsafeMutableBufferPointer { classes in
            for (interval, start) in starts.enumerated() {
                guard start < 128 else { break }
                let end = interval + 1 < starts.count ? min(Int(starts[interval + 1]), 128) : 128
                for value in Int(start)..<end { classes[value] = intervalClass[interval] }
            }
        }
        return classes
    }

    /// The coarsest partition finer than each of `partitions`: the same classes, numbered the
    /// same, as separating all their classes, found from their intervals alone.
    init(refining partitions: [ScalarClasses]) {
        var boundaries = partitions.flatMap(\.starts)
        boundaries.sort()
        var starts: [UInt32] = []
        starts.reserveCapacity(boundaries.count)
        for boundary in boundaries where starts.last != boundary { starts.append(boundary) }
        // A signature (the class in each partition) is one number when the counts allow, and
        // indexes an array when there are few (two partitions of a few dozen classes each).
        let signatureCount = partitions.map(\.count).productWithoutOverflow
        var classOfSmallNumber = [Int32](repeating: -1, count: signatureCount.map { $0 <= Self.mostArraySignatures ? $0 : 0 } ?? 0)
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
            let found: Int32
            if signatureCount != nil {
                let number = partitions.reduce(0) { $0 * $1.count + $1.classIndex(of: start) }
                if classOfSmallNumber.isEmpty {
                    found = classIndex(of: number, in: &classByNumber)
                } else {
                    if classOfSmallNumber[number] < 0 {
                        classOfSmallNumber[number] = Int32(members.count)
                        members.append([])
                    }
                    found = classOfSmallNumber[number]
                }
            } else {
                found = classIndex(of: partitions.map { Int32($0.classIndex(of: start)) }, in: &classBySignature)
            }
            let end = interval + 1 < starts.count ? starts[interval + 1] - 1 : ScalarSet.maximum
            Self.append(start...end, to: &members[Int(found)])
            intervalClass.append(found)
        }
        self.starts = starts
        self.intervalClass = intervalClass
        sets = members.map { ScalarSet(normalized: $0) }
        asciiClass = Self.asciiClasses(starts: starts, intervalClass: intervalClass)
    }

    private static let mostArraySignatures = 1 << 14

    /// Appends an interval above every range of `ranges`, joined to the last when adjacent: the
    /// ranges stay sorted, disjoint and never adjacent, with nothing to sort afterwards.
    private static func append(_ interval: ClosedRange<UInt32>, to ranges: inout [ClosedRange<UInt32>]) {
        if let last = ranges.last, last.upperBound + 1 == interval.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound...interval.upperBound
        } else {
            ranges.append(interval)
        }
    }

    /// For each class, its most readable member (`ScalarSet.representative`).
    var representatives: [UInt32] {
        var found = [UInt32?](repeating: nil, count: sets.count)
        for scalar in ScalarSet.readableOrder {
            let classIndex = self.classIndex(of: scalar.value)
            if found[classIndex] == nil { found[classIndex] = scalar.value }
        }
        // A class without a readable member found above has none.
        return found.indices.map { found[$0] ?? sets[$0].representativeBeyondReadable?.value ?? sets[$0].ranges[0].lowerBound }
    }

    @inline(__always)
    func classIndex(of value: UInt32) -> Int {
        if value < 128 { return Int(asciiClass[Int(value)]) }
        return Int(intervalClass[Self.interval(containing: value, in: starts)])
    }

    /// The classes whose members all belong to `label` (every class is inside or outside it).
    func classes(in label: ScalarSet) -> [Int] {
        guard let first = label.ranges.first else { return [] }
        let firstClass = classIndex(of: first.lowerBound)
        // A label that is one class holds no other: most labels of a pattern's partition.
        if label.ranges.count == 1 && first.lowerBound == first.upperBound || sets[firstClass] == label { return [firstClass] }
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
