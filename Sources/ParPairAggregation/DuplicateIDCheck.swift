import Foundation
import ParPairModel

/// How the aggregator finds a second log of the same kind with the same id.
///
/// The first log read with an id counts; later ones are `duplicate_id` findings, left out of counts
/// and totals (they are the same log recorded twice). With sorted input "first" is the earliest.
public enum DuplicateIDCheck: Sendable, Hashable {
    /// Remember a 64-bit fingerprint of every id read: works with any reader, and costs about
    /// 8–16 bytes per log of a table until `Aggregator.finishTable(_:)` (the only memory that grows with
    /// the number of logs).
    case fingerprints
    /// The reader already knows which ids occur more than once in each table (for example from
    /// `SELECT ZID FROM ZFOODLOG GROUP BY ZID HAVING count(*) > 1`); only those are tracked, so memory
    /// stays flat however many logs there are.
    case known([LogKind: Set<UUID>])
    /// Only find out whether any id repeats: every log counts as the first with its id, and once a
    /// table is finished `Aggregator.repeatedIDs` says how many logs of it repeated an earlier id (the
    /// caller then aggregates again with `.fingerprints`, which leaves those logs out). Fingerprints
    /// are appended as logs arrive and sorted when the table ends, which costs less than a lookup in a
    /// table of millions of slots per log; 8 bytes per log of a table until its end.
    case countAtEnd
}
