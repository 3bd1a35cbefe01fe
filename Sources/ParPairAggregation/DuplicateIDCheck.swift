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
    /// The caller finds out itself whether any id repeats (with a `RepeatedIDCounter` per table, on
    /// whichever thread reads it), and aggregates again with `.fingerprints` if one did, which leaves
    /// those logs out. Here every log counts as the first with its id, and nothing is remembered.
    case countedByCaller
}
