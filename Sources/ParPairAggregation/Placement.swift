/// Where a log lands once its time is known.
enum Placement {
    /// In a selected week, on day `day` (0…6) of it: `slot` is the week's place in its baby's
    /// `BabyAccumulator.weeks`, `week` the week's index (completed weeks of life).
    case week(slot: Int, week: Int, day: Int)
    /// Between the birthday and today but in a week the options leave out.
    case unselected
    /// In no week at all: before the birthday, after today, or at an invalid time.
    case noWeek

    /// The week's index and the day of life, when the log is in a week.
    var weekAndLifeDay: (week: Int, lifeDay: Int)? {
        guard case .week(_, let week, let day) = self else { return nil }
        return (week, week * 7 + day)
    }
}
