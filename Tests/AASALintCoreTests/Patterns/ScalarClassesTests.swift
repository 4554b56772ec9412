@testable import AASALintCore
import Testing

/// Labels that are pairwise disjoint or equal (a pattern's scalars, their case variants, `?` and `*`)
/// get their partition without refinement: the same classes, numbered the same, and every scalar
/// in the same class, as refinement gives, on generated labels (fixed seed), overlapping ones included.
@Suite struct ScalarClassesTests {
    private static let scalars: [UInt32] = [0, 0x2F, 0x41, 0x4B, 0x61, 0x62, 0x6B, 0x7A, 0x7F, 0x80, 0xE9, 0x17F, 0x212A, 0xFFFF, ScalarSet.maximum]

    @Test func disjointLabelsArePartitionedAsRefinementPartitionsThem() {
        var random = SplitMix64(seed: 0x5CA1A2)
        var differences: [String] = []
        for round in 0..<2_000 {
            let labels = (0..<random.next(below: 8)).map { _ in Self.label(&random, round: round) }
            let direct = ScalarClasses(separating: labels)
            let refined = ScalarClasses(separatingByRefinement: labels)
            guard direct.sets == refined.sets else {
                differences.append("\(labels): \(direct.sets) vs \(refined.sets)")
                continue
            }
            let probes = labels.flatMap { $0.ranges.flatMap { [$0.lowerBound, $0.upperBound, $0.upperBound &+ 1, $0.lowerBound &- 1] } } + Array(0..<130)
            for value in probes where value <= ScalarSet.maximum && direct.classIndex(of: value) != refined.classIndex(of: value) {
                differences.append("\(labels): scalar \(value) in class \(direct.classIndex(of: value)) vs \(refined.classIndex(of: value))")
            }
            for label in labels where direct.classes(in: label) != refined.classes(in: label) {
                differences.append("\(labels): classes in \(label) \(direct.classes(in: label)) vs \(refined.classes(in: label))")
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    /// The common refinement of partitions, found from their intervals, is the partition of all their classes.
    @Test func refiningPartitionsSeparatesAllTheirClasses() {
        var random = SplitMix64(seed: 0x2EF1)
        var differences: [String] = []
        for round in 0..<500 {
            let partitions = (0..<1 + random.next(below: 3)).map { _ in
                ScalarClasses(separating: (0..<random.next(below: 6)).map { _ in Self.label(&random, round: round) })
            }
            let refined = ScalarClasses(refining: partitions)
            let expected = ScalarClasses(separatingByRefinement: partitions.flatMap(\.sets))
            if refined.sets != expected.sets { differences.append("\(partitions.map(\.sets)): \(refined.sets) vs \(expected.sets)") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    /// Mostly single scalars and their case variants, which are disjoint or equal; one round in
    /// four adds ranges that overlap them.
    private static func label(_ random: inout SplitMix64, round: Int) -> ScalarSet {
        let scalar = scalars[random.next(below: scalars.count)]
        switch random.next(below: round % 4 == 0 ? 5 : 4) {
        case 0: return .all
        case 1: return ScalarSet(Unicode.Scalar(scalar).map { CaseFolding.equivalents(of: $0).ranges } ?? [scalar...scalar])
        case 4: return ScalarSet([scalar...min(scalar + UInt32(random.next(below: 300)), ScalarSet.maximum)])
        default: return ScalarSet([scalar...scalar])
        }
    }
}
