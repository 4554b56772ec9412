#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `bplist00`, the binary property list format, into the same tree as the XML reader.
/// Binary files have no lines to point at, so every span is empty: findings sit at the file
/// level and keep their pointers.
///
/// Every offset and count is checked against the file, object references may not form a
/// cycle, and a file whose shared objects would expand into an enormous tree is refused.
struct BinaryPlistReader {
    static let magic = Array("bplist".utf8)
    static let maximumDepth = 512
    /// Real entitlements hold a few hundred values; a shared object referenced from many
    /// places can make a small file expand exponentially.
    static let maximumValueCount = 100_000

    private let bytes: [UInt8]
    private let trailer: Trailer
    private var objectsInProgress = Set<Int>()
    private var valueCount = 0

    private struct Trailer {
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTableStart: Int
    }

    static func parse(_ bytes: [UInt8]) throws(PlistSyntaxError) -> PositionedValue {
        var reader = BinaryPlistReader(bytes: bytes, trailer: try readTrailer(bytes))
        return try reader.readObject(reader.trailer.topObject, depth: 0)
    }

    private init(bytes: [UInt8], trailer: Trailer) {
        self.bytes = bytes
        self.trailer = trailer
    }

    private static func readTrailer(_ bytes: [UInt8]) throws(PlistSyntaxError) -> Trailer {
        guard bytes.count >= 8, bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
            let version = String(decoding: bytes.prefix(8).dropFirst(6), as: UTF8.self)
            throw PlistSyntaxError(kind: .unsupported, offset: nil,
                                   message: "binary property list version \"\(version)\" is not supported; aasalint reads bplist00")
        }
        let trailerSize = 32
        guard bytes.count >= 8 + trailerSize + 1 else { throw corrupt("the file is too short to hold a binary property list") }
        let start = bytes.count - trailerSize
        let offsetSize = Int(bytes[start + 6])
        let referenceSize = Int(bytes[start + 7])
        let objectCount = unsignedInteger(bytes, at: start + 8, size: 8)
        let topObject = unsignedInteger(bytes, at: start + 16, size: 8)
        let offsetTableStart = unsignedInteger(bytes, at: start + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw corrupt("its trailer gives offset size \(offsetSize) and reference size \(referenceSize); both must be 1 to 8")
        }
        guard objectCount >= 1, topObject >= 0, topObject < objectCount, offsetTableStart >= 8,
              objectCount <= (start - offsetTableStart) / offsetSize, offsetTableStart < start
        else {
            throw corrupt("its trailer describes an object table that does not fit in the file")
        }
        return Trailer(offsetSize: offsetSize, referenceSize: referenceSize, objectCount: objectCount,
                       topObject: topObject, offsetTableStart: offsetTableStart)
    }

    private mutating func readObject(_ object: Int, depth: Int) throws(PlistSyntaxError) -> PositionedValue {
        guard object >= 0, object < trailer.objectCount else {
            throw Self.corrupt("a reference to object \(object), but the file has only \(trailer.objectCount)")
        }
        guard depth < Self.maximumDepth else { throw Self.corrupt("values are nested more than \(Self.maximumDepth) levels deep") }
        valueCount += 1
        guard valueCount <= Self.maximumValueCount else {
            throw PlistSyntaxError(kind: .refused, offset: nil,
                                   message: "the binary property list expands to more than \(Self.maximumValueCount) values (objects shared many times); aasalint refuses it")
        }
        let offset = Self.unsignedInteger(bytes, at: trailer.offsetTableStart + object * trailer.offsetSize, size: trailer.offsetSize)
        guard offset >= 8, offset < trailer.offsetTableStart else {
            throw Self.corrupt("object \(object) starts at offset \(offset), outside the object table")
        }
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x0:
            return try readSingleton(marker, object: object)
        case 0x1 where marker & 0x0F <= 4:
            let size = 1 << Int(marker & 0x0F)
            try require(offset + 1, size, for: object)
            return node(.number(integerText(at: offset + 1, size: size)))
        case 0x2:
            return node(.number(try realText(marker, at: offset + 1, object: object)))
        case 0x3 where marker == 0x33:
            try require(offset + 1, 8, for: object)
            let seconds = Double(bitPattern: UInt64(truncatingIfNeeded: Self.unsignedInteger(bytes, at: offset + 1, size: 8)))
            return node(.string(Self.dateText(secondsSince2001: seconds)))
        case 0x4:
            let (count, start) = try lengthAndStart(marker, at: offset, object: object)
            try require(start, count, for: object)
            return node(.string(Data(bytes[start..<(start + count)]).base64EncodedString()))
        case 0x5:
            let (count, start) = try lengthAndStart(marker, at: offset, object: object)
            try require(start, count, for: object)
            return node(.string(String(String.UnicodeScalarView(bytes[start..<(start + count)].map { Unicode.Scalar($0) }))))
        case 0x6:
            let (count, start) = try lengthAndStart(marker, at: offset, object: object)
            try require(start, count * 2, for: object)
            let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            return node(.string(String(decoding: units, as: UTF16.self)))
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            try require(offset + 1, size, for: object)
            return node(.number(String(Self.unsignedInteger(bytes, at: offset + 1, size: size))))
        case 0xA, 0xC:
            let references = try readReferences(marker, at: offset, count: 1, object: object)
            return try inProgress(object) { reader throws(PlistSyntaxError) in
                var elements: [PositionedValue] = []
                for reference in references {
                    elements.append(try reader.readObject(reference, depth: depth + 1))
                }
                return reader.node(.array(elements))
            }
        case 0xD:
            let references = try readReferences(marker, at: offset, count: 2, object: object)
            let half = references.count / 2
            return try inProgress(object) { reader throws(PlistSyntaxError) in
                var members: [PositionedMember] = []
                for (keyReference, valueReference) in zip(references[..<half], references[half...]) {
                    guard let key = try reader.readObject(keyReference, depth: depth + 1).stringValue else {
                        throw Self.corrupt("dictionary object \(object) has a key that is not a string")
                    }
                    let value = try reader.readObject(valueReference, depth: depth + 1)
                    members.append(PositionedMember(key: key, keySpan: 0..<0, value: value))
                }
                return reader.node(.object(members))
            }
        default:
            throw Self.corrupt("object \(object) has the unknown type marker 0x\(String(marker, radix: 16))")
        }
    }

    private func readSingleton(_ marker: UInt8, object: Int) throws(PlistSyntaxError) -> PositionedValue {
        switch marker {
        case 0x00: return node(.null)
        case 0x08: return node(.bool(false))
        case 0x09: return node(.bool(true))
        default: throw Self.corrupt("object \(object) has the unknown type marker 0x\(String(marker, radix: 16))")
        }
    }

    /// Marks `object` as being read while `read` reads its children, so a reference back to
    /// it is a cycle rather than endless recursion.
    private mutating func inProgress(
        _ object: Int,
        _ read: (inout BinaryPlistReader) throws(PlistSyntaxError) -> PositionedValue
    ) throws(PlistSyntaxError) -> PositionedValue {
        guard objectsInProgress.insert(object).inserted else {
            throw Self.corrupt("object \(object) contains itself")
        }
        defer { objectsInProgress.remove(object) }
        return try read(&self)
    }

    /// The object references of an array (`perEntry` 1) or dictionary (2: keys, then values).
    private func readReferences(_ marker: UInt8, at offset: Int, count perEntry: Int, object: Int) throws(PlistSyntaxError) -> [Int] {
        let (count, start) = try lengthAndStart(marker, at: offset, object: object)
        let referenceCount = count * perEntry
        try require(start, referenceCount * trailer.referenceSize, for: object)
        return (0..<referenceCount).map { Self.unsignedInteger(bytes, at: start + $0 * trailer.referenceSize, size: trailer.referenceSize) }
    }

    /// A length in the marker's low nibble, or (0xF) in the integer object that follows.
    private func lengthAndStart(_ marker: UInt8, at offset: Int, object: Int) throws(PlistSyntaxError) -> (count: Int, start: Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        try require(offset + 1, 1, for: object)
        let lengthMarker = bytes[offset + 1]
        guard lengthMarker >> 4 == 0x1, lengthMarker & 0x0F <= 3 else {
            throw Self.corrupt("object \(object) has a length that is not an integer")
        }
        let size = 1 << Int(lengthMarker & 0x0F)
        try require(offset + 2, size, for: object)
        let count = Self.unsignedInteger(bytes, at: offset + 2, size: size)
        guard count >= 0, count <= bytes.count else { throw Self.corrupt("object \(object) claims \(count) entries, more than the file could hold") }
        return (count, offset + 2 + size)
    }

    private func require(_ start: Int, _ count: Int, for object: Int) throws(PlistSyntaxError) {
        guard count >= 0, start <= trailer.offsetTableStart, count <= trailer.offsetTableStart - start else {
            throw Self.corrupt("object \(object) runs past the end of the object table")
        }
    }

    private func integerText(at offset: Int, size: Int) -> String {
        // 1, 2 and 4 byte integers are unsigned, 8 byte ones signed; 16 byte ones hold a
        // 64-bit value in their low half.
        let value = Self.unsignedInteger(bytes, at: offset + max(0, size - 8), size: min(size, 8))
        return size >= 8 ? String(Int64(truncatingIfNeeded: UInt64(truncatingIfNeeded: value))) : String(value)
    }

    private func realText(_ marker: UInt8, at offset: Int, object: Int) throws(PlistSyntaxError) -> String {
        switch marker & 0x0F {
        case 2:
            try require(offset, 4, for: object)
            return String(Double(Float(bitPattern: UInt32(Self.unsignedInteger(bytes, at: offset, size: 4)))))
        case 3:
            try require(offset, 8, for: object)
            return String(Double(bitPattern: UInt64(truncatingIfNeeded: Self.unsignedInteger(bytes, at: offset, size: 8))))
        default:
            throw Self.corrupt("object \(object) is a real number of an unsupported size")
        }
    }

    private func node(_ value: PositionedValue.Value) -> PositionedValue {
        PositionedValue(value: value, span: 0..<0)
    }

    /// Big-endian; callers have checked the bounds. Eight-byte values keep their bit pattern.
    private static func unsignedInteger(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return Int(truncatingIfNeeded: value)
    }

    private static func dateText(secondsSince2001 seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e11 else { return String(seconds) }
        return Date(timeIntervalSinceReferenceDate: seconds).formatted(.iso8601)
    }

    private static func corrupt(_ detail: String) -> PlistSyntaxError {
        PlistSyntaxError(kind: .syntax, offset: nil, message: "this binary property list is truncated or damaged (\(detail))")
    }
}
