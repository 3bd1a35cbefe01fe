/// The timeline items of one day while logs stream in (only the last days of the selection are kept).
///
/// Structs, not tuples, in the arrays: an array of tuples is copied and destroyed through the runtime's generic
/// tuple witnesses (a call per element), which a 10k store's main thread paid once a log.
struct TimelineDay {
    var sleeps: [DayTimeline.Sleep] = []
    var feeds: [DayTimeline.Feed] = []
    /// With the instant and row of each diaper, so ties within a minute sort the same in any input order.
    var diapers: [TimedDiaper] = []

    /// An empty day with room for a newborn's logs, for a day that logs are about to go to: grown one log at a
    /// time (1, 2, 4, 8, 16), each array's earlier buffers were freed through the standard library's unspecialized
    /// array deinit, 2,000 times at 10k logs.
    static func readyForLogs() -> TimelineDay {
        var day = TimelineDay()
        day.sleeps.reserveCapacity(8)
        day.feeds.reserveCapacity(16)
        day.diapers.reserveCapacity(16)
        return day
    }

    struct TimedDiaper {
        let diaper: DayTimeline.Diaper
        let time: Double
        let rowID: Int64
    }
}
