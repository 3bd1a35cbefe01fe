/// Where a log lands once its time is known.
enum Placement {
    /// In a selected week, on day `day` (0…6) of it. The week is held without a retain, so copying a
    /// placement costs no reference counting: a baby's weeks stay in its `weeks` for as long as the
    /// accumulator lives, and a placement lives only while one log is folded in (`BabyAccumulator.locate`).
    case week(Unmanaged<WeekAccumulator>, day: Int)
    /// Between the birthday and today but in a week the options leave out.
    case unselected
    /// In no week at all: before the birthday, after today, or at an invalid time.
    case noWeek

    /// Calls `body` with the week (borrowed, not retained) and the day in it, when the log is in a week.
    @inline(__always)
    func inWeek(_ body: (WeekAccumulator, Int) -> Void) {
        guard case .week(let week, let day) = self else { return }
        week._withUnsafeGuaranteedRef { body($0, day) }
    }

    /// The week's index and the day of life, when the log is in a week.
    var weekAndLifeDay: (week: Int, lifeDay: Int)? {
        guard case .week(let week, let day) = self else { return nil }
        return week._withUnsafeGuaranteedRef { ($0.index, $0.index * 7 + day) }
    }
}
