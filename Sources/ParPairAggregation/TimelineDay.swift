/// The timeline items of one day while logs stream in (only the last days of the selection are kept).
struct TimelineDay {
    var sleeps: [DayTimeline.Sleep] = []
    var feeds: [DayTimeline.Feed] = []
    /// With the instant and row of each diaper, so ties within a minute sort the same in any input order.
    var diapers: [(diaper: DayTimeline.Diaper, time: Double, rowID: Int64)] = []
}
