import ParPairModel

/// Probable double entries of one baby: a log of the same kind, type, start minute, amount, unit and end
/// as one already counted, under another id (a double tap in the app). Logs arrive in start order, so
/// only the current minute's signatures are kept, per kind in a short array (a minute holds one or two
/// logs of a kind; a dictionary per log was a tenth of a large report's aggregation).
///
/// Signatures are compared field by field, so two logs match exactly when those fields do (a hash of
/// them, as before, cost a SipHash per log and could in principle match two different logs).
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

    /// The signatures of one kind's logs in the current start minute: the first few in a short array, any
    /// more (a store with thousands of logs at one time) in a set, so such a minute is not quadratic.
    struct Minute<LogType: Hashable> {
        private var minute = Int64.min
        private var seen: [Signature<LogType>] = []
        private var more: Set<Signature<LogType>> = []
        private static var arrayLimit: Int { 8 }

        /// Whether a log with this start and signature repeats one seen in the same minute (and notes it).
        @inline(__always)
        mutating func isRepeat(start: Double, _ signature: Signature<LogType>) -> Bool {
            let startMinute = Int64((start / 60).rounded(.down))
            if minute != startMinute {
                minute = startMinute
                seen.removeAll(keepingCapacity: true)
                if !more.isEmpty { more.removeAll() }
            } else if seen.contains(signature) || more.contains(signature) {
                return true
            }
            if seen.count < Self.arrayLimit { seen.append(signature) } else { more.insert(signature) }
            return false
        }
    }
}
