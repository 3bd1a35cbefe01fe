import Foundation
import ParPairModel

/// One day of life of one baby (0 = day of birth), from its local start (day start) to the next.
public struct DaySummary: Sendable, Hashable {
    /// The baby's id.
    public var babyID: UUID
    /// The baby's name, the `baby` column.
    public var babyName: String
    /// The day of life (0 = day of birth).
    public var day: Int
    /// The local date on which the day starts.
    public var date: CivilDate
    /// True when at least one log of any kind starts in the day.
    public var logged: Bool
    /// The day's totals.
    public var metrics: LogMetrics
    /// How many findings are listed for logs of this day.
    public var findings: Int
    /// The units volume columns use.
    public var units: VolumeUnits
    /// The corrected age in days (negative before the due date); nil when no correction applies.
    public var correctedDay: Int?
    /// Hours from the last feed of an earlier day to this day's first feed; nil when there is none. With
    /// `longestFeedGapHours` (gaps inside the day) it gives the longest gap over a span of days, when the
    /// span holds `feedGapFromDay` and every day between is logged.
    public var feedGapIntoDayHours: Double?
    /// The day of life of that earlier feed.
    public var feedGapFromDay: Int?
    /// The report's last day while it has not ended by the clock: shown, but left out of per-day figures.
    public var inProgress: Bool
    /// A day that ends after a phone of the family was last backed up (`AggregationOptions.fewerPhonesFrom`): some of
    /// its logs may be on that phone only, so it is shown, but left out of per-day figures and never judged.
    public var fewerPhones = false

    /// Whether the day holds a log of each kind: a figure of a kind the day holds no log of is "not logged", never 0.
    public var hasFeeds: Bool { metrics.feeds > 0 }
    public var hasDiapers: Bool { metrics.diapers > 0 }
    public var hasSleep: Bool { metrics.sleeps > 0 || metrics.sleepHours > 0 }
    public var hasActivities: Bool { metrics.activities > 0 }

    /// Whether the day holds a log of `kind` (sleep: hours asleep in it, a sleep begun the evening before too): else its
    /// cells of that kind are "not logged", never 0.
    public func holds(_ kind: LogKind) -> Bool {
        switch kind {
        case .food: hasFeeds
        case .sleep: hasSleep
        case .diaper: hasDiapers
        case .activity: hasActivities
        }
    }

    /// 1 when the day is logged and holds a log of `kind`, else 0: a daily CSV cell.
    private func loggedFlag(_ kind: LogKind) -> ColumnValue { .count(logged && holds(kind) ? 1 : 0) }

    /// The daily CSV's columns that say which kinds the day holds a log of, after `logged`.
    static let kindColumns: [(String, LogKind)] = [
        ("feeds_logged", .food), ("sleep_logged", .sleep), ("diapers_logged", .diaper), ("activities_logged", .activity),
    ]

    /// Whether the day is left out of per-day figures and judgements: in progress, or on fewer phones.
    public var leftOutOfFigures: Bool { inProgress || fewerPhones }

    public init(
        babyID: UUID, babyName: String, day: Int, date: CivilDate, logged: Bool, metrics: LogMetrics,
        findings: Int, units: VolumeUnits, correctedDay: Int? = nil, feedGapIntoDayHours: Double? = nil, feedGapFromDay: Int? = nil,
        inProgress: Bool = false
    ) {
        self.inProgress = inProgress
        self.feedGapIntoDayHours = feedGapIntoDayHours
        self.feedGapFromDay = feedGapFromDay
        self.correctedDay = correctedDay
        self.babyID = babyID
        self.babyName = babyName
        self.day = day
        self.date = date
        self.logged = logged
        self.metrics = metrics
        self.findings = findings
        self.units = units
    }

    /// The age-week of the day.
    public var week: Int { day / 7 }

    /// The first 8 hex digits of the baby's id, lowercase (the `baby_id` column).
    public var babyIDPrefix: String { babyID.idPrefix }

    /// The row for the daily CSV: `baby, day, week, date, logged` (0 or 1), whether each kind was logged (`feeds_logged`,
    /// …), the metrics without the per-day columns (a day's totals are its per-day figures), then `findings`. A day with
    /// no logs (`logged` 0) has empty metric cells: nothing was recorded, which is not a day of zero sleep; so do a kind's
    /// cells on a day without its logs (diapers but no feed: no feed count of 0).
    public var columns: [SummaryColumn] {
        // Appended to one array (a daily CSV makes this for every row).
        var columns: [SummaryColumn] = []
        columns.reserveCapacity(13 + LogMetrics.columnCount)
        columns.append(SummaryColumn(name: "baby", value: .text(babyName)))
        columns.append(SummaryColumn(name: "baby_id", value: .text(babyIDPrefix)))
        columns.append(SummaryColumn(name: "day", value: .count(day)))
        columns.append(SummaryColumn(name: "week", value: .count(week)))
        columns.append(SummaryColumn(name: "corrected_week", value: WeekSummary.correctedWeek(correctedDay)))
        columns.append(SummaryColumn(name: "corrected_day", value: correctedDay.map { .count($0) } ?? .text("")))
        columns.append(SummaryColumn(name: "date", value: .text(date.description)))
        columns.append(SummaryColumn(name: "logged", value: .count(logged ? 1 : 0)))
        for (name, kind) in Self.kindColumns { columns.append(SummaryColumn(name: name, value: loggedFlag(kind))) }
        if logged {
            metrics.appendColumns(units: units, perDay: nil, logged: holds, to: &columns)
        } else {
            LogMetrics.appendEmptyColumns(units: units, perDay: false, to: &columns)
        }
        columns.append(SummaryColumn(name: "findings", value: .count(findings)))
        return columns
    }

    /// The daily CSV header for these units (also when there are no rows).
    public static func columnNames(units: VolumeUnits) -> [String] {
        DaySummary(
            babyID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), babyName: "", day: 0, date: CivilDate(year: 2000, month: 1, day: 1),
            logged: false, metrics: LogMetrics(), findings: 0, units: units
        ).columns.map(\.name)
    }

    /// The value of a named column, e.g. `value(of: "sleep_h")`: the cell of `columns` with that
    /// name, computed alone; for a day with no logs the day's figures all the same (a sleep begun the
    /// evening before puts hours into it), which its CSV row leaves empty.
    public func value(of column: String) -> ColumnValue? {
        switch column {
        case "baby": .text(babyName)
        case "baby_id": .text(babyIDPrefix)
        case "day": .count(day)
        case "week": .count(week)
        case "corrected_week": WeekSummary.correctedWeek(correctedDay)
        case "corrected_day": correctedDay.map { .count($0) } ?? .text("")
        case "date": .text(date.description)
        case "logged": .count(logged ? 1 : 0)
        case "feeds_logged": loggedFlag(.food)
        case "sleep_logged": loggedFlag(.sleep)
        case "diapers_logged": loggedFlag(.diaper)
        case "activities_logged": loggedFlag(.activity)
        case "findings": .count(findings)
        default: metrics.column(named: column, units: units, perDay: nil)
        }
    }
}
