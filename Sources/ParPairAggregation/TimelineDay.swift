/// The timeline items of one day while logs stream in (only the last days of the selection are kept).
struct TimelineDay {
    var sleeps: [DayTimeline.Sleep] = []
    var feeds: [DayTimeline.Feed] = []
    var diapers: [DayTimeline.Diaper] = []
}
