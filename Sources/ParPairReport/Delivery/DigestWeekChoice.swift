/// Which age-week a digest covers (week k = days of life 7k … 7k+6).
public enum DigestWeekChoice: Sendable, Hashable {
    /// Each baby's most recent complete week before today (the default).
    case latestComplete
    /// Week N of every baby (`--week N`), when it is complete.
    case week(Int)

    /// Whether week `week` is complete on a day of life `today`: its last day, 7k+6, is before today.
    ///
    /// Today itself never counts as done, even late in the evening, so a digest made on any day of
    /// week k+1 gives the same figures: the one made at 07:00 on Monday and one made by hand at 23:00.
    public static func isComplete(week: Int, dayOfLifeToday today: Int) -> Bool {
        week >= 0 && 7 * week + 6 < today
    }

    /// The newest complete week on day of life `today`, nil before day 7.
    ///
    /// ```swift
    /// DigestWeekChoice.latestCompleteWeek(dayOfLifeToday: 6)    // nil: week 0 ends today
    /// DigestWeekChoice.latestCompleteWeek(dayOfLifeToday: 7)    // 0
    /// DigestWeekChoice.latestCompleteWeek(dayOfLifeToday: 20)   // 1: week 2 (days 14-20) ends today
    /// ```
    public static func latestCompleteWeek(dayOfLifeToday today: Int) -> Int? {
        today >= 7 ? (today - 7) / 7 : nil
    }
}
