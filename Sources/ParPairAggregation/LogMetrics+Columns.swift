import ParPairModel

/// The metric cells shared by weekly and daily rows, in CSV order: the figures of `ReportFigure.all` with a column.
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

    /// What a metric column needs of its figure, in one unit system: made once from `ReportFigure.columns`, so
    /// that a row reads a name, its decimals and a closure, not a copy of the whole figure (its strings and
    /// closure retained and released at every cell of a weekly CSV).
    struct ColumnPlan: Sendable {
        let name: String
        let decimals: Int
        let isCount: Bool
        let isPerDay: Bool
        /// The figure's kind of log: a per-day figure divides by its logged days, a day's cell is empty without its logs.
        let kind: LogKind
        let value: @Sendable (LogMetrics, VolumeUnits) -> Double?

        init(_ figure: ReportFigure, units: VolumeUnits) {
            name = figure.column!.name[units]
            decimals = figure.column!.decimals[units]
            isCount = figure.column!.isCount
            isPerDay = figure.span == .perDay
            kind = figure.kind
            value = figure.value
        }

        /// The cell of a row's totals; a per-day figure divides the totals of `basis` by its days (empty in daily
        /// rows, which have no basis, and for a week without such days).
        func cell(_ metrics: LogMetrics, units: VolumeUnits, perDay basis: PerDayBasis?) -> ColumnValue {
            if isPerDay {
                guard let basis else { return .decimal(nil, decimals: decimals) }
                return .decimal(ReportFigure.perDay(value, basis.metrics, days: basis.days[kind], units: units), decimals: decimals)
            }
            let figure = value(metrics, units)
            if isCount, let figure { return .count(Int(figure)) }
            return .decimal(figure, decimals: decimals)
        }
    }

    private static let metricPlans = ReportFigure.columns.map { ColumnPlan($0, units: .metric) }
    private static let imperialPlans = ReportFigure.columns.map { ColumnPlan($0, units: .imperial) }
    static func plans(_ units: VolumeUnits) -> [ColumnPlan] { units == .metric ? metricPlans : imperialPlans }

    /// Each column's position in `ReportFigure.columns`, by name, for metric and for imperial units.
    private static let metricPositions = positions(.metric)
    private static let imperialPositions = positions(.imperial)

    private static func positions(_ units: VolumeUnits) -> [String: Int] {
        var byName: [String: Int] = [:]
        for (position, plan) in plans(units).enumerated() { byName[plan.name] = position }
        return byName
    }

    /// Appends the metric columns; with `perDay` the per-day columns are included (weekly rows), without
    /// them not (daily rows, where they would repeat the totals). A kind `logged` says was not logged has empty cells
    /// (a day with diapers but no feed log: its feed cells say nothing was logged, not that the baby was not fed).
    func appendColumns(
        units: VolumeUnits, perDay basis: PerDayBasis?, logged: (LogKind) -> Bool = { _ in true }, to columns: inout [SummaryColumn]
    ) {
        for plan in LogMetrics.plans(units) where basis != nil || !plan.isPerDay {
            let value = logged(plan.kind) ? plan.cell(self, units: units, perDay: basis) : .text("")
            columns.append(SummaryColumn(name: plan.name, value: value))
        }
    }

    /// Appends the names of the metric columns with empty cells, for a row with nothing to count.
    static func appendEmptyColumns(units: VolumeUnits, perDay: Bool, to columns: inout [SummaryColumn]) {
        for plan in plans(units) where perDay || !plan.isPerDay {
            columns.append(SummaryColumn(name: plan.name, value: .text("")))
        }
    }

    /// How many columns `appendColumns` appends at most.
    static var columnCount: Int { ReportFigure.columns.count }

    /// One metric column of `appendColumns(units:perDay:to:)` by name, computed alone; nil when that
    /// row has no such column.
    func column(named name: String, units: VolumeUnits, perDay basis: PerDayBasis?) -> ColumnValue? {
        guard let position = (units == .metric ? LogMetrics.metricPositions : LogMetrics.imperialPositions)[name] else { return nil }
        let plan = LogMetrics.plans(units)[position]
        guard basis != nil || !plan.isPerDay else { return nil }
        return plan.cell(self, units: units, perDay: basis)
    }
}

/// What per-day figures divide: the totals of the days that count and how many of them hold each kind of log. The
/// days that count are the week's days with logs, the day still in progress (or on fewer phones) left out.
struct PerDayBasis: Sendable {
    var metrics: LogMetrics
    var days: LoggedDays.Counts
}

