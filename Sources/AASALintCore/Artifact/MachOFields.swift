/// Integer fields of Mach-O records in the byte order the header's magic says.
struct MachOFields {
    let bytes: [UInt8]
    let bigEndian: Bool

    func uint32(_ offset: Int) -> Int {
        let values = (0..<4).map { Int(bytes[offset + $0]) }
        return bigEndian
            ? values[0] << 24 | values[1] << 16 | values[2] << 8 | values[3]
            : values[3] << 24 | values[2] << 16 | values[1] << 8 | values[0]
    }

    /// Values above `Int.max` come back as `Int.max`, which every bound refuses.
    func uint64(_ offset: Int) -> Int {
        let (high, low) = bigEndian ? (uint32(offset), uint32(offset + 4)) : (uint32(offset + 4), uint32(offset))
        guard high < 1 << 31 else { return Int.max }
        return high << 32 | low
    }
}
