import Foundation
import ParPairModel

/// The instants at which local dates begin (at the day start), computed once per date and shared by
/// the babies of one aggregation: siblings and twins live the same dates, and each is a calendar
/// computation through Foundation. A shared reference, asked only when a week is made or a week's start
/// is first looked up, never per row.
final class DayStarts {
    let calendar: LifeCalendar
    /// Minutes after midnight at which a day begins (`--day-start`).
    let minutes: Int
    private var instants: [Int: Double] = [:]

    init(calendar: LifeCalendar, minutes: Int) {
        self.calendar = calendar
        self.minutes = minutes
    }

    /// `calendar.instant(on: date, minutes: minutes)` in seconds since 2001.
    func instant(on date: CivilDate) -> Double {
        if let known = instants[date.dayNumber] { return known }
        let instant = calendar.instant(on: date, minutes: minutes).timeIntervalSinceReferenceDate
        instants[date.dayNumber] = instant
        return instant
    }
}
