import ParPairModel

/// Probable double entries of one baby: a log of the same kind, type, start minute, amount, unit and end
/// as one already counted, under another id (a double tap in the app). Logs arrive in start order, so
/// only the current minute's signatures are kept.
struct DoubleEntryTracker {
    private var minute: [LogKind: Int64] = [:]
    private var seen: [LogKind: Set<Int>] = [:]

    /// The signature of a log: everything that must match, hashed.
    @inline(__always)
    static func signature(type: some Hashable, end: Double?, amount: Double? = nil, unit: (some Hashable)? = Optional<Int>.none) -> Int {
        var hasher = Hasher()
        hasher.combine(type)
        hasher.combine(end.map { ($0 / 60).rounded(.down) })
        hasher.combine(amount)
        hasher.combine(unit)
        return hasher.finalize()
    }

    /// Whether a log with this start and signature repeats one seen in the same minute (and notes it).
    mutating func isRepeat(kind: LogKind, start: Double, signature: Int) -> Bool {
        let startMinute = Int64((start / 60).rounded(.down))
        if minute[kind] != startMinute {
            minute[kind] = startMinute
            seen[kind]?.removeAll(keepingCapacity: true)
        }
        return !seen[kind, default: []].insert(signature).inserted
    }
}
