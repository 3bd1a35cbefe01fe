import Foundation

/// Counts the ids of one collection (a table's rows) that repeat an earlier one, as they are read: the
/// thread that reads them counts them, so the thread that uses them does not.
///
/// Fingerprints (``IDFingerprintSet/fingerprint(of:salt:)``) are appended as ids arrive and sorted once
/// in `finish()`, which costs less than a lookup in a table of millions of slots per log: 8 bytes per
/// log until then, and as much again while sorting, in pages of their own (`PagedWords`) that go back to
/// the system at the table's end. Not copyable: a copy would share the memory, not the count.
public struct RepeatedIDCounter: ~Copyable {
    /// What the ids are fingerprinted with (the same id under another salt is told apart).
    public let salt: UInt64
    private var fingerprints: PagedWords
    private var finished = false

    /// - Parameters:
    ///   - salt: mixed into every fingerprint (a kind of log's, say).
    ///   - expected: about how many ids will come (a table's row count), so the memory is allocated once;
    ///     any value works.
    public init(salt: UInt64, expected: Int) {
        self.salt = salt
        fingerprints = PagedWords(capacity: min(max(0, expected), IDFingerprintSet.largestPresize))
    }

    @inline(__always)
    public mutating func add(_ id: UUID) {
        precondition(!finished, "an id was added after the counter finished")
        fingerprints.append(IDFingerprintSet.fingerprint(of: id, salt: salt))
    }

    /// How many of the ids added repeated an earlier one (an id three times counts twice); the memory
    /// goes back to the system. Call it once.
    public mutating func finish() -> Int {
        precondition(!finished, "the counter finished twice")
        finished = true
        defer { fingerprints.removeAll() }
        // The radix sort of many ids needs as much memory again; a few are sorted in place.
        var scratch = PagedWords(zeros: IDFingerprintSet.sortNeedsScratch(fingerprints.count) ? fingerprints.count : 0)
        return fingerprints.withWords { values in
            scratch.withWords { scratch in IDFingerprintSet.repeatedValues(in: values, scratch: scratch) }
        }
    }
}
