import ParPairModel

/// What a check-up looks at for the time since the last one: each figure per day over the period's
/// logged days, against the period before of the same length, with the band for the baby's age at the
/// period's end, the findings to look at and the days without logs.
///
/// Days are those of the baby's daily summaries; the report's day still in progress is shown in the
/// day-by-day values but counts neither as logged nor in a per-day figure, as everywhere.
public struct VisitSummary: Sendable, Hashable {
    /// One figure of the summary.
    public struct Figure: Sendable, Hashable {
        /// A stable key, the figure's `ReportFigure.visitKey`: `feeds_per_day`, `longest_feed_gap_h`, `bottle_per_day`, …
        public var key: String
        /// The period's value (per day, or the longest for `longest_*`); nil without logged days.
        public var current: Double?
        /// The same over the period before.
        public var previous: Double?
        /// Decimals shown.
        public var decimals: Int
        /// The reference bands for the baby's age on the period's last day (each by its own age), typical range and
        /// concern threshold, when they apply.
        public var bands: [ReferenceBand]
        /// The value of each day of the period, oldest first (nil for a day without logs or in progress).
        public var daily: [Double?]
        /// The days of life of the period on which the first month's table marks this figure (the longest gap between
        /// feedings, days 0–13): the summary is judged on them as that table is, and names them.
        public var concernDays: [Int] = []
        /// A per-day figure with fewer than `ReferenceBand.minimumLoggedDays` days logged for its kind in the period or
        /// the one before: both are shown, not compared.
        public var tooFewDaysToCompare = false

        /// The period's value against the one before's, as the comparison column shows it.
        public var change: MetricChange {
            MetricChange(name: key, label: "", current: current, previous: previous, decimals: decimals, tooFewDays: tooFewDaysToCompare)
        }
    }

    /// The period's first and last dates, and its number of days.
    public var from: CivilDate
    public var to: CivilDate
    public var days: Int
    /// Days of the period with logs that count (the day in progress left out).
    public var daysLogged: Int
    /// The period before, of the same length but never before the birth, and its logged days.
    public var previousFrom: CivilDate
    public var previousTo: CivilDate
    public var previousDaysLogged: Int
    /// True when the period before would begin before the birth and so begins at it, shorter.
    public var previousClipped: Bool
    /// The days of the period with nothing logged (not the day in progress).
    public var daysWithoutLogs: [CivilDate]
    /// The dates of the period, oldest first (the `daily` values' days).
    public var dates: [CivilDate]
    public var figures: [Figure]
    /// The findings of the period's days (the day in progress included), oldest first.
    public var periodFindings: [Finding]
    /// How many there are.
    public var findings: Int { periodFindings.count }

    /// The keys of the figures, in order (those of `ReportFigure.visit`).
    public static let figureKeys = ReportFigure.visit.compactMap(\.visitKey)

    /// The summary of `from`…`to` for a baby; nil when the period is empty or not within the baby's life.
    /// - Parameter aggregate: must hold the daily summaries of both periods (those the selection has).
    public init?(_ aggregate: BabyAggregate, from: CivilDate, to: CivilDate) {
        guard from <= to, to >= aggregate.birthDate else { return nil }
        let start = max(from, aggregate.birthDate)
        let length = to.dayNumber - start.dayNumber + 1
        let firstDay = start.dayNumber - aggregate.birthDate.dayNumber
        let lastDay = firstDay + length - 1
        let byDay = Dictionary(aggregate.days.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        let current = (firstDay...lastDay).map { byDay[$0] }
        // The period before never starts before the birth: it is clipped there, and says so.
        let previousFirstDay = max(0, firstDay - length)
        let previous = previousFirstDay <= firstDay - 1 ? (previousFirstDay...firstDay - 1).map { byDay[$0] } : []

        self.from = start
        self.to = to
        days = length
        previousFrom = aggregate.birthDate.adding(days: previousFirstDay)
        previousClipped = firstDay - length < 0
        previousTo = start.adding(days: -1)
        dates = (0..<length).map { start.adding(days: $0) }
        let counted = current.compactMap { $0 }.filter { $0.logged && !$0.leftOutOfFigures }
        daysLogged = counted.count
        let previousCounted = previous.compactMap { $0 }.filter { $0.logged && !$0.leftOutOfFigures }
        previousDaysLogged = previousCounted.count
        // A day without a summary lies outside the selection: nothing of it was read, so nothing logged.
        daysWithoutLogs = zip(dates, current).compactMap { date, day in
            (day.map { !$0.logged && !$0.leftOutOfFigures } ?? true) ? date : nil
        }
        periodFindings = aggregate.findings.filter { finding in finding.day.map { (firstDay...lastDay).contains($0) } ?? false }

        var totals = LogMetrics()
        for day in counted { totals.add(day.metrics) }
        var loggedDays = LoggedDays()
        for day in counted { loggedDays.add(day: day.day, day.metrics) }
        var previousLoggedDays = LoggedDays()
        for day in previousCounted { previousLoggedDays.add(day: day.day, day.metrics) }
        // The band for the age on the period's last day (corrected while the correction applies that day).
        let units = aggregate.days.first?.units ?? .metric
        let bands = ReferenceRanges.bands(
            onDay: lastDay, loggedDays: loggedDays, birthDate: aggregate.birthDate, metrics: totals, correction: aggregate.correction,
            units: units)
        figures = ReportFigure.visit.map { figure in
            Figure(
                key: figure.visitKey ?? "", current: Self.value(figure, current, units: units),
                previous: Self.value(figure, previous, units: units), decimals: figure.shownDecimals[units],
                bands: figure.band.map { metric in bands.filter { $0.metric == metric } } ?? [],
                daily: current.map { day in day.flatMap { $0.logged && !$0.leftOutOfFigures ? Self.value(figure, [$0], units: units) : nil } },
                tooFewDaysToCompare: MetricChange.tooFewDays(figure.perDayKind, current: loggedDays.counts, previous: previousLoggedDays.counts))
        }
        judgeDayByDay(aggregate.firstMonth.filter { (firstDay...lastDay).contains($0.day) })
    }

    /// The figures a single day crosses a concern of (the others are judged on the period's mean, as the sources say).
    static let judgedDayByDay: Set<String> = ["longest_feed_gap_h"]

    /// The figures the first month's table judges day by day (the longest gap between feedings, over 4 h in days 0–13)
    /// are judged so here too, over the period's days of the first month: a 6-hour gap on day 2 is a concern in the
    /// summary of days 0–4 as in the table, whatever the period's other days, and the summary names the day.
    private mutating func judgeDayByDay(_ month: [FirstMonthDay]) {
        for index in figures.indices where Self.judgedDayByDay.contains(figures[index].key) {
            let key = figures[index].key
            let marked = month.compactMap { day in day.bands.first { $0.metric == key && $0.isConcern }.map { (day.day, $0) } }
            guard let worst = marked.max(by: { ($0.1.value ?? 0) < ($1.1.value ?? 0) }) else { continue }
            figures[index].bands = figures[index].bands.filter { $0.kind != .concern } + [worst.1]
            figures[index].concernDays = marked.map(\.0)
        }
    }

    /// A figure over days (nil entries are days outside the summaries), over the logged days that count: per
    /// day, of their totals, or the longest.
    static func value(_ figure: ReportFigure, _ days: [DaySummary?], units: VolumeUnits) -> Double? {
        let counted = days.enumerated().compactMap { index, day in day.map { (index, $0) } }.filter { $0.1.logged && !$0.1.leftOutOfFigures }
        guard !counted.isEmpty else { return nil }
        switch figure.span {
        case .perDay:
            // Over the days logged for the figure's kind: a day with diapers but no feed adds no day to feeds per day.
            let kind = figure.perDayKind ?? .food
            let days = counted.filter { LoggedDays.holds($0.1.metrics, kind) }
            guard !days.isEmpty else { return nil }
            return days.map { figure.value($0.1.metrics, units) ?? 0 }.reduce(0, +) / Double(days.count)
        case .totals:
            var totals = LogMetrics()
            for (_, day) in counted { totals.add(day.metrics) }
            return figure.value(totals, units)
        case .longest:
            return counted.compactMap { figure.value($0.1.metrics, units) }.max()
        case .longestFeedGap:
            return longestFeedGap(counted, days)
        }
    }

    /// The longest gap between feeds over days: gaps inside a day, and into a day from an earlier one, when that
    /// day is in the span and every day between has feed logs (a gap across a day without a feed log is missing logs,
    /// not a feeding gap).
    static func longestFeedGap(_ counted: [(Int, DaySummary)], _ days: [DaySummary?]) -> Double? {
        counted.compactMap { index, day in
            var into: Double?
            if let gap = day.feedGapIntoDayHours, let from = day.feedGapFromDay {
                let first = index - (day.day - from)
                if first >= 0, (first + 1..<index).allSatisfy({ days[$0]?.hasFeeds == true }) { into = gap }
            }
            return [day.metrics.longestFeedGapHours, into].compactMap { $0 }.max()
        }.max()
    }
}

/// The period a visit summary covers: since the last check-up (`--since`), or the last days (`--visit`).
public enum VisitPeriod: Sendable, Hashable {
    case since(CivilDate)
    case lastDays(Int)

    /// The last days `--visit` covers without `--since`.
    public static let defaultDays = 14
    /// The most days of the 24-hour picture: six weeks (a longer period shows its last six).
    public static let maximumPictureDays = 42

    /// The period's first and last dates for a report ending `today`.
    public func dates(today: CivilDate) -> (from: CivilDate, to: CivilDate) {
        switch self {
        case .since(let date): (date, today)
        case .lastDays(let count): (today.adding(days: -(max(1, count) - 1)), today)
        }
    }

    /// The options that read what the summary needs: every day of the period and the one before (with
    /// `--since`, the weeks from the period before on, trimmed from the report later), and a 24-hour
    /// timeline across the period.
    public func adjust(_ options: inout AggregationOptions) {
        let (from, to) = dates(today: options.today)
        let length = max(1, to.dayNumber - from.dayNumber + 1)
        switch self {
        case .since:
            options.weeks = .since(from.adding(days: -length))
            options.days = .all
            options.timelineDays = min(length, Self.maximumPictureDays)
        case .lastDays:
            if case .last(let count) = options.days { options.days = .last(max(count, 2 * length)) }
        }
    }
}
