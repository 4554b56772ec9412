/// Little-endian fields of zip records, read at fixed offsets of a record already bounds-checked.
struct ZipFields {
    let bytes: [UInt8]

    func uint16(_ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    func uint32(_ offset: Int) -> Int {
        uint16(offset) | uint16(offset + 2) << 16
    }

    /// Values above `Int.max` cannot be real sizes or offsets; they come back as `Int.max`,
    /// which every bound refuses.
    func uint64(_ offset: Int) -> Int {
        let high = uint32(offset + 4)
        guard high < 1 << 31 else { return Int.max }
        return uint32(offset) | high << 32
    }
}
