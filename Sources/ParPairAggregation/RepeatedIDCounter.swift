import Foundation
import ParPairModel

/// Counts the logs of one table whose id repeats an earlier log's, for an aggregator made with
/// `DuplicateIDCheck.countedByCaller`: the thread that reads a table counts its ids while reading, so
/// the thread that folds them in does not.
///
/// Fingerprints (`IDFingerprintSet.fingerprint(of:kind:)`) are appended as ids arrive and sorted once
/// in `finish()`, which costs less than a lookup in a table of millions of slots per log; 8 bytes per
/// log until then.
public struct RepeatedIDCounter: Sendable {
    public let kind: LogKind
    private var fingerprints: [UInt64] = []

    /// - Parameter expected: about how many logs the table holds (its row count), so the memory is
    ///   allocated once; any value works.
    public init(kind: LogKind, expected: Int) {
        self.kind = kind
        fingerprints.reserveCapacity(min(max(0, expected), IDFingerprintSet.largestPresize))
    }

    @inline(__always)
    public mutating func add(_ id: UUID) {
        fingerprints.append(IDFingerprintSet.fingerprint(of: id, kind: kind))
    }

    /// How many of the ids added repeated an earlier one (an id three times counts twice); the
    /// memory is freed.
    public mutating func finish() -> Int {
        let repeats = IDFingerprintSet.repeatedValues(in: &fingerprints)
        fingerprints = []
        return repeats
    }
}
