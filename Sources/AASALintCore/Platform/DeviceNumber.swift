/// A file system's device number (`st_dev`) as 64 unsigned bits, for comparing and hashing.
/// `dev_t` is an unsigned 64-bit number on Linux but a signed Int32 on Darwin, where a device
/// with its top bit set (network volumes, disk images) is negative and `UInt64(_:)` traps.
/// The bit pattern keeps every device distinct on both.
enum DeviceNumber {
    static func bits<Raw: BinaryInteger>(_ raw: Raw) -> UInt64 {
        UInt64(truncatingIfNeeded: raw)
    }
}
