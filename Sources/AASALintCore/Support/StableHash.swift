/// A short hash that is the same on every platform and run (Swift's `Hasher` is seeded per
/// process), for SARIF fingerprints and baseline digests. FNV-1a 64: no crypto library needed.
enum StableHash {
    static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
