import Foundation
import ParPairModel

/// How logs are cut into days and weeks and how figures are shown.
///
/// ```swift
/// let options = AggregationOptions(
///     timeZone: TimeZone(identifier: "Europe/Berlin")!,
///     today: CivilDate(year: 2024, month: 6, day: 1),
///     dayStart: try ClockTime(parsing: "02:00"),
///     weeks: try WeekSelection(parsingWeeks: "0-3"))
/// ```
public struct AggregationOptions: Sendable, Hashable {
    /// The zone in which days are counted (`--tz`).
    public var timeZone: TimeZone
    /// The last day the report covers (`--today`); later logs are findings.
    public var today: CivilDate
    /// When report days begin on the local clock (`--day-start`, default 00:00).
    public var dayStart: ClockTime
    /// The local clock range counted as night for `night_sleep_h` (`--night`, default 19:00-07:00).
    public var night: ClockRange
    /// Millilitres or ounces for every volume figure (`--units`).
    public var units: VolumeUnits
    /// The weeks to summarize (`--weeks A-B`, `--last N`, or all).
    public var weeks: WeekSelection
    /// Which days of the selected weeks get a ``DaySummary``: all of them, or only the last few
    /// (a report that shows two weeks of days need not hold years of them in memory).
    public var days: DaySelection
    /// The clock's time: a report day that has not ended by then is in progress, shown but left out of
    /// every per-day figure and of `days_logged`.
    public var now: Date
    /// The selected babies' term (`--due-date`, `--born-at`): babies born before 37 weeks get a corrected
    /// age and bands for it; nil for none. It stands for every baby of the run, before `namedTerms`.
    public var birthTerm: BirthTerm?
    /// Each baby's own term, as a family file gives them (`[baby NAME]` with `due-date` or `born-at`), by the name
    /// or id `--baby` takes; resolved against the store's babies into `babyTerms` before anything is counted.
    public var namedTerms: [NamedBirthTerm] = []
    /// Each baby's own term, by id (`namedTerms` resolved).
    public var babyTerms: [UUID: BirthTerm] = [:]
    /// How many days, up to today, the 24-hour timeline covers (14; a visit's period, up to 42).
    public var timelineDays = 14
    /// From this instant on, fewer of the family's phones hold logs: the earliest last backup of several phones'
    /// (nil for one phone). A day that ends after it is shown, marked, and left out of per-day figures, judgements and
    /// comparisons, as a day in progress is.
    public var fewerPhonesFrom: Date?
    /// Feeds that start within this many minutes of the current feeding's end (the latest end of its feeds) are one feeding (`--session-gap`).
    public var sessionGapMinutes = AggregationOptions.defaultSessionGapMinutes
    /// 30 minutes: a breastfeed and its bottle top-up, or the second breast logged on its own, are one feeding.
    public static let defaultSessionGapMinutes = 30

    public init(
        timeZone: TimeZone, today: CivilDate, dayStart: ClockTime = .midnight,
        night: ClockRange = .defaultNight, units: VolumeUnits = .metric, weeks: WeekSelection = .all,
        days: DaySelection = .all, now: Date = Date()
    ) {
        self.now = now
        self.timeZone = timeZone
        self.today = today
        self.dayStart = dayStart
        self.night = night
        self.units = units
        self.weeks = weeks
        self.days = days
    }

    /// Minutes after local midnight at which report days begin.
    public var dayStartMinutes: Int { dayStart.minutes }

    /// The time zone with this identifier (`--tz Europe/Berlin`).
    ///
    /// - Throws: `OptionValueError` for an identifier the system does not know.
    public static func timeZone(named identifier: String) throws(OptionValueError) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else {
            throw OptionValueError(value: identifier, expected: "a time zone identifier such as Europe/Berlin")
        }
        return zone
    }

    /// The local date of an instant in `timeZone`, e.g. the default `--today` from `Date()`.
    public func civilDate(of date: Date) -> CivilDate {
        LifeCalendar(timeZone: timeZone, dayStartMinutes: 0).civilDate(of: date)
    }
}

extension AggregationOptions {
    /// The term a baby's ages are corrected by: the run's `birthTerm`, else the baby's own.
    public func term(for baby: Baby) -> BirthTerm? { birthTerm ?? babyTerms[baby.id] }
}

/// One baby's term by the name (or id) it is known by, and where it was given, for errors.
public struct NamedBirthTerm: Sendable, Hashable {
    /// A name or id, as `--baby` takes it.
    public var baby: String
    public var term: BirthTerm
    /// `family:12` — the file and line that gave it.
    public var origin: String

    public init(baby: String, term: BirthTerm, origin: String) {
        self.baby = baby
        self.term = term
        self.origin = origin
    }
}
