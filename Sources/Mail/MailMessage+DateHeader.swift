import Foundation

extension MailMessage {
    /// The RFC 5322 §3.3 date-time for `date` as seen in `timeZone`, e.g. `Mon, 30 Nov 2026 07:00:00 +0100`.
    ///
    /// English day and month names whatever the process locale; fractions of a second are dropped;
    /// an offset that is not whole minutes (old local mean times) is cut to whole minutes, and the
    /// local time shown agrees with the offset shown. Dates outside the years 1–9999 are clamped.
    public static func dateHeaderValue(for date: Date, in timeZone: TimeZone) -> String {
        let earliest = -62_135_596_800.0  // 0001-01-01T00:00:00Z
        let latest = 253_402_300_799.0  // 9999-12-31T23:59:59Z
        let interval = date.timeIntervalSince1970
        let clamped = interval.isNaN ? 0 : min(max(interval.rounded(.down), earliest), latest)
        let offsetMinutes = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: clamped)) / 60
        let local = Int64(clamped) + Int64(offsetMinutes) * 60

        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        let weekday = Int(((days % 7) + 7 + 4) % 7)  // 1970-01-01 was a Thursday (index 4 from Sunday).

        let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let sign = offsetMinutes < 0 ? "-" : "+"
        let offset = abs(offsetMinutes)
        return "\(dayNames[weekday]), \(padded(day, 2)) \(monthNames[month - 1]) \(padded(year, 4)) "
            + "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2)) "
            + "\(sign)\(padded(offset / 60, 2))\(padded(offset % 60, 2))"
    }

    /// Proleptic Gregorian year, month and day for a count of days since 1970-01-01.
    private static func civilDate(daysSince1970: Int64) -> (year: Int64, month: Int, day: Int64) {
        // Shift to an epoch of 0000-03-01 so leap days fall at the end of each 400-year cycle's years.
        let shifted = daysSince1970 + 719_468
        let cycle = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfCycle = shifted - cycle * 146_097
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153  // 0 = March … 11 = February
        let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        let month = Int(marchMonth < 10 ? marchMonth + 3 : marchMonth - 9)
        let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func padded(_ value: some BinaryInteger, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
