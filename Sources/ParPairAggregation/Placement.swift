/// Where a log lands once its time is known.
enum Placement {
    /// In a selected week, on day `day` (0…6) of it.
    case week(WeekAccumulator, day: Int)
    /// Between the birthday and today but in a week the options leave out.
    case unselected
    /// In no week at all: before the birthday, after today, or at an invalid time.
    case noWeek

    /// Calls `body` with the week and the day in it, when the log is in a week.
    @inline(__always)
    func inWeek(_ body: (WeekAccumulator, Int) -> Void) {
        guard case .week(let week, let day) = self else { return }
        body(week, day)
    }

    /// The week's index and the day of life, when the log is in a week.
    var weekAndLifeDay: (week: Int, lifeDay: Int)? {
        guard case .week(let week, let day) = self else { return nil }
        return (week.index, week.index * 7 + day)
    }
}
