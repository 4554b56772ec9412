/// The character classes of XML 1.0 that the tokenizer needs, over UTF-8 bytes.
enum XMLCharacters {
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Any byte of a non-ASCII character counts, which accepts every non-ASCII name XML allows
    /// (and a few it does not: harmless for reading property lists).
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isNameStart(first) else { return false }
        return text.utf8.allSatisfy(isNameCharacter)
    }

    /// The scalar for a character reference, when XML allows that character in a document.
    static func allowedScalar(_ value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: Unicode.Scalar(value)
        default: nil
        }
    }

    /// XML reads CR LF and a lone CR as LF.
    static func normalizingLineBreaks(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x0D) else { return String(decoding: bytes, as: UTF8.self) }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0D {
                normalized.append(0x0A)
                if index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                normalized.append(bytes[index])
            }
            index += 1
        }
        return String(decoding: normalized, as: UTF8.self)
    }

    /// Rejects bytes that are not UTF-8 and characters XML never allows (control characters
    /// other than tab and line breaks, U+FFFE, U+FFFF), at the first offending byte.
    static func validate(_ bytes: [UInt8], from start: Int) throws(PlistSyntaxError) {
        if bytes.count >= start + 2, (bytes[start] == 0xFF && bytes[start + 1] == 0xFE) || (bytes[start] == 0xFE && bytes[start + 1] == 0xFF) {
            throw PlistSyntaxError(kind: .unsupported, offset: start,
                                   message: "the file is UTF-16; aasalint reads UTF-8 property lists: save it as UTF-8")
        }
        try UTF8Validation.validate(bytes, from: start) { scalar, offset throws(PlistSyntaxError) in
            guard allowedScalar(scalar.value) == nil else { return }
            throw PlistSyntaxError(kind: .syntax, offset: offset,
                                   message: "the character \(codePointName(scalar.value)) is not allowed in XML; remove it")
        }
    }

    /// `U+0001` style, as people look code points up.
    static func codePointName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
