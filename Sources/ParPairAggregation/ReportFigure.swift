import ParPairModel

/// One figure the reports show, declared once: its CSV column with its unit, its key in the week tables, its place
/// in the visit summary and the week comparison, its decimals, its reference bands and how its value comes from a
/// span's totals. `all` is the only list of figures; the CSV columns (`LogMetrics.appendColumns`), the columns'
/// guide (`CSVColumnGuide.entries`), the week-table keys (`ReportData.weekValue`), the visit figures
/// (`VisitSummary.figureKeys`) and the week comparison (`WeekComparison.changes`) are made from it. The totals a
/// figure reads are `LogMetrics`, the one declaration of every quantity.
///
/// Names and closures are literals that capture nothing: every CSV row reads all of them, on two threads at
/// once, and a captured context would be an object whose reference count both threads change at every cell.
public struct ReportFigure: Sendable {
    /// How a figure's value over a span of days (a week, a visit's period) comes from the days' totals.
    public enum Span: Sendable, Hashable {
        /// `value` of the totals of the days that count, divided by their number (`*_per_day`).
        case perDay
        /// `value` of the span's totals: a count, a sum, or a ratio of sums such as ml per feed.
        case totals
        /// The longest of the days' values.
        case longest
        /// The longest gap between feeds, across days too (`VisitSummary.longestFeedGap`).
        case longestFeedGap
    }

    /// A pair of one thing for metric and for imperial units.
    public struct ByUnits<Value: Sendable & Hashable>: Sendable, Hashable {
        public var metric: Value
        public var imperial: Value

        public init(_ both: Value) { self.init(metric: both, imperial: both) }
        public init(metric: Value, imperial: Value) {
            self.metric = metric
            self.imperial = imperial
        }

        public subscript(_ units: VolumeUnits) -> Value { units == .metric ? metric : imperial }
    }

    /// The CSV column: its name, decimals and unit per unit system (`count` for whole counts).
    public struct Column: Sendable, Hashable {
        public var name: ByUnits<String>
        public var decimals: ByUnits<Int>
        /// Written as a whole count, not a decimal.
        public var isCount: Bool
        /// What a cell is counted in (`parpair-report columns` names it).
        public var unit: ByUnits<ColumnUnit>
    }

    /// The CSV column, nil for a figure only the tables show.
    public let column: Column?
    /// The key the week tables (report and digest) read, formatted in the language; nil when they show none.
    public let weekKey: String?
    /// The key of the visit summary's figure (its label is the catalog's `visit_KEY`), nil when the visit
    /// leaves it out; `visitPosition` orders the visit's figures.
    public let visitKey: String?
    public let visitPosition: Int
    /// The English label of the week comparison's row (`{{unit}}` is the volume unit, filled by `TextTemplate`), nil when not compared;
    /// the row is named as the CSV column, its label in the language is the catalog's `change_VISITKEY`.
    public let comparisonLabel: String?
    /// Decimals where people read the figure (tables, visit, comparison).
    public let shownDecimals: ByUnits<Int>
    /// The metric of the reference bands that apply (typical range and concern threshold), as `ReferenceRanges` names it.
    public let band: String?
    public let span: Span
    /// The kind of log the figure counts: a per-day figure divides by the days logged for it (feeds per day by the days
    /// with feeds), and a day's cell is empty in the daily CSV when the day holds no log of it.
    public let kind: LogKind
    /// `kind` for a per-day figure; nil otherwise.
    public var perDayKind: LogKind? { span == .perDay ? kind : nil }
    /// The figure's value of a span's totals in `units` (before the division of a per-day figure); nil when
    /// there is nothing to show.
    public let value: @Sendable (LogMetrics, VolumeUnits) -> Double?

    init(
        column: Column?, weekKey: String? = nil, visit: (key: String, position: Int)? = nil, comparison: String? = nil,
        shown: ByUnits<Int>, band: String? = nil, span: Span, kind: LogKind,
        _ value: @escaping @Sendable (LogMetrics, VolumeUnits) -> Double?
    ) {
        self.kind = kind
        self.column = column
        self.weekKey = weekKey
        visitKey = visit?.key
        visitPosition = visit?.position ?? 0
        comparisonLabel = comparison
        shownDecimals = shown
        self.band = band
        self.span = span
        self.value = value
    }

    /// The value over a span: per day over the days logged for its kind for a per-day figure, else of the totals; nil
    /// without such days.
    public func value(_ metrics: LogMetrics, days: LoggedDays.Counts, units: VolumeUnits) -> Double? {
        guard let perDayKind else { return value(metrics, units) }
        return Self.perDay(value, metrics, days: days[perDayKind], units: units)
    }

    /// A per-day figure: `value` of the totals of `days` days divided by their number; nil without days.
    static func perDay(
        _ value: (LogMetrics, VolumeUnits) -> Double?, _ metrics: LogMetrics, days: Int, units: VolumeUnits
    ) -> Double? {
        guard days > 0, let total = value(metrics, units) else { return nil }
        return total / Double(days)
    }
}

extension ReportFigure {
    private static func count(_ name: String) -> Column {
        Column(name: ByUnits(name), decimals: ByUnits(0), isCount: true, unit: ByUnits(.count))
    }

    private static func decimal(_ name: String, _ decimals: Int, _ unit: ColumnUnit) -> Column {
        Column(name: ByUnits(name), decimals: ByUnits(decimals), isCount: false, unit: ByUnits(unit))
    }

    /// A volume column: `stem_ml…` and `stem_oz…`, ml to one decimal and oz to two.
    private static func volume(metric: String, imperial: String, decimals: ByUnits<Int>, unit: ByUnits<ColumnUnit>) -> Column {
        Column(name: ByUnits(metric: metric, imperial: imperial), decimals: decimals, isCount: false, unit: unit)
    }

    private typealias P = LogMetrics.Precision
    private static let volumeCells = ByUnits(metric: P.milliliters, imperial: P.ounces)
    private static let volumeUnit = ByUnits<ColumnUnit>(metric: .ml, imperial: .oz)
    private static let volumeShown = ByUnits(metric: P.millilitersShown, imperial: P.ouncesShown)
    private static let countsShown = ByUnits(P.countsPerDayShown)
    private static let hoursShown = ByUnits(P.hoursShown)
    private static let wholeShown = ByUnits(0)

    /// Every figure, the CSV columns in the CSV's order.
    public static let all: [ReportFigure] = [
        ReportFigure(column: count("feeds"), shown: wholeShown, span: .totals, kind: .food) { m, _ in Double(m.feeds) },
        ReportFigure(column: count("feedings"), shown: wholeShown, span: .totals, kind: .food) { m, _ in Double(m.feedings) },
        ReportFigure(column: count("breastfeeding"), shown: wholeShown, span: .totals, kind: .food) { m, _ in Double(m.breastfeeds) },
        ReportFigure(column: count("formula"), shown: wholeShown, span: .totals, kind: .food) { m, _ in Double(m.formulaFeeds) },
        ReportFigure(column: count("pumped_milk"), shown: wholeShown, span: .totals, kind: .food) { m, _ in Double(m.pumpedMilkFeeds) },
        ReportFigure(column: count("solids"), shown: wholeShown, span: .totals, kind: .food) { m, _ in Double(m.solidsFeeds) },
        ReportFigure(column: count("other"), shown: wholeShown, span: .totals, kind: .food) { m, _ in Double(m.otherFeeds) },
        ReportFigure(column: decimal("breastfeeding_min", P.minutes, .minutes), shown: wholeShown, span: .totals, kind: .food) { m, _ in
            m.breastfeedingMinutes
        },
        ReportFigure(
            column: volume(metric: "formula_ml", imperial: "formula_oz", decimals: volumeCells, unit: volumeUnit),
            shown: volumeShown, span: .totals, kind: .food
        ) { m, units in units.volume(milliliters: m.formulaMilliliters) },
        ReportFigure(
            column: volume(metric: "pumped_milk_ml", imperial: "pumped_milk_oz", decimals: volumeCells, unit: volumeUnit),
            shown: volumeShown, span: .totals, kind: .food
        ) { m, units in units.volume(milliliters: m.pumpedMilkMilliliters) },
        ReportFigure(column: decimal("solids_g", P.grams, .grams), shown: wholeShown, span: .totals, kind: .food) { m, _ in m.solidsGrams },
        ReportFigure(
            column: decimal("feedings_per_day", P.perDay, .perDay), weekKey: "feedings_per_day_1", visit: ("feedings_per_day", 0),
            comparison: "Feedings per day", shown: countsShown, band: "feedings_per_day", span: .perDay, kind: .food
        ) { m, _ in Double(m.feedings) },
        ReportFigure(column: decimal("feeds_per_day", P.perDay, .perDay), weekKey: "feeds_per_day_1", shown: countsShown, span: .perDay, kind: .food) { m, _ in
            Double(m.feeds)
        },
        ReportFigure(
            column: volume(metric: "bottle_ml_per_day", imperial: "bottle_oz_per_day", decimals: ByUnits(P.perDay),
                          unit: ByUnits(metric: .mlPerDay, imperial: .ozPerDay)),
            weekKey: "bottle_volume_per_day", visit: ("bottle_per_day", 20), comparison: "Bottle {{unit}} per day", shown: volumeShown,
            band: "formula_ml_per_day", span: .perDay, kind: .food
        ) { m, units in units.volume(milliliters: m.bottleMilliliters) },
        ReportFigure(
            column: volume(metric: "bottle_ml_per_feed", imperial: "bottle_oz_per_feed", decimals: volumeCells,
                          unit: ByUnits(metric: .mlPerFeed, imperial: .ozPerFeed)),
            weekKey: "bottle_volume_per_feed", visit: ("bottle_per_feed", 25), shown: volumeShown, span: .totals, kind: .food
        ) { m, units in
            m.bottleFeedsWithAmount > 0 ? units.volume(milliliters: m.bottleMilliliters / Double(m.bottleFeedsWithAmount)) : nil
        },
        ReportFigure(
            column: decimal("longest_feed_gap_h", P.hours, .hours), weekKey: "longest_feed_gap", visit: ("longest_feed_gap_h", 10), shown: hoursShown,
            band: "longest_feed_gap_h", span: .longestFeedGap, kind: .food
        ) { m, _ in m.longestFeedGapHours },
        ReportFigure(column: decimal("sleep_h", P.hours, .hours), shown: hoursShown, span: .totals, kind: .sleep) { m, _ in m.sleepHours },
        ReportFigure(column: decimal("night_sleep_h", P.hours, .hours), shown: hoursShown, span: .totals, kind: .sleep) { m, _ in m.nightSleepHours },
        ReportFigure(column: decimal("day_sleep_h", P.hours, .hours), shown: hoursShown, span: .totals, kind: .sleep) { m, _ in m.daySleepHours },
        ReportFigure(column: count("sleeps"), shown: wholeShown, span: .totals, kind: .sleep) { m, _ in Double(m.sleeps) },
        ReportFigure(
            column: decimal("longest_sleep_h", P.hours, .hours), weekKey: "longest_sleep", visit: ("longest_sleep_h", 60),
            shown: hoursShown, span: .longest, kind: .sleep
        ) { m, _ in m.longestSleepHours },
        ReportFigure(
            column: decimal("sleep_h_per_day", P.perDay, .hoursPerDay), weekKey: "sleep_h_per_day_1", visit: ("sleep_h_per_day", 50),
            comparison: "Sleep hours per day", shown: hoursShown, band: "sleep_h_per_day", span: .perDay, kind: .sleep
        ) { m, _ in m.sleepHours },
        ReportFigure(column: count("diapers"), shown: wholeShown, span: .totals, kind: .diaper) { m, _ in Double(m.diapers) },
        ReportFigure(column: count("wet"), shown: wholeShown, span: .totals, kind: .diaper) { m, _ in Double(m.wet) },
        ReportFigure(column: count("dirty"), shown: wholeShown, span: .totals, kind: .diaper) { m, _ in Double(m.dirty) },
        ReportFigure(column: count("mixed"), shown: wholeShown, span: .totals, kind: .diaper) { m, _ in Double(m.mixed) },
        ReportFigure(column: count("dry"), shown: wholeShown, span: .totals, kind: .diaper) { m, _ in Double(m.dry) },
        ReportFigure(
            column: decimal("wet_per_day", P.perDay, .perDay), weekKey: "wet_per_day_1", visit: ("wet_per_day", 30), comparison: "Wet diapers per day",
            shown: countsShown, band: "wet_per_day", span: .perDay, kind: .diaper
        ) { m, _ in Double(m.wet) },
        ReportFigure(
            column: decimal("dirty_per_day", P.perDay, .perDay), weekKey: "dirty_per_day_1", visit: ("dirty_per_day", 40),
            comparison: "Dirty diapers per day", shown: countsShown, band: "dirty_per_day", span: .perDay, kind: .diaper
        ) { m, _ in Double(m.dirty) },
        ReportFigure(column: decimal("tummy_time_min", P.minutes, .minutes), shown: wholeShown, span: .totals, kind: .activity) { m, _ in
            m.tummyTimeMinutes
        },
        ReportFigure(column: decimal("activity_min", P.minutes, .minutes), shown: wholeShown, span: .totals, kind: .activity) { m, _ in
            m.activityMinutes
        },
        // Shown in the week tables only.
        ReportFigure(column: nil, weekKey: "solids_g_per_day", shown: wholeShown, span: .perDay, kind: .food) { m, _ in m.solidsGrams },
        ReportFigure(column: nil, weekKey: "breastfeeds_per_day", shown: countsShown, span: .perDay, kind: .food) { m, _ in Double(m.breastfeeds) },
        ReportFigure(column: nil, weekKey: "formula_per_day", shown: countsShown, span: .perDay, kind: .food) { m, _ in Double(m.formulaFeeds) },
        ReportFigure(column: nil, weekKey: "pumped_milk_per_day", shown: countsShown, span: .perDay, kind: .food) { m, _ in
            Double(m.pumpedMilkFeeds)
        },
        ReportFigure(column: nil, weekKey: "solids_per_day", shown: countsShown, span: .perDay, kind: .food) { m, _ in Double(m.solidsFeeds) },
        ReportFigure(column: nil, weekKey: "breastfeeding_min_per_day", shown: wholeShown, span: .perDay, kind: .food) { m, _ in
            m.breastfeedingMinutes
        },
        ReportFigure(column: nil, weekKey: "night_sleep_h_per_day", shown: hoursShown, span: .perDay, kind: .sleep) { m, _ in m.nightSleepHours },
        ReportFigure(column: nil, weekKey: "day_sleep_h_per_day", shown: hoursShown, span: .perDay, kind: .sleep) { m, _ in m.daySleepHours },
        ReportFigure(
            column: nil, weekKey: "tummy_time_min_per_day", visit: ("tummy_time_min_per_day", 70), shown: wholeShown,
            band: "tummy_time_min_per_day", span: .perDay, kind: .activity
        ) { m, _ in m.tummyTimeMinutes },
    ]

    /// The figures with a CSV column, in the CSV's order.
    static let columns: [ReportFigure] = all.filter { $0.column != nil }
    /// The figures of the visit summary, in its order.
    public static let visit: [ReportFigure] = all.filter { $0.visitKey != nil }.sorted { $0.visitPosition < $1.visitPosition }
    /// The figures of the week comparison, in the CSV's order.
    public static let compared: [ReportFigure] = all.filter { $0.comparisonLabel != nil }
}
