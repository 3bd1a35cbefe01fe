/// A time on the local wall clock, to the minute: a day start (`--day-start 05:30`) or a night bound.
public struct ClockTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Minutes after local midnight, 0..<1440.
    public let minutes: Int

    /// Local midnight.
    public static let midnight = ClockTime(validMinutes: 0)

    /// A clock time from minutes after midnight; nil outside 0..<1440.
    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// A clock time from an hour (0–23) and a minute (0–59); nil when either is out of range.
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.minutes = hour * 60 + minute
    }

    /// Parses `HH:MM` (24-hour clock, `00:00` to `23:59`; one-digit hours such as `7:00` are accepted).
    ///
    /// - Throws: `OptionValueError` naming the text and the expected form.
    ///
    /// ```swift
    /// try ClockTime(parsing: "05:30").minutes   // 330
    /// ```
    public init(parsing text: String) throws(OptionValueError) {
        let expected = "a clock time HH:MM from 00:00 to 23:59"
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              let time = ClockTime(hour: hour, minute: minute)
        else { throw OptionValueError(value: text, expected: expected) }
        self = time
    }

    init(validMinutes: Int) {
        precondition((0..<1440).contains(validMinutes), "clock minutes are validated by the caller")
        minutes = validMinutes
    }

    /// The hour, 0–23.
    public var hour: Int { minutes / 60 }
    /// The minute within the hour, 0–59.
    public var minute: Int { minutes % 60 }

    /// `HH:MM`.
    public var description: String {
        "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minutes < rhs.minutes }
}
