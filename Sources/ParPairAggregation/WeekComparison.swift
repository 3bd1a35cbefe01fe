/// "This week vs last week": per-day figures of two weeks side by side.
///
/// Per-day figures are compared rather than totals, so a week still in progress compares fairly with
/// a whole one.
public struct WeekComparison: Sendable, Hashable {
    /// The later week's number.
    public var currentWeek: Int
    /// The earlier week's number.
    public var previousWeek: Int
    /// Feeds, bottle volume, sleep, wet and dirty diapers, each per day.
    public var changes: [MetricChange]

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

    /// The change for a named figure.
    public func change(_ name: String) -> MetricChange? { changes.first { $0.name == name } }
}
