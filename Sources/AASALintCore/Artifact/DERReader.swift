/// One ASN.1 element: its identifier, and where its contents lie in the input.
struct DERElement: Sendable, Equatable {
    package enum TagClass: UInt8, Sendable {
        case universal = 0
        case application = 1
        case contextSpecific = 2
        case `private` = 3
    }

    package let tagClass: TagClass
    package let isConstructed: Bool
    package let tagNumber: UInt32
    /// The contents' bytes, without the end-of-contents octets of an indefinite length.
    package let contents: Range<Int>
    /// The offset just past the element, end-of-contents octets included.
    package let end: Int
    package let hasIndefiniteLength: Bool

    package func isUniversal(_ number: DERTag) -> Bool {
        tagClass == .universal && tagNumber == number.rawValue
    }

    package func isContextSpecific(_ number: UInt32) -> Bool {
        tagClass == .contextSpecific && tagNumber == number
    }
}

/// The universal tags the readers in this folder look for.
enum DERTag: UInt32, Sendable {
    case integer = 2
    case octetString = 4
    case objectIdentifier = 6
    case sequence = 16
    case set = 17
}

package struct DERSyntaxError: Error, Sendable, Equatable {
    package let offset: Int
    package let message: String
}

/// Reads ASN.1 elements from bytes without ever reading past the end: lengths that run past
/// their container, long-form lengths over four bytes, tag numbers over 28 bits and nesting deeper
/// than `maximumDepth` are errors. Strict DER (`.der`) also refuses indefinite and non-minimal
/// lengths; `.ber` accepts them on constructed elements, because Apple's provisioning profiles are
/// BER: indefinite lengths and, at times, a constructed OCTET STRING around the content.
struct DERReader: Sendable {
    package enum Encoding: Sendable {
        case der
        case ber
    }

    package static let maximumDepth = 32

    package let bytes: [UInt8]
    package let encoding: Encoding

    package init(_ bytes: [UInt8], encoding: Encoding = .der) {
        self.bytes = bytes
        self.encoding = encoding
    }

    /// The element starting at `offset`, which must end by `limit`.
    package func element(at offset: Int, limit: Int? = nil) throws(DERSyntaxError) -> DERElement {
        try element(at: offset, limit: min(limit ?? bytes.count, bytes.count), depth: 0)
    }

    /// The elements inside a constructed element, in order.
    package func children(of parent: DERElement) throws(DERSyntaxError) -> [DERElement] {
        guard parent.isConstructed else {
            throw DERSyntaxError(offset: parent.contents.lowerBound, message: "a primitive element has no elements inside")
        }
        var children: [DERElement] = []
        var offset = parent.contents.lowerBound
        while offset < parent.contents.upperBound {
            let child = try element(at: offset, limit: parent.contents.upperBound)
            children.append(child)
            offset = child.end
        }
        return children
    }

    /// The contents of a primitive element, or of a constructed BER string, joined in order.
    package func stringContents(of element: DERElement) throws(DERSyntaxError) -> [UInt8] {
        var joined: [UInt8] = []
        try appendStringContents(of: element, to: &joined, depth: 0)
        return joined
    }

    private func appendStringContents(of element: DERElement, to joined: inout [UInt8], depth: Int) throws(DERSyntaxError) {
        guard element.isConstructed else {
            joined += bytes[element.contents]
            return
        }
        guard encoding == .ber else {
            throw DERSyntaxError(offset: element.contents.lowerBound, message: "a constructed string is BER, not DER")
        }
        guard depth < Self.maximumDepth else {
            throw DERSyntaxError(offset: element.contents.lowerBound, message: "strings nested deeper than \(Self.maximumDepth)")
        }
        for segment in try children(of: element) {
            guard segment.tagClass == element.tagClass, segment.tagNumber == element.tagNumber else {
                throw DERSyntaxError(offset: segment.contents.lowerBound, message: "a segment of a constructed string has another tag")
            }
            try appendStringContents(of: segment, to: &joined, depth: depth + 1)
        }
    }

    private func element(at start: Int, limit: Int, depth: Int) throws(DERSyntaxError) -> DERElement {
        guard depth < Self.maximumDepth else {
            throw DERSyntaxError(offset: start, message: "elements nested deeper than \(Self.maximumDepth)")
        }
        var offset = start
        let identifier = try byte(at: &offset, limit: limit)
        let tagClass = DERElement.TagClass(rawValue: identifier >> 6)!
        let isConstructed = identifier & 0x20 != 0
        var tagNumber = UInt32(identifier & 0x1F)
        if tagNumber == 0x1F {
            tagNumber = try longTagNumber(at: &offset, limit: limit)
        }
        let lengthOffset = offset
        let first = try byte(at: &offset, limit: limit)
        if first == 0x80 {
            guard encoding == .ber, isConstructed else {
                throw DERSyntaxError(offset: lengthOffset, message: encoding == .der
                    ? "an indefinite length is BER, not DER" : "a primitive element cannot have an indefinite length")
            }
            return try indefiniteElement(tagClass: tagClass, tagNumber: tagNumber, contentsStart: offset, limit: limit, depth: depth)
        }
        var length = Int(first)
        if first & 0x80 != 0 {
            let count = Int(first & 0x7F)
            guard count <= 4 else {
                throw DERSyntaxError(offset: lengthOffset, message: "a length of \(count) bytes; at most 4 are read")
            }
            length = 0
            for _ in 0..<count {
                length = length << 8 | Int(try byte(at: &offset, limit: limit))
            }
            if encoding == .der, length < 0x80 || length >> (8 * (count - 1)) == 0 {
                throw DERSyntaxError(offset: lengthOffset, message: "a length not in its shortest form is BER, not DER")
            }
        }
        guard length <= limit - offset else {
            throw DERSyntaxError(offset: lengthOffset, message: "a length of \(length) bytes runs past the end (\(limit - offset) left)")
        }
        return DERElement(tagClass: tagClass, isConstructed: isConstructed, tagNumber: tagNumber,
                          contents: offset..<offset + length, end: offset + length, hasIndefiniteLength: false)
    }

    /// Contents run to the end-of-contents octets (0x00 0x00) that follow the last element inside.
    private func indefiniteElement(tagClass: DERElement.TagClass, tagNumber: UInt32, contentsStart: Int,
                                   limit: Int, depth: Int) throws(DERSyntaxError) -> DERElement {
        var offset = contentsStart
        while true {
            guard limit - offset >= 2 else {
                throw DERSyntaxError(offset: offset, message: "an indefinite length without end-of-contents octets")
            }
            if bytes[offset] == 0, bytes[offset + 1] == 0 {
                return DERElement(tagClass: tagClass, isConstructed: true, tagNumber: tagNumber,
                                  contents: contentsStart..<offset, end: offset + 2, hasIndefiniteLength: true)
            }
            offset = try element(at: offset, limit: limit, depth: depth + 1).end
        }
    }

    private func longTagNumber(at offset: inout Int, limit: Int) throws(DERSyntaxError) -> UInt32 {
        let start = offset
        var number: UInt32 = 0
        for _ in 0..<4 {
            let next = try byte(at: &offset, limit: limit)
            number = number << 7 | UInt32(next & 0x7F)
            if next & 0x80 == 0 { return number }
        }
        throw DERSyntaxError(offset: start, message: "a tag number over 28 bits")
    }

    private func byte(at offset: inout Int, limit: Int) throws(DERSyntaxError) -> UInt8 {
        guard offset < limit else {
            throw DERSyntaxError(offset: offset, message: "the data ends inside an element's identifier or length")
        }
        defer { offset += 1 }
        return bytes[offset]
    }
}
