import Foundation

/// A set of 64-bit fingerprints of log ids, in one flat open-addressing table (linear probing, load ≤ ⅘).
///
/// A fingerprint mixes all 128 bits of the id with a salt (the log kind's), so ids that differ in either half
/// never collide by construction of the mix; two random ids share a fingerprint with probability
/// about n²/2⁶⁵ (3·10⁻⁸ at a million logs).
public struct IDFingerprintSet: Sendable {
    private var slots: [UInt64]
    private var count = 0

    /// An empty set with room for `capacity` slots (a power of two; 0 holds nothing until the first insert).
    public init(capacity: Int = 1024) {
        slots = [UInt64](repeating: 0, count: capacity)
    }

    /// The largest table sized in advance: 2²² slots, 32 MiB (a row count is only a hint; a larger
    /// table still grows as ids arrive).
    public static let largestPresize = 1 << 22

    /// Whether nothing was inserted.
    public var isEmpty: Bool { count == 0 }

    /// The smallest power-of-two capacity that holds `count` fingerprints within the load limit.
    public static func capacity(for count: Int) -> Int {
        var capacity = 1024
        while capacity < largestPresize, !fits(max(0, count), in: capacity) { capacity *= 2 }
        return capacity
    }

    /// Whether `count` fingerprints stay within the load limit of ⅘ in `capacity` slots.
    private static func fits(_ count: Int, in capacity: Int) -> Bool { count <= capacity - capacity / 5 }

    /// Inserts a fingerprint; false when it was already there.
    public mutating func insert(_ fingerprint: UInt64) -> Bool {
        let value = fingerprint == 0 ? 1 : fingerprint  // 0 marks an empty slot
        if !Self.fits(count + 1, in: slots.count) { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: value >> 20) & mask
        // Unchecked: the mask keeps every probe inside the table (a table of millions of slots made the
        // bounds checks a visible part of a scan).
        let inserted = slots.withUnsafeMutableBufferPointer { table -> Bool in
            while true {
                let stored = table[slot]
                if stored == 0 {
                    table[slot] = value
                    return true
                }
                if stored == value { return false }
                slot = (slot + 1) & mask
            }
        }
        if inserted { count += 1 }
        return inserted
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: max(1024, old.count * 2))
        count = 0
        for value in old where value != 0 { _ = insert(value) }
    }

    /// How many values repeat an earlier equal value (each value beyond the first of its kind counts),
    /// found by sorting `values` in place: a least-significant-digit radix sort of 11 bits a pass (six
    /// passes over the array and a buffer of its size), which for hundreds of thousands of random
    /// fingerprints costs less than as many probes of a hash table larger than the cache.
    public static func repeatedValues(in values: inout [UInt64]) -> Int {
        guard values.count > 1 else { return 0 }
        sort(&values)
        return values.withUnsafeBufferPointer { repeats(inSorted: $0) }
    }

    /// ``repeatedValues(in:)`` for values in memory of the caller's, which also gives the sort's scratch
    /// memory (as many words, when ``sortNeedsScratch(_:)``): both are overwritten.
    static func repeatedValues(in values: UnsafeMutableBufferPointer<UInt64>, scratch: UnsafeMutableBufferPointer<UInt64>) -> Int {
        guard values.count > 1 else { return 0 }
        sort(values, scratch: scratch)
        return repeats(inSorted: UnsafeBufferPointer(values))
    }

    private static func repeats(inSorted values: UnsafeBufferPointer<UInt64>) -> Int {
        var repeats = 0
        for index in 1..<values.count where values[index] == values[index - 1] { repeats += 1 }
        return repeats
    }

    /// How many distinct values occur more than once in `values` (a value three times counts once), found
    /// by sorting `values` in place as ``repeatedValues(in:)`` does.
    public static func valuesThatRepeat(in values: inout [UInt64]) -> Int {
        guard values.count > 1 else { return 0 }
        sort(&values)
        var repeating = 0
        for index in 1..<values.count where values[index] == values[index - 1] && (index == 1 || values[index - 1] != values[index - 2]) {
            repeating += 1
        }
        return repeating
    }

    /// Whether sorting `count` values needs scratch memory: fewer are sorted in place, more by the radix sort.
    static func sortNeedsScratch(_ count: Int) -> Bool { count >= 1024 }

    private static func sort(_ values: inout [UInt64]) {
        var scratch = sortNeedsScratch(values.count) ? [UInt64](repeating: 0, count: values.count) : []
        values.withUnsafeMutableBufferPointer { values in
            scratch.withUnsafeMutableBufferPointer { scratch in sort(values, scratch: scratch) }
        }
    }

    private static func sort(_ values: UnsafeMutableBufferPointer<UInt64>, scratch: UnsafeMutableBufferPointer<UInt64>) {
        if sortNeedsScratch(values.count) {
            radixSort(values, scratch: scratch)
        } else {
            var inPlace = values
            inPlace.sort()
        }
    }

    /// Sorts `values`, using `scratch` (at least as long) in between: six passes of 11 bits, each from one
    /// buffer into the other, so the sorted values end where they began.
    private static func radixSort(_ values: UnsafeMutableBufferPointer<UInt64>, scratch: UnsafeMutableBufferPointer<UInt64>) {
        precondition(scratch.count >= values.count, "the radix sort's scratch is shorter than its values")
        let bits = 11
        let buckets = 1 << bits
        var counts = [Int](repeating: 0, count: buckets)
        var source = values
        var target = UnsafeMutableBufferPointer(rebasing: scratch[0..<values.count])
        var shift: UInt64 = 0
        while shift < 64 {
            counts.withUnsafeMutableBufferPointer { count in
                for index in 0..<buckets { count[index] = 0 }
                let mask = UInt64(buckets - 1)
                for value in source { count[Int((value >> shift) & mask)] += 1 }
                var position = 0
                for index in 0..<buckets {
                    let size = count[index]
                    count[index] = position
                    position += size
                }
                for value in source {
                    let digit = Int((value >> shift) & mask)
                    target[count[digit]] = value
                    count[digit] += 1
                }
            }
            swap(&source, &target)
            shift += UInt64(bits)
        }
    }

    /// The fingerprint of an id among the ids of one `salt` (a kind of log's, say): ids of different salts
    /// get unrelated fingerprints.
    public static func fingerprint(of id: UUID, salt: UInt64) -> UInt64 {
        let (high, low) = withUnsafeBytes(of: id.uuid) {
            ($0.loadUnaligned(fromByteOffset: 0, as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        return mix(high ^ mix(low ^ salt))
    }

    /// The fingerprint of a value of another type than a 16-byte id (a text, a blob of another length), as
    /// a store may hold one: the bytes folded 8 at a time, tagged with their length and `tag`.
    public static func fingerprint(of bytes: UnsafeRawBufferPointer, tag: UInt64) -> UInt64 {
        var hash = mix(UInt64(bytes.count) ^ tag)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
        return mix(hash ^ tail)
    }

    /// ``fingerprint(of:tag:)`` of UTF-8 bytes (a text's, as a database hands them over).
    public static func fingerprint(of bytes: UnsafeBufferPointer<UInt8>, tag: UInt64) -> UInt64 {
        fingerprint(of: UnsafeRawBufferPointer(bytes), tag: tag)
    }

    /// ``fingerprint(of:tag:)`` of a text's UTF-8 bytes.
    public static func fingerprint(of text: String, tag: UInt64) -> UInt64 {
        var text = text
        return text.withUTF8 { fingerprint(of: UnsafeRawBufferPointer($0), tag: tag) }
    }

    /// SplitMix64's finalizer: a bijection on 64-bit values that spreads every input bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
