import ParPairModel

/// Which age-weeks a report covers (week k = days of life 7k … 7k+6).
public enum WeekSelection: Sendable, Hashable, CustomStringConvertible {
    /// Every week from the first to the last week with logs, never past today (the default).
    case all
    /// Weeks `A` through `B` (`--weeks A-B`), cut at the week that holds today.
    case weeks(ClosedRange<Int>)
    /// The `n` weeks ending with the week that holds today (`--last N`).
    case last(Int)
    /// The weeks from the one holding a date through the one holding today (`--since`, a check-up).
    case since(CivilDate)

    /// Parses `A-B` (or a single week `A`) as given to `--weeks`; weeks count from 0.
    ///
    /// - Throws: `OptionValueError` when the text is not one or two week numbers, or `B` < `A`.
    ///
    /// ```swift
    /// try WeekSelection(parsingWeeks: "2-5")   // .weeks(2...5)
    /// ```
    public init(parsingWeeks text: String) throws(OptionValueError) {
        let expected = "a week range A-B with 0 ≤ A ≤ B ≤ \(WeekSelection.maximumWeek), such as 0-3"
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              let first = WeekSelection.weekNumber(parts[0]),
              let last = WeekSelection.weekNumber(parts[parts.count - 1]),
              first <= last
        else { throw OptionValueError(value: text, expected: expected) }
        self = .weeks(first...last)
    }

    /// Parses the count given to `--last`: a whole number of weeks, at least 1.
    ///
    /// - Throws: `OptionValueError` for anything else.
    public init(parsingLast text: String) throws(OptionValueError) {
        guard let count = WeekSelection.weekNumber(Substring(text)), count >= 1 else {
            throw OptionValueError(value: text, expected: "a number of weeks from 1 to \(WeekSelection.maximumWeek)")
        }
        self = .last(count)
    }

    /// `all`, `weeks 2-5` or `last 4`.
    public var description: String {
        switch self {
        case .all: "all"
        case .weeks(let range): "weeks \(range.lowerBound)-\(range.upperBound)"
        case .last(let count): "last \(count)"
        case .since(let date): "since \(date)"
        }
    }

    /// The weeks this selection covers for a baby whose today falls in `todayWeek` (negative before birth).
    func plan(todayWeek: Int, birthDate: CivilDate) -> PlannedWeeks {
        guard todayWeek >= 0 else { return .empty }
        switch self {
        case .all:
            return .fromLogs
        case .weeks(let range):
            let low = max(0, range.lowerBound)
            let high = min(range.upperBound, todayWeek)
            return low <= high ? .fixed(low...high) : .empty
        case .last(let count):
            guard count >= 1 else { return .empty }
            return .fixed((count > todayWeek ? 0 : todayWeek - count + 1)...todayWeek)
        case .since(let date):
            let first = max(0, Age(days: LifeCalendar.dayOfLife(date, bornOn: birthDate)).week)
            return first <= todayWeek ? .fixed(first...todayWeek) : .empty
        }
    }

    /// The largest week number accepted: 20 years of life, the span in which logs count (later ones are findings).
    public static let maximumWeek = 1_044

    private static func weekNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 7, text.allSatisfy({ $0.isASCII && $0.isNumber }), let week = Int(text),
              week <= maximumWeek else { return nil }
        return week
    }
}
