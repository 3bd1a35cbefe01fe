import Foundation

/// Local dates and clock times of instants in one zone, for long runs of instants in rising order
/// (an export of every log): the zone's UTC offset is looked up once per stretch between two of its
/// transitions, instead of once per instant, and the rest is ``LifeCalendar``'s arithmetic. Gives
/// exactly what ``LifeCalendar`` gives; instants before 1901 or after 9999, where calendars and
/// zone histories get odd (Julian dates, local mean time), are handed to the calendar itself.
public struct LocalTimeCache {
    public let calendar: LifeCalendar
    /// The offset known to hold from `validFrom` (inclusive) to `validUntil` (exclusive), seconds since 2001.
    private var validFrom = Double.infinity
    private var validUntil = -Double.infinity
    private var offset = 0

    public init(calendar: LifeCalendar) {
        self.calendar = calendar
    }

    /// Seconds east of UTC at `date`.
    public mutating func utcOffset(at date: Date) -> Int {
        let seconds = date.timeIntervalSinceReferenceDate
        if seconds >= validFrom, seconds < validUntil {
            return offset
        }
        offset = calendar.utcOffsetSeconds(at: date)
        validFrom = seconds
        validUntil = calendar.timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSinceReferenceDate
            ?? .infinity
        return offset
    }

    /// The local calendar date of `date`, as ``LifeCalendar/civilDate(of:)``.
    public mutating func civilDate(of date: Date) -> CivilDate {
        guard let (civil, _) = local(date) else { return calendar.civilDate(of: date) }
        return civil
    }

    /// `2024-06-01T14:05:30+02:00`, as ``LifeCalendar/iso8601(_:)``.
    public mutating func iso8601(_ date: Date) -> String {
        guard let (civil, secondOfDay) = local(date) else { return calendar.iso8601(date) }
        return LifeCalendar.iso8601(civil, secondOfDay: secondOfDay, utcOffset: offset)
    }

    /// The local date and whole seconds since local midnight, or nil outside the fast range.
    private mutating func local(_ date: Date) -> (CivilDate, Int)? {
        let seconds = date.timeIntervalSinceReferenceDate
        guard LifeCalendar.arithmeticRange.contains(seconds) else { return nil }
        let local = LifeCalendar.local(seconds: seconds, offset: utcOffset(at: date))
        return (local.date, local.secondOfDay)
    }
}
