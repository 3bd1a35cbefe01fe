/// The metric cells shared by weekly and daily rows, in CSV order, names as in the definitions.
extension LogMetrics {
    /// Decimals per kind of figure. The CSV (the machine contract): counts whole; ml, g and minutes one
    /// decimal; hours, oz and per-day figures two. What people read (report and digest tables, the week
    /// comparison): ml and g whole, oz and hours one decimal, counts per day one decimal.
    public enum Precision {
        static let milliliters = 1
        static let grams = 1
        static let minutes = 1
        static let hours = 2
        static let ounces = 2
        static let perDay = 2
        public static let millilitersShown = 0
        public static let gramsShown = 0
        public static let ouncesShown = 1
        public static let hoursShown = 1
        public static let countsPerDayShown = 1
    }

    /// One metric column: its name for given units, and how its cell is computed. The list below is
    /// the only place that says which columns exist, in which order, and what they hold.
    struct ColumnDefinition: Sendable {
        /// True for `*_per_day` columns, present in weekly rows only.
        let perDay: Bool
        let name: @Sendable (VolumeUnits) -> String
        /// The cell; `perDay` holds the totals and days per-day figures divide (weekly rows), nil in daily rows.
        let value: @Sendable (LogMetrics, VolumeUnits, PerDayBasis?) -> ColumnValue
    }

    static let columnDefinitions: [ColumnDefinition] = {
        func count(_ name: String, _ value: @escaping @Sendable (LogMetrics) -> Int) -> ColumnDefinition {
            ColumnDefinition(perDay: false, name: { _ in name }, value: { metrics, _, _ in .count(value(metrics)) })
        }
        func decimal(_ name: String, _ decimals: Int, _ value: @escaping @Sendable (LogMetrics) -> Double?) -> ColumnDefinition {
            ColumnDefinition(perDay: false, name: { _ in name }, value: { metrics, _, _ in .decimal(value(metrics), decimals: decimals) })
        }
        func volume(_ prefix: String, _ value: @escaping @Sendable (LogMetrics) -> Double) -> ColumnDefinition {
            ColumnDefinition(perDay: false, name: { prefix + $0.symbol }, value: { metrics, units, _ in
                .decimal(units.volume(milliliters: value(metrics)), decimals: units == .metric ? Precision.milliliters : Precision.ounces)
            })
        }
        func perDay(_ name: @escaping @Sendable (VolumeUnits) -> String, _ total: @escaping @Sendable (LogMetrics, VolumeUnits) -> Double) -> ColumnDefinition {
            ColumnDefinition(perDay: true, name: name, value: { _, units, basis in
                .decimal(basis.flatMap { $0.days > 0 ? total($0.metrics, units) / Double($0.days) : nil }, decimals: Precision.perDay)
            })
        }
        return [
            count("feeds") { $0.feeds },
            count("breastfeeding") { $0.breastfeeds },
            count("formula") { $0.formulaFeeds },
            count("pumped_milk") { $0.pumpedMilkFeeds },
            count("solids") { $0.solidsFeeds },
            count("other") { $0.otherFeeds },
            decimal("breastfeeding_min", Precision.minutes) { $0.breastfeedingMinutes },
            volume("formula_") { $0.formulaMilliliters },
            volume("pumped_milk_") { $0.pumpedMilkMilliliters },
            decimal("solids_g", Precision.grams) { $0.solidsGrams },
            perDay({ _ in "feeds_per_day" }) { metrics, _ in Double(metrics.feeds) },
            perDay({ "bottle_\($0.symbol)_per_day" }) { metrics, units in units.volume(milliliters: metrics.bottleMilliliters) },
            decimal("longest_feed_gap_h", Precision.hours) { $0.longestFeedGapHours },
            decimal("sleep_h", Precision.hours) { $0.sleepHours },
            decimal("night_sleep_h", Precision.hours) { $0.nightSleepHours },
            decimal("day_sleep_h", Precision.hours) { $0.daySleepHours },
            count("sleeps") { $0.sleeps },
            decimal("longest_sleep_h", Precision.hours) { $0.longestSleepHours },
            perDay({ _ in "sleep_h_per_day" }) { metrics, _ in metrics.sleepHours },
            count("diapers") { $0.diapers },
            count("wet") { $0.wet },
            count("dirty") { $0.dirty },
            count("mixed") { $0.mixed },
            count("dry") { $0.dry },
            perDay({ _ in "wet_per_day" }) { metrics, _ in Double(metrics.wet) },
            perDay({ _ in "dirty_per_day" }) { metrics, _ in Double(metrics.dirty) },
            decimal("tummy_time_min", Precision.minutes) { $0.tummyTimeMinutes },
            decimal("activity_min", Precision.minutes) { $0.activityMinutes },
        ]
    }()

    /// Each column's position in `columnDefinitions`, by name, per units.
    private static let columnPositions: [VolumeUnits: [String: Int]] = {
        var positions: [VolumeUnits: [String: Int]] = [:]
        for units in VolumeUnits.allCases {
            var byName: [String: Int] = [:]
            for (position, definition) in columnDefinitions.enumerated() { byName[definition.name(units)] = position }
            positions[units] = byName
        }
        return positions
    }()

    /// The names of `columnDefinitions` for metric and for imperial units, made once (every row of a
    /// CSV asks for them).
    private static let metricColumnNames = columnDefinitions.map { $0.name(.metric) }
    private static let imperialColumnNames = columnDefinitions.map { $0.name(.imperial) }

    /// Appends the metric columns; with `perDay` the per-day columns are included (weekly rows), without
    /// them not (daily rows, where they would repeat the totals).
    func appendColumns(units: VolumeUnits, perDay basis: PerDayBasis?, to columns: inout [SummaryColumn]) {
        let names = units == .metric ? LogMetrics.metricColumnNames : LogMetrics.imperialColumnNames
        for (position, definition) in LogMetrics.columnDefinitions.enumerated() where basis != nil || !definition.perDay {
            columns.append(SummaryColumn(name: names[position], value: definition.value(self, units, basis)))
        }
    }

    /// How many columns `appendColumns` appends at most.
    static var columnCount: Int { columnDefinitions.count }

    /// One metric column of `columns(units:perDay:)` by name, computed alone; nil when that row
    /// has no such column.
    func column(named name: String, units: VolumeUnits, perDay basis: PerDayBasis?) -> ColumnValue? {
        guard let position = LogMetrics.columnPositions[units]?[name] else { return nil }
        let definition = LogMetrics.columnDefinitions[position]
        guard basis != nil || !definition.perDay else { return nil }
        return definition.value(self, units, basis)
    }
}

/// What per-day figures divide: the totals of the days that count and how many they are. The days that
/// count are the week's days with logs, the day still in progress left out.
struct PerDayBasis: Sendable {
    var metrics: LogMetrics
    var days: Int
}
