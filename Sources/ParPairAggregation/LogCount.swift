/// A count of logs in one day, in 32 bits: a large store's day tallies (seven per week) are most of
/// the aggregator's memory, and half of each is counts. Adding saturates instead of trapping; a day
/// would need four billion logs to reach the limit.
struct LogCount: ExpressibleByIntegerLiteral {
    private var stored: UInt32

    init(integerLiteral value: UInt32) {
        stored = value
    }

    /// The count.
    var value: Int {
        @inline(__always) get { Int(stored) }
    }

    @inline(__always)
    static func += (count: inout LogCount, amount: Int) {
        let (sum, overflow) = count.stored.addingReportingOverflow(UInt32(truncatingIfNeeded: max(0, min(amount, Int(UInt32.max)))))
        count.stored = overflow ? .max : sum
    }
}
