import Foundation
import ParPairModel
import Testing

/// What Foundation's Gregorian calendar says, asked the way `LifeCalendar` asked it before its arithmetic:
/// the independent reference for local dates, clock times and the instants of clock times.
private struct FoundationAnswers {
    let calendar: Calendar
    let zone: TimeZone

    init(_ zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        self.calendar = calendar
        self.zone = zone
    }

    func civilDate(of date: Date) -> CivilDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    func minuteOfDay(_ date: Date) -> Int {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return parts.hour! * 60 + parts.minute!
    }

    /// `yyyy-MM-dd'T'HH:mm:ss` and the offset, from the calendar's components.
    func iso8601(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(repeating: "0", count: max(0, 4 - String(parts.year!).count)) + String(parts.year!)
        return "\(year)-\(two(parts.month!))-\(two(parts.day!))T\(two(parts.hour!)):\(two(parts.minute!)):\(two(parts.second!))"
            + "\(offset < 0 ? "-" : "+")\(two(abs(offset) / 3600)):\(two(abs(offset) / 60 % 60))"
    }

    /// The clock time's instant; in a gap, the day's first instant plus the minutes.
    func instant(on date: CivilDate, minutes: Int) -> Date {
        var parts = DateComponents(year: date.year, month: date.month, day: date.day, hour: minutes / 60, minute: minutes % 60)
        if let exact = calendar.date(from: parts), civilDate(of: exact) == date,
           calendar.component(.hour, from: exact) * 60 + calendar.component(.minute, from: exact) == minutes {
            return exact
        }
        parts.hour = 0
        parts.minute = 0
        let start = calendar.startOfDay(for: calendar.date(from: parts)!.addingTimeInterval(12 * 3600))
        return calendar.date(byAdding: .minute, value: minutes, to: start)!
    }
}

/// `LifeCalendar` computes local dates and clock times from the zone's offsets; each answer must be the one
/// Foundation's calendar gives, around every change of offset of zones with odd rules: daylight-saving gaps
/// and repeats at 02:00, at midnight (Santiago, Havana, Beirut, São Paulo until 2019), of 30 minutes (Lord
/// Howe), of two hours (Troll), negative (Dublin), suspended for Ramadan (Casablanca); whole days skipped
/// (Apia 2011, Kiritimati 1994); standard offsets changed (Moscow 2011 and 2014, Pyongyang 2015 and 2018).
@Suite struct LifeCalendarFoundationTests {
    static let zones = [
        "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Lord_Howe", "America/Santiago",
        "America/Havana", "Asia/Beirut", "America/Sao_Paulo", "Antarctica/Troll", "Africa/Casablanca",
        "Pacific/Apia", "Pacific/Kiritimati", "Europe/Moscow", "Asia/Pyongyang", "America/St_Johns",
        "Asia/Kathmandu", "Etc/GMT+12", "UTC",
    ]

    /// Clock times tried on each day near a change: every half hour, and minutes beside the usual change times.
    static let minutes = Array(stride(from: 0, to: 1440, by: 30)) + [1, 29, 59, 61, 89, 119, 121, 149, 179, 181, 1439]

    /// The zone's changes of offset from 1990 to 2030 (ICU's transitions, as Foundation reports them).
    static func transitions(of zone: TimeZone) -> [Date] {
        var changes: [Date] = []
        var cursor = Date(timeIntervalSinceReferenceDate: -347_155_200)  // 1990-01-01
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSinceReferenceDate < 915_148_800 {
            changes.append(next)
            cursor = next
        }
        return changes
    }

    @Test(arguments: zones)
    func localDatesAndClockTimesAreFoundations(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let calendar = LifeCalendar(timeZone: zone)
        let foundation = FoundationAnswers(zone)
        var instants: [Date] = []
        for change in Self.transitions(of: zone) {
            for delta in stride(from: -90_000.0, through: 90_000, by: 1_800) { instants.append(change.addingTimeInterval(delta)) }
            for delta in [-1.0, -0.25, 0.25, 1, 59.5] { instants.append(change.addingTimeInterval(delta)) }
        }
        // Every 9 days and a bit from 1901 to 2100, fractional seconds and instants before 1970 included.
        for step in 0..<8_200 { instants.append(Date(timeIntervalSinceReferenceDate: -3_155_673_600 + Double(step) * 777_601.375)) }
        for instant in instants {
            let seconds = instant.timeIntervalSinceReferenceDate
            #expect(calendar.civilDate(of: instant) == foundation.civilDate(of: instant), "\(identifier) \(seconds)")
            #expect(calendar.minuteOfDay(instant) == foundation.minuteOfDay(instant), "\(identifier) \(seconds)")
            #expect(calendar.iso8601(instant) == foundation.iso8601(instant), "\(identifier) \(seconds)")
        }
    }

    @Test(arguments: zones)
    func clockTimesOnDatesAreFoundations(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let calendar = LifeCalendar(timeZone: zone)
        let foundation = FoundationAnswers(zone)
        var dates: Set<CivilDate> = []
        for change in Self.transitions(of: zone) {
            let day = foundation.civilDate(of: change)
            for offset in -1...1 { dates.insert(day.adding(days: offset)) }
        }
        // Days far from any change, and the years at the ends of the arithmetic's range.
        for year in [1902, 1969, 1970, 2001, 2024, 2099, 9998] {
            dates.insert(CivilDate(year: year, month: 1, day: 15))
            dates.insert(CivilDate(year: year, month: 7, day: 15))
        }
        for date in dates {
            for minute in Self.minutes {
                #expect(
                    calendar.instant(on: date, minutes: minute) == foundation.instant(on: date, minutes: minute),
                    "\(identifier) \(date) \(minute)")
            }
        }
    }

    @Test func instantsOutsideTheArithmeticRangeAreFoundations() throws {
        // Before 1901 (local mean time, Julian dates before 1582) and after 9999.
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let calendar = LifeCalendar(timeZone: zone)
        let foundation = FoundationAnswers(zone)
        for seconds in [-63_113_904_000.0, -13_197_600_000, -3_155_673_601, -3_155_673_600, 252_423_993_599, 252_423_993_600] {
            let instant = Date(timeIntervalSinceReferenceDate: seconds)
            #expect(calendar.civilDate(of: instant) == foundation.civilDate(of: instant), "\(seconds)")
            #expect(calendar.minuteOfDay(instant) == foundation.minuteOfDay(instant), "\(seconds)")
        }
        for date in [CivilDate(year: 1, month: 1, day: 1), CivilDate(year: 1582, month: 10, day: 4), CivilDate(year: 1883, month: 11, day: 18)] {
            #expect(calendar.instant(on: date, minutes: 600) == foundation.instant(on: date, minutes: 600), "\(date)")
        }
    }
}
