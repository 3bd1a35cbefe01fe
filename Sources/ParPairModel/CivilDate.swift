import TextBytes

/// A calendar date with no time and no zone (proleptic Gregorian), e.g. a birthday as read on a wall calendar.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; nil for anything else or a date that does not exist.
    public init?(iso text: String) {
        // `2026-10-30`, eight ASCII digits, is read on its bytes without splitting it into Characters; anything else
        // goes the general way, which reads signs (`+1`) as `Int` does.
        let bytes = text.utf8
        if bytes.count == 10, let shaped = Self.digitsOnly(bytes) {
            guard let date = shaped else { return nil }
            self = date
            return
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date of `YYYY-MM-DD` written in digits only: `.some(nil)` when no such date exists, nil when the bytes are not
    /// in that form.
    private static func digitsOnly(_ bytes: String.UTF8View) -> CivilDate?? {
        var year = 0, month = 0, day = 0
        for (position, byte) in bytes.enumerated() {
            if position == 4 || position == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            switch position {
            case ..<4: year = year * 10 + Int(digit)
            case ..<7: month = month * 10 + Int(digit)
            default: day = day * 10 + Int(digit)
            }
        }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return .some(nil) }
        return CivilDate(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before), by Howard Hinnant's days-from-civil algorithm.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// This date moved by a number of days.
    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Every date a store can hold, written digit by digit into one string (CSV rows carry two); other
        // years fall back to interpolation, with the same digits.
        if (0...9999).contains(year), (1...99).contains(month), (1...99).contains(day) {
            return ASCIIWriter.string(capacity: 10) { text in
                text.append(decimal: UInt64(year), minimumDigits: 4)
                text.append(UInt8(ascii: "-"))
                text.append(decimal: UInt64(month), minimumDigits: 2)
                text.append(UInt8(ascii: "-"))
                text.append(decimal: UInt64(day), minimumDigits: 2)
            }
        }
        let y = String(year).count < 4 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(y)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// The weekday, 1 = Monday … 7 = Sunday (ISO 8601).
    public var isoWeekday: Int {
        let n = dayNumber  // 1970-01-01 was a Thursday (4).
        return ((n % 7) + 7 + 3) % 7 + 1
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// The same day of the month `months` later (earlier when negative), or the month's last day when it
    /// is shorter: 2024-01-31 + 1 month = 2024-02-29, 2024-02-29 + 12 months = 2025-02-28.
    public func adding(months: Int) -> CivilDate {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : -((-index + 11) / 12)
        let newMonth = index - newYear * 12 + 1
        return CivilDate(year: newYear, month: newMonth, day: min(day, Self.daysInMonth(year: newYear, month: newMonth)))
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
