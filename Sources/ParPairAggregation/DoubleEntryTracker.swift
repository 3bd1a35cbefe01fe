import ParPairModel

/// Probable double entries of one baby: a log of the same kind, type, start minute, amount, unit and end
/// as one already counted, under another id (a double tap in the app). Logs arrive in start order, so
/// only the current minute's signatures are kept, per kind in a short array (a minute holds one or two
/// logs of a kind; a dictionary per log was a tenth of a large report's aggregation).
struct DoubleEntryTracker {
    private var minute: [Int64] = Array(repeating: .min, count: LogKind.allCases.count)
    private var seen: [[Int]] = Array(repeating: [], count: LogKind.allCases.count)

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
        let slot = kind.index
        let startMinute = Int64((start / 60).rounded(.down))
        if minute[slot] != startMinute {
            minute[slot] = startMinute
            seen[slot].removeAll(keepingCapacity: true)
        } else if seen[slot].contains(signature) {
            return true
        }
        seen[slot].append(signature)
        return false
    }
}
