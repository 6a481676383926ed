/// FNV-1a, 64 bits: a small, fast, platform-independent hash for ids and cache keys.
///
/// Swift's `Hasher` is seeded per process, so it cannot name files that must stay
/// the same across runs and machines; this one can.
public struct StableHash: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(_ text: String) {
        for byte in text.utf8 { combine(byte: byte) }
        combine(byte: 0)  // separates "ab","c" from "a","bc"
    }

    /// Raw bytes, with no separator: for hashing a whole file.
    public mutating func combine(bytes: some Sequence<UInt8>) {
        for byte in bytes { combine(byte: byte) }
    }

    public mutating func combine(_ value: Int64) {
        var bits = UInt64(bitPattern: value)
        for _ in 0..<8 {
            combine(byte: UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    public mutating func combine(_ value: Int) { combine(Int64(value)) }

    private mutating func combine(byte: UInt8) {
        state ^= UInt64(byte)
        state &*= 0x0000_0100_0000_01b3
    }

    /// The hash as lowercase hexadecimal, `digits` long (at most 16).
    public func hex(digits: Int) -> String {
        // A final avalanche step spreads FNV's weak low bits over every digit.
        var x = state
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x &*= 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        let full = String(x, radix: 16)
        let padded = String(repeating: "0", count: 16 - full.count) + full
        return String(padded.prefix(max(1, min(16, digits))))
    }

    public static func hex(of parts: String..., digits: Int) -> String {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        return hash.hex(digits: digits)
    }
}
