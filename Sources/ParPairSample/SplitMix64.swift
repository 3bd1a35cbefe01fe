import Foundation

/// Sebastiano Vigna's SplitMix64: a small, fast, seedable generator. The same seed gives the same
/// numbers on every platform and Swift version (unlike `SystemRandomNumberGenerator`).
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `0..<1` with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A double in `range` (uniform).
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// An integer in `range` (uniform; the tiny modulo bias does not matter for samples).
    mutating func integer(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[integer(0...(elements.count - 1))]
    }

    /// A random version-4 UUID drawn from this generator.
    mutating func uuid() -> UUID {
        let a = next(), b = next()
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: a >> (8 * UInt64($0))) }
            + (0..<8).map { UInt8(truncatingIfNeeded: b >> (8 * UInt64($0))) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
