import Foundation

/// Counts the logs of one table whose id repeats an earlier log's, for an aggregator that leaves that to
/// its caller (`DuplicateIDCheck.countedByCaller` in ParPairAggregation): the thread that reads a table counts its ids while reading, so
/// the thread that folds them in does not.
///
/// Fingerprints (`IDFingerprintSet.fingerprint(of:kind:)`) are appended as ids arrive and sorted once
/// in `finish()`, which costs less than a lookup in a table of millions of slots per log: 8 bytes per
/// log until then, and as much again while sorting, in pages of their own (`PagedWords`) that go back to
/// the system at the table's end. (From `malloc`, the megabytes a reading thread freed stayed in its
/// arena, and the HTML report's peak grew by 2 MB.) Not copyable: a copy would share the memory, not the count.
public struct RepeatedIDCounter: ~Copyable {
    public let kind: LogKind
    private let fingerprints: PagedWords
    private var count = 0
    private var finished = false

    /// - Parameter expected: about how many logs the table holds (its row count), so the memory is
    ///   allocated once; any value works.
    public init(kind: LogKind, expected: Int) {
        self.kind = kind
        fingerprints = PagedWords(capacity: min(max(0, expected), IDFingerprintSet.largestPresize))
    }

    @inline(__always)
    public mutating func add(_ id: UUID) {
        precondition(!finished, "a \(kind) id was added after the counter finished")
        if count == fingerprints.capacity { fingerprints.grow(to: count + 1, keeping: count) }
        fingerprints.base[count] = IDFingerprintSet.fingerprint(of: id, kind: kind)
        count += 1
    }

    /// How many of the ids added repeated an earlier one (an id three times counts twice); the memory
    /// goes back to the system. Call it once.
    public mutating func finish() -> Int {
        precondition(!finished, "the \(kind) counter finished twice")
        finished = true
        defer { fingerprints.free() }
        // The radix sort of many ids needs as much memory again; a few are sorted in place.
        let scratch = IDFingerprintSet.sortNeedsScratch(count) ? PagedWords(capacity: count) : nil
        return IDFingerprintSet.repeatedValues(
            in: fingerprints.buffer(count: count),
            scratch: scratch?.buffer(count: count) ?? UnsafeMutableBufferPointer(start: nil, count: 0))
    }
}
