/// "This week vs last week": per-day figures of two weeks side by side.
///
/// Per-day figures are compared rather than totals, so a partly logged week compares fairly with a whole
/// one; a week still in progress is only shown beside them, "so far".
public struct WeekComparison: Sendable, Hashable {
    /// The week after `currentWeek`, not yet ended: its figures so far, one per change, without a direction.
    public struct SoFar: Sendable, Hashable {
        public var week: Int
        /// Its days up to the report's today, and those of them with logs.
        public var days: Int
        public var daysLogged: Int
        public var values: [Double?]
    }

    /// The later week's number.
    public var currentWeek: Int
    /// The earlier week's number.
    public var previousWeek: Int
    /// Feeds, bottle volume, sleep, wet and dirty diapers, each per day.
    public var changes: [MetricChange]
    /// The week in progress after the later week, if shown.
    public var soFar: SoFar?

    /// Compares `current` with `previous` (usually the week before it).
    public init(current: WeekSummary, previous: WeekSummary) {
        currentWeek = current.week
        previousWeek = previous.week
        let units = current.units
        changes = [
            MetricChange(
                name: "feeds_per_day", label: "Feeds per day", current: current.feedsPerDay,
                previous: previous.feedsPerDay, decimals: LogMetrics.Precision.countsPerDayShown),
            MetricChange(
                name: "bottle_\(units.symbol)_per_day", label: "Bottle \(units.symbol) per day",
                current: current.bottleMillilitersPerDay.map { units.volume(milliliters: $0) },
                previous: previous.bottleMillilitersPerDay.map { units.volume(milliliters: $0) },
                decimals: units == .metric ? LogMetrics.Precision.millilitersShown : LogMetrics.Precision.ouncesShown),
            MetricChange(
                name: "sleep_h_per_day", label: "Sleep hours per day", current: current.sleepHoursPerDay,
                previous: previous.sleepHoursPerDay, decimals: LogMetrics.Precision.hoursShown),
            MetricChange(
                name: "wet_per_day", label: "Wet diapers per day", current: current.wetPerDay,
                previous: previous.wetPerDay, decimals: LogMetrics.Precision.countsPerDayShown),
            MetricChange(
                name: "dirty_per_day", label: "Dirty diapers per day", current: current.dirtyPerDay,
                previous: previous.dirtyPerDay, decimals: LogMetrics.Precision.countsPerDayShown),
        ]
    }

    /// Shows `week`, which has not ended, beside the two, with its figures so far.
    mutating func addSoFar(_ week: WeekSummary) {
        let units = week.units
        let values: [Double?] = changes.map { change in
            switch change.name {
            case "feeds_per_day": week.feedsPerDay
            case "sleep_h_per_day": week.sleepHoursPerDay
            case "wet_per_day": week.wetPerDay
            case "dirty_per_day": week.dirtyPerDay
            default: week.bottleMillilitersPerDay.map { units.volume(milliliters: $0) }
            }
        }
        soFar = SoFar(week: week.week, days: week.days, daysLogged: week.daysLogged, values: values)
    }

    /// The change for a named figure.
    public func change(_ name: String) -> MetricChange? { changes.first { $0.name == name } }
}
