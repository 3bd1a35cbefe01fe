import Foundation

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
    /// The figures of `ReportFigure.compared`, in order: feeds, bottle volume, sleep, wet and dirty diapers, each per day.
    public var changes: [MetricChange]
    /// The week in progress after the later week, if shown.
    public var soFar: SoFar?

    /// Compares `current` with `previous` (usually the week before it).
    public init(current: WeekSummary, previous: WeekSummary) {
        currentWeek = current.week
        previousWeek = previous.week
        let units = current.units
        changes = ReportFigure.compared.map { figure in
            MetricChange(
                name: figure.column?.name[units] ?? "",
                label: Self.label(figure, units: units),
                current: current.value(of: figure), previous: previous.value(of: figure), decimals: figure.shownDecimals[units],
                tooFewDays: MetricChange.tooFewDays(figure.perDayKind, current: current.daysLoggedByKind, previous: previous.daysLoggedByKind))
        }
    }

    /// A figure's row label in `units`: its `{{unit}}` filled as the catalogs' texts are (`TextTemplate`), the same text
    /// Foundation's `replacingOccurrences` would make.
    static func label(_ figure: ReportFigure, units: VolumeUnits) -> String {
        TextTemplate.fill(figure.comparisonLabel ?? "", ["unit": units.symbol])
    }

    /// Shows `week`, which has not ended, beside the two, with its figures so far.
    mutating func addSoFar(_ week: WeekSummary) {
        let values = ReportFigure.compared.map { week.value(of: $0) }
        soFar = SoFar(week: week.week, days: week.days, daysLogged: week.daysLogged, values: values)
    }

    /// The change for a named figure.
    public func change(_ name: String) -> MetricChange? { changes.first { $0.name == name } }
}
