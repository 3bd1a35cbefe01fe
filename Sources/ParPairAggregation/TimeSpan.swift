/// A half-open span of instants in seconds since 2001, `start` ..< `end`.
struct TimeSpan {
    var start: Double
    var end: Double

    /// Seconds shared with `start ..< end`.
    func overlap(_ from: Double, _ to: Double) -> Double {
        max(0, min(end, to) - max(start, from))
    }
}
