import Foundation
import ParPairModel

/// One age-week of one baby: week k = days of life 7k … 7k+6, in the report's time zone and day start.
public struct WeekSummary: Sendable, Hashable {
    /// The baby's id.
    public var babyID: UUID
    /// The baby's name, the `baby` column.
    public var babyName: String
    /// The age-week, from 0.
    public var week: Int
    /// The local date of the week's first day (day 7·week).
    public var startDate: CivilDate
    /// The local date of the week's last day (day 7·week+6), even when it lies after today.
    public var endDate: CivilDate
    /// Days of the week that have begun and are not after today (1…7).
    public var days: Int
    /// Of those, the days with at least one log of any kind, the day still in progress left out: every
    /// per-day figure divides by it.
    public var daysLogged: Int
    /// The days (of `daysLogged`) that hold a log of each kind: each per-day figure divides by its kind's.
    public var daysLoggedByKind = LoggedDays.Counts()
    /// The week's totals.
    public var metrics: LogMetrics
    /// The totals of the days that count for per-day figures (all of `metrics` but a day in progress).
    public var perDayMetrics: LogMetrics
    /// True when the report's last day is in this week and has not ended by the clock.
    public var hasDayInProgress: Bool

    /// Days of the week that end after a phone of the family was last backed up: left out of per-day figures.
    public var daysOnFewerPhones = 0

    /// Whether all seven days are over by the report's today (none still to come, none in progress) and every phone's
    /// logs of them were read: only such a week is compared with another.
    public var hasEnded: Bool { days == 7 && !hasDayInProgress && daysOnFewerPhones == 0 }
    /// How many findings are listed for logs of this week.
    public var findings: Int
    /// Published bands for the baby's age with the week's figures placed against them.
    public var references: [ReferenceBand]
    /// The units volume columns use.
    public var units: VolumeUnits
    /// The corrected age in days on the week's first day (negative before the due date); nil when no
    /// correction applies (the `corrected_week` and `corrected_day` columns are then empty).
    public var correctedFirstDay: Int?

    public init(
        babyID: UUID, babyName: String, week: Int, startDate: CivilDate, endDate: CivilDate, days: Int,
        daysLogged: Int, metrics: LogMetrics, perDayMetrics: LogMetrics? = nil, hasDayInProgress: Bool = false,
        findings: Int, references: [ReferenceBand], units: VolumeUnits, correctedFirstDay: Int? = nil
    ) {
        self.correctedFirstDay = correctedFirstDay
        self.perDayMetrics = perDayMetrics ?? metrics
        self.hasDayInProgress = hasDayInProgress
        self.babyID = babyID
        self.babyName = babyName
        self.week = week
        self.startDate = startDate
        self.endDate = endDate
        self.days = days
        self.daysLogged = daysLogged
        self.metrics = metrics
        self.findings = findings
        self.references = references
        self.units = units
    }

    /// The first 8 hex digits of the baby's id, lowercase: the `baby_id` column, which keeps babies apart
    /// when names are redacted (twins Mia and Max are both "M."), and the suffix digest folders use.
    public var babyIDPrefix: String { babyID.idPrefix }

    /// The first day of life in the week.
    public var firstDay: Int { week * 7 }
    /// The last day of life in the week.
    public var lastDay: Int { week * 7 + 6 }
    /// False for the week that holds today while it has fewer than 7 days behind it.
    public var isComplete: Bool { days >= 7 }

    /// The row for the weekly CSV: `baby, week, first_day, last_day, start_date, end_date, days,
    /// days_logged`, the metrics in the definitions' order, then `findings`.
    public var columns: [SummaryColumn] {
        // Appended to one array (a weekly CSV makes this for every row).
        var columns: [SummaryColumn] = []
        columns.reserveCapacity(12 + LogMetrics.columnCount)
        columns.append(SummaryColumn(name: "baby", value: .text(babyName)))
        columns.append(SummaryColumn(name: "baby_id", value: .text(babyIDPrefix)))
        columns.append(SummaryColumn(name: "week", value: .count(week)))
        columns.append(SummaryColumn(name: "first_day", value: .count(firstDay)))
        columns.append(SummaryColumn(name: "last_day", value: .count(lastDay)))
        columns.append(SummaryColumn(name: "corrected_week", value: Self.correctedWeek(correctedFirstDay)))
        columns.append(SummaryColumn(name: "corrected_day", value: correctedFirstDay.map { .count($0) } ?? .text("")))
        columns.append(SummaryColumn(name: "start_date", value: .text(startDate.description)))
        columns.append(SummaryColumn(name: "end_date", value: .text(endDate.description)))
        columns.append(SummaryColumn(name: "days", value: .count(days)))
        columns.append(SummaryColumn(name: "days_logged", value: .count(daysLogged)))
        for (name, kind) in Self.kindDayColumns { columns.append(SummaryColumn(name: name, value: .count(daysLoggedByKind[kind]))) }
        metrics.appendColumns(units: units, perDay: perDayBasis, to: &columns)
        columns.append(SummaryColumn(name: "findings", value: .count(findings)))
        return columns
    }

    /// The weekly CSV header for these units (also when there are no rows).
    public static func columnNames(units: VolumeUnits) -> [String] {
        let empty = WeekSummary(
            babyID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), babyName: "", week: 0, startDate: CivilDate(year: 2000, month: 1, day: 1),
            endDate: CivilDate(year: 2000, month: 1, day: 7), days: 1, daysLogged: 0, metrics: LogMetrics(),
            findings: 0, references: [], units: units)
        return empty.columns.map(\.name)
    }

    /// The value of a named column, e.g. `value(of: "sleep_h_per_day")`: the cell of `columns` with
    /// that name, computed alone.
    public func value(of column: String) -> ColumnValue? {
        // The metric columns first, by one hash lookup: most keys a week table reads are theirs.
        if let value = metrics.column(named: column, units: units, perDay: perDayBasis) { return value }
        return switch column {
        case "baby": .text(babyName)
        case "baby_id": .text(babyIDPrefix)
        case "week": .count(week)
        case "first_day": .count(firstDay)
        case "last_day": .count(lastDay)
        case "corrected_week": Self.correctedWeek(correctedFirstDay)
        case "corrected_day": correctedFirstDay.map { .count($0) } ?? .text("")
        case "start_date": .text(startDate.description)
        case "end_date": .text(endDate.description)
        case "days": .count(days)
        case "days_logged": .count(daysLogged)
        case "days_with_feeds": .count(daysLoggedByKind.food)
        case "days_with_sleep": .count(daysLoggedByKind.sleep)
        case "days_with_diapers": .count(daysLoggedByKind.diaper)
        case "days_with_activities": .count(daysLoggedByKind.activity)
        case "findings": .count(findings)
        default: nil
        }
    }

    /// The whole weeks of a corrected age, as the text writes them (`-5w6d` is week -5, `-0w3d` week 0: the weeks part
    /// counted back from the due date, never floored); empty without one.
    static func correctedWeek(_ day: Int?) -> ColumnValue {
        day.map { .count($0 / 7) } ?? .text("")
    }

    /// The columns of the days logged for each kind, after `days_logged`.
    static let kindDayColumns: [(String, LogKind)] = [
        ("days_with_feeds", .food), ("days_with_sleep", .sleep), ("days_with_diapers", .diaper), ("days_with_activities", .activity),
    ]

    var perDayBasis: PerDayBasis { PerDayBasis(metrics: perDayMetrics, days: daysLoggedByKind) }

    /// A figure of the week in its units: per day over the days logged for its kind, else of the week's totals.
    public func value(of figure: ReportFigure) -> Double? {
        figure.span == .perDay ? figure.value(perDayMetrics, days: daysLoggedByKind, units: units) : figure.value(metrics, units)
    }

    /// A per-day figure of `kind`: `total(perDayMetrics)` over the days logged for that kind, nil without such days.
    public func perDay(_ kind: LogKind, _ total: (LogMetrics) -> Double) -> Double? {
        let days = daysLoggedByKind[kind]
        return days > 0 ? total(perDayMetrics) / Double(days) : nil
    }
}
