/// Where a log lands once its time is known.
enum Placement {
    /// In a selected week, on day `day` (0…6) of it.
    case week(WeekAccumulator, day: Int)
    /// Between the birthday and today but in a week the options leave out.
    case unselected
    /// In no week at all: before the birthday, after today, or at an invalid time.
    case noWeek
}
