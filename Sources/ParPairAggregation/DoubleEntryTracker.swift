import Foundation
import ParPairModel

/// Probable double entries of one baby: a log of the same kind, type, start minute, amount, unit and end
/// as one already counted, under another id (a double tap in the app, or the second parent logging the
/// same diaper later, back-dated). Each kind's logs arrive in the baby's start order whatever order they
/// were saved in, so a log and its copy meet in their minute: only the current minute's signatures are
/// kept, per kind in a short array (a minute holds one or two logs of a kind).
///
/// Signatures are compared field by field: two logs match exactly when those fields do, never by a
/// shared hash alone.
struct DoubleEntryTracker {
    var food = Minute<FoodType>()
    /// Sleeps have no type: every sleep's is `0`.
    var sleep = Minute<Int>()
    var diaper = Minute<DiaperType>()
    var activity = Minute<ActivityType>()

    /// Everything that must match besides the start minute.
    struct Signature<LogType: Hashable>: Hashable {
        let type: LogType
        /// The end's minute (seconds since 2001 over 60, rounded down); nil without an end.
        let endMinute: Double?
        let amount: Double?
        let unit: FeedingUnit?

        @inline(__always)
        init(type: LogType, end: Double?, amount: Double? = nil, unit: FeedingUnit? = nil) {
            self.type = type
            endMinute = end.map { ($0 / 60).rounded(.down) }
            self.amount = amount
            self.unit = unit
        }
    }

    /// The log a signature was first seen with: of two copies, the one saved later (the higher `Z_PK`) is the
    /// one listed as logged twice, whichever of them comes first in start order.
    struct Seen {
        let id: UUID
        let rowID: Int64
        let start: Double
    }

    /// The signatures of one kind's logs in the current start minute: the first few in a short array, any
    /// more (a store with thousands of logs at one time) in a dictionary, so such a minute is not quadratic.
    struct Minute<LogType: Hashable> {
        private var minute = Int64.min
        /// The first `count` entries are this minute's; the rest are an earlier minute's, left to be overwritten,
        /// never read: a new minute (about once a log) resets `count` instead of emptying the array.
        private var seen: [(Signature<LogType>, Seen)] = []
        private var count = 0
        private var more: [Signature<LogType>: Seen] = [:]
        private static var arrayLimit: Int { 8 }

        /// The log this one repeats in its minute, if any; a log that repeats none is noted. Of the two, the
        /// one saved first stays noted.
        @inline(__always)
        mutating func repeated(start: Double, _ signature: Signature<LogType>, id: UUID, rowID: Int64) -> Seen? {
            let startMinute = Int64((start / 60).rounded(.down))
            let log = Seen(id: id, rowID: rowID, start: start)
            if minute != startMinute {
                minute = startMinute
                count = 0
                if !more.isEmpty { more.removeAll() }
            } else if let index = seen[..<count].firstIndex(where: { $0.0 == signature }) {
                let earlier = seen[index].1
                if rowID < earlier.rowID { seen[index].1 = log }
                return earlier
            } else if let earlier = more[signature] {
                if rowID < earlier.rowID { more[signature] = log }
                return earlier
            }
            if count < Self.arrayLimit {
                if count < seen.count { seen[count] = (signature, log) } else { seen.append((signature, log)) }
                count += 1
            } else {
                more[signature] = log
            }
            return nil
        }
    }
}
