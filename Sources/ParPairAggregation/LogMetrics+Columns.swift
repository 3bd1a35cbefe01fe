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
    ///
    /// Names are literals and no `value` closure captures anything: every CSV row reads all of them, on
    /// two threads at once, and a closure's context or a built name is an object whose reference count
    /// both threads would change at every cell (one contended retain was 6% of the CSV render's samples).
    struct ColumnDefinition: Sendable {
        /// True for `*_per_day` columns, present in weekly rows only.
        let perDay: Bool
        private let metricName: String
        private let imperialName: String
        /// The cell; `perDay` holds the totals and days per-day figures divide (weekly rows), nil in daily rows.
        let value: @Sendable (LogMetrics, VolumeUnits, PerDayBasis?) -> ColumnValue

        /// A column whose name does not depend on the units.
        init(_ name: String, perDay: Bool = false, _ value: @escaping @Sendable (LogMetrics, VolumeUnits, PerDayBasis?) -> ColumnValue) {
            self.init(metric: name, imperial: name, perDay: perDay, value)
        }

        init(
            metric: String, imperial: String, perDay: Bool = false,
            _ value: @escaping @Sendable (LogMetrics, VolumeUnits, PerDayBasis?) -> ColumnValue
        ) {
            self.perDay = perDay
            metricName = metric
            imperialName = imperial
            self.value = value
        }

        func name(_ units: VolumeUnits) -> String { units == .metric ? metricName : imperialName }
    }

    /// A volume cell in `units`, with their precision.
    static func volume(_ milliliters: Double, _ units: VolumeUnits) -> ColumnValue {
        .decimal(units.volume(milliliters: milliliters), decimals: units == .metric ? Precision.milliliters : Precision.ounces)
    }

    /// A per-day cell: `total` of the days that count divided by their number; empty in daily rows and
    /// for a week without such days.
    static func perDay(_ basis: PerDayBasis?, _ total: (LogMetrics) -> Double) -> ColumnValue {
        .decimal(basis.flatMap { $0.days > 0 ? total($0.metrics) / Double($0.days) : nil }, decimals: Precision.perDay)
    }

    static let columnDefinitions: [ColumnDefinition] = [
        ColumnDefinition("feeds") { m, _, _ in .count(m.feeds) },
        ColumnDefinition("breastfeeding") { m, _, _ in .count(m.breastfeeds) },
        ColumnDefinition("formula") { m, _, _ in .count(m.formulaFeeds) },
        ColumnDefinition("pumped_milk") { m, _, _ in .count(m.pumpedMilkFeeds) },
        ColumnDefinition("solids") { m, _, _ in .count(m.solidsFeeds) },
        ColumnDefinition("other") { m, _, _ in .count(m.otherFeeds) },
        ColumnDefinition("breastfeeding_min") { m, _, _ in .decimal(m.breastfeedingMinutes, decimals: Precision.minutes) },
        ColumnDefinition(metric: "formula_ml", imperial: "formula_oz") { m, units, _ in volume(m.formulaMilliliters, units) },
        ColumnDefinition(metric: "pumped_milk_ml", imperial: "pumped_milk_oz") { m, units, _ in volume(m.pumpedMilkMilliliters, units) },
        ColumnDefinition("solids_g") { m, _, _ in .decimal(m.solidsGrams, decimals: Precision.grams) },
        ColumnDefinition("feeds_per_day", perDay: true) { _, _, basis in perDay(basis) { Double($0.feeds) } },
        ColumnDefinition(metric: "bottle_ml_per_day", imperial: "bottle_oz_per_day", perDay: true) { _, units, basis in
            perDay(basis) { units.volume(milliliters: $0.bottleMilliliters) }
        },
        ColumnDefinition("longest_feed_gap_h") { m, _, _ in .decimal(m.longestFeedGapHours, decimals: Precision.hours) },
        ColumnDefinition("sleep_h") { m, _, _ in .decimal(m.sleepHours, decimals: Precision.hours) },
        ColumnDefinition("night_sleep_h") { m, _, _ in .decimal(m.nightSleepHours, decimals: Precision.hours) },
        ColumnDefinition("day_sleep_h") { m, _, _ in .decimal(m.daySleepHours, decimals: Precision.hours) },
        ColumnDefinition("sleeps") { m, _, _ in .count(m.sleeps) },
        ColumnDefinition("longest_sleep_h") { m, _, _ in .decimal(m.longestSleepHours, decimals: Precision.hours) },
        ColumnDefinition("sleep_h_per_day", perDay: true) { _, _, basis in perDay(basis) { $0.sleepHours } },
        ColumnDefinition("diapers") { m, _, _ in .count(m.diapers) },
        ColumnDefinition("wet") { m, _, _ in .count(m.wet) },
        ColumnDefinition("dirty") { m, _, _ in .count(m.dirty) },
        ColumnDefinition("mixed") { m, _, _ in .count(m.mixed) },
        ColumnDefinition("dry") { m, _, _ in .count(m.dry) },
        ColumnDefinition("wet_per_day", perDay: true) { _, _, basis in perDay(basis) { Double($0.wet) } },
        ColumnDefinition("dirty_per_day", perDay: true) { _, _, basis in perDay(basis) { Double($0.dirty) } },
        ColumnDefinition("tummy_time_min") { m, _, _ in .decimal(m.tummyTimeMinutes, decimals: Precision.minutes) },
        ColumnDefinition("activity_min") { m, _, _ in .decimal(m.activityMinutes, decimals: Precision.minutes) },
    ]

    /// Each column's position in `columnDefinitions`, by name, for metric and for imperial units.
    private static let metricPositions = positions(.metric)
    private static let imperialPositions = positions(.imperial)

    private static func positions(_ units: VolumeUnits) -> [String: Int] {
        var byName: [String: Int] = [:]
        for (position, definition) in columnDefinitions.enumerated() { byName[definition.name(units)] = position }
        return byName
    }

    /// Appends the metric columns; with `perDay` the per-day columns are included (weekly rows), without
    /// them not (daily rows, where they would repeat the totals).
    func appendColumns(units: VolumeUnits, perDay basis: PerDayBasis?, to columns: inout [SummaryColumn]) {
        for definition in LogMetrics.columnDefinitions where basis != nil || !definition.perDay {
            columns.append(SummaryColumn(name: definition.name(units), value: definition.value(self, units, basis)))
        }
    }

    /// Appends the names of the metric columns with empty cells, for a row with nothing to count.
    static func appendEmptyColumns(units: VolumeUnits, perDay: Bool, to columns: inout [SummaryColumn]) {
        for definition in columnDefinitions where perDay || !definition.perDay {
            columns.append(SummaryColumn(name: definition.name(units), value: .text("")))
        }
    }

    /// How many columns `appendColumns` appends at most.
    static var columnCount: Int { columnDefinitions.count }

    /// One metric column of `appendColumns(units:perDay:to:)` by name, computed alone; nil when that
    /// row has no such column.
    func column(named name: String, units: VolumeUnits, perDay basis: PerDayBasis?) -> ColumnValue? {
        guard let position = (units == .metric ? LogMetrics.metricPositions : LogMetrics.imperialPositions)[name] else { return nil }
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
