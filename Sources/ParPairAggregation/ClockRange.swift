/// A stretch of the local wall clock that may wrap past midnight, such as the night `19:00-07:00`.
///
/// The range is half-open: it contains `start` and stops just before `end`. When `end` is earlier
/// than `start` the range wraps midnight.
public struct ClockRange: Sendable, Hashable, CustomStringConvertible {
    /// The first clock time inside the range.
    public let start: ClockTime
    /// The first clock time after the range.
    public let end: ClockTime

    /// The default night, 19:00 to 07:00.
    public static let defaultNight = ClockRange(
        validStart: ClockTime(validMinutes: 19 * 60), end: ClockTime(validMinutes: 7 * 60))

    /// A range from `start` up to `end`; nil when both are equal (the range would be empty or the whole day).
    public init?(start: ClockTime, end: ClockTime) {
        guard start != end else { return nil }
        self.start = start
        self.end = end
    }

    /// Parses `HH:MM-HH:MM`, e.g. `19:00-07:00` or `20:30-06:00`.
    ///
    /// - Throws: `OptionValueError` when either clock time is malformed or both are equal.
    public init(parsing text: String) throws(OptionValueError) {
        let expected = "a clock range HH:MM-HH:MM such as 19:00-07:00, with different start and end"
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw OptionValueError(value: text, expected: expected) }
        let start: ClockTime
        let end: ClockTime
        do {
            start = try ClockTime(parsing: String(parts[0]))
            end = try ClockTime(parsing: String(parts[1]))
        } catch {
            throw OptionValueError(value: text, expected: expected)
        }
        guard let range = ClockRange(start: start, end: end) else {
            throw OptionValueError(value: text, expected: expected)
        }
        self = range
    }

    private init(validStart: ClockTime, end: ClockTime) {
        self.start = validStart
        self.end = end
    }

    /// True when the range runs past midnight (`start` later than `end`).
    public var wrapsMidnight: Bool { start > end }

    /// True when a clock time, in minutes after midnight, falls inside the range.
    public func contains(minuteOfDay minute: Int) -> Bool {
        wrapsMidnight
            ? minute >= start.minutes || minute < end.minutes
            : minute >= start.minutes && minute < end.minutes
    }

    /// `HH:MM-HH:MM`.
    public var description: String { "\(start)-\(end)" }
}
