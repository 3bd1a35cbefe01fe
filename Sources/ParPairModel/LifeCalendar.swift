import Foundation
import TextBytes

/// The age engine: turns instants into local calendar days and days of life in one time zone.
///
/// Ages follow the app: days since birth = calendar days between the local start of day of the
/// birthday and of the date, whatever time of day the birthday was stored at. Report days may start
/// at another clock time (`--day-start`), which moves day boundaries but never age labels.
///
/// Local dates and clock times are arithmetic on the zone's UTC offset, which gives what Foundation's
/// Gregorian calendar gives (tested against it, zone by zone, around every offset change), without making a
/// `Calendar` (which reads the system's zone first) or asking it per log. The calendar still answers what the arithmetic
/// leaves: instants before 1901 or after 9999 (Julian dates before 1582, local mean time), and clock
/// times within a day of one of the zone's offset changes (a daylight-saving gap or repeat).
public struct LifeCalendar: Sendable {
    public let timeZone: TimeZone
    /// Minutes after local midnight at which a report day starts (0 = midnight).
    public let dayStartMinutes: Int

    /// 1901-01-01 and 9999-12-31 UTC, in seconds since 2001: the instants whose local date is arithmetic.
    static let arithmeticRange = -3_155_673_600.0 ... 252_423_993_599.0
    /// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
    private static let referenceSince1970 = 978_307_200

    /// - Parameters:
    ///   - timeZone: the zone in which days are counted.
    ///   - dayStartMinutes: when report days begin, in minutes after midnight (0..<1440).
    public init(timeZone: TimeZone, dayStartMinutes: Int = 0) {
        precondition((0..<1440).contains(dayStartMinutes), "day start is validated by the caller")
        self.timeZone = timeZone
        self.dayStartMinutes = dayStartMinutes
    }

    /// The local date and the whole seconds since local midnight of an instant (seconds since 2001) at
    /// `offset` seconds east of UTC, rounded down to the second as Foundation's calendar does.
    static func local(seconds: Double, offset: Int) -> (date: CivilDate, secondOfDay: Int) {
        let local = Int((seconds + Double(offset)).rounded(.down)) + referenceSince1970
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (CivilDate(dayNumber: day), local - day * 86_400)
    }

    /// `local(seconds:offset:)` in this zone; nil outside `arithmeticRange`.
    private func local(_ date: Date) -> (date: CivilDate, secondOfDay: Int, offset: Int)? {
        let seconds = date.timeIntervalSinceReferenceDate
        guard Self.arithmeticRange.contains(seconds) else { return nil }
        let offset = timeZone.secondsFromGMT(for: date)
        let (civil, secondOfDay) = Self.local(seconds: seconds, offset: offset)
        return (civil, secondOfDay, offset)
    }

    /// Foundation's Gregorian calendar in this zone, for what the arithmetic leaves. Made only when asked, since
    /// making one resolves the system's zone first.
    private var foundationCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// The local calendar date of an instant.
    public func civilDate(of date: Date) -> CivilDate {
        if let local = local(date) { return local.date }
        let parts = foundationCalendar.dateComponents([.year, .month, .day], from: date)
        return CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The day of life a calendar date is for a baby born on `birthDate` (0 on the birth date): the one
    /// place where an age is a difference of dates.
    public static func dayOfLife(_ date: CivilDate, bornOn birthDate: CivilDate) -> Int {
        date.dayNumber - birthDate.dayNumber
    }

    /// The app's age of a baby born at `birthday` on the local day of `date`.
    public func age(birthday: Date, at date: Date) -> Age {
        Age(days: Self.dayOfLife(civilDate(of: date), bornOn: civilDate(of: birthday)))
    }

    /// The age on a calendar date (e.g. `--today`).
    public func age(birthday: Date, on date: CivilDate) -> Age {
        Age(days: Self.dayOfLife(date, bornOn: civilDate(of: birthday)))
    }

    /// The instant a local clock time happens on a calendar date. In a daylight-saving gap the
    /// clock time does not exist and the first instant after the gap is used.
    public func instant(on date: CivilDate, minutes: Int = 0) -> Date {
        // Away from any change of the zone's offset, the clock reading less the offset. Offsets since 1901
        // lie within -12 h ... +14 h, so the instants that could read `wall` lie between the two probes.
        if (1902...9998).contains(date.year), (0..<1440).contains(minutes) {
            let wall = Double((date.dayNumber - Self.referenceSince1970 / 86_400) * 86_400 + minutes * 60)
            let before = timeZone.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: wall - 15 * 3600))
            if before == timeZone.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: wall + 13 * 3600)) {
                let instant = Date(timeIntervalSinceReferenceDate: wall - Double(before))
                if timeZone.secondsFromGMT(for: instant) == before { return instant }
            }
        }
        return foundationInstant(on: date, minutes: minutes)
    }

    /// `instant(on:minutes:)` through Foundation's calendar: near an offset change, and outside the years
    /// the arithmetic covers.
    private func foundationInstant(on date: CivilDate, minutes: Int) -> Date {
        let calendar = foundationCalendar
        var parts = DateComponents()
        parts.year = date.year
        parts.month = date.month
        parts.day = date.day
        parts.hour = minutes / 60
        parts.minute = minutes % 60
        if let exact = calendar.date(from: parts), civilDate(of: exact) == date,
           calendar.component(.hour, from: exact) * 60 + calendar.component(.minute, from: exact) == minutes {
            return exact
        }
        // Midnight or the requested time fell into a gap: find the first instant at or after it.
        parts.hour = 0
        parts.minute = 0
        let midnight = calendar.date(from: parts) ?? Date(timeIntervalSince1970: Double(date.dayNumber) * 86_400)
        let start = calendar.startOfDay(for: midnight.addingTimeInterval(12 * 3600))
        return calendar.date(byAdding: .minute, value: minutes, to: start) ?? start
    }

    /// Where report day `n` of life begins: the birthday's local date plus `n` days, at the day start.
    /// Such a day lasts 23 or 25 hours across a daylight-saving change.
    public func startOfLifeDay(_ n: Int, birthday: Date) -> Date {
        instant(on: civilDate(of: birthday).adding(days: n), minutes: dayStartMinutes)
    }

    /// The local date of the report day that holds `date` (before the day start it is the previous date).
    public func reportDate(of date: Date) -> CivilDate {
        let civil = civilDate(of: date)
        guard dayStartMinutes > 0 else { return civil }
        return date < instant(on: civil, minutes: dayStartMinutes) ? civil.adding(days: -1) : civil
    }

    /// The report day of life (0 = day of birth) on which `date` falls, honouring the day start.
    public func lifeDay(of date: Date, birthday: Date) -> Int {
        Self.dayOfLife(reportDate(of: date), bornOn: civilDate(of: birthday))
    }

    /// Minutes since local midnight of an instant (0..<1440), for night/day splits and clock charts.
    public func minuteOfDay(_ date: Date) -> Int {
        if let local = local(date) { return local.secondOfDay / 60 }
        let parts = foundationCalendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    /// Seconds east of UTC at an instant (for ISO 8601 offsets).
    public func utcOffsetSeconds(at date: Date) -> Int { timeZone.secondsFromGMT(for: date) }

    /// The local date and time of an instant in ISO 8601 with its offset: `2024-06-01T14:05:30+02:00`.
    public func iso8601(_ date: Date) -> String {
        if let local = local(date) {
            return Self.iso8601(local.date, secondOfDay: local.secondOfDay, utcOffset: local.offset)
        }
        let parts = foundationCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let civil = CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        return Self.iso8601(
            civil, secondOfDay: (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0),
            utcOffset: timeZone.secondsFromGMT(for: date))
    }

    /// `2024-06-01T14:05:30+02:00` from its parts, written digit by digit rather than interpolated (a long export
    /// writes two a row).
    static func iso8601(_ civil: CivilDate, secondOfDay: Int, utcOffset offset: Int) -> String {
        let magnitude = abs(offset) / 60
        guard (0...9999).contains(civil.year), (0...99).contains(civil.month), (0...99).contains(civil.day),
              (0..<86_400).contains(secondOfDay), magnitude < 100 * 60 else {
            return "\(civil)T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
                + "\(offset < 0 ? "-" : "+")\(two(magnitude / 60)):\(two(magnitude % 60))"
        }
        return ASCIIWriter.string(capacity: 25) { text in
            func digits(_ value: Int, _ count: Int) { text.append(decimal: UInt64(value), minimumDigits: count) }
            digits(civil.year, 4)
            text.append(UInt8(ascii: "-"))
            digits(civil.month, 2)
            text.append(UInt8(ascii: "-"))
            digits(civil.day, 2)
            text.append(UInt8(ascii: "T"))
            digits(secondOfDay / 3600, 2)
            text.append(UInt8(ascii: ":"))
            digits(secondOfDay / 60 % 60, 2)
            text.append(UInt8(ascii: ":"))
            digits(secondOfDay % 60, 2)
            text.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            digits(magnitude / 60, 2)
            text.append(UInt8(ascii: ":"))
            digits(magnitude % 60, 2)
        }
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
