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

    /// Each column's position in `ReportFigure.columns`, by name, for metric and for imperial units.
    private static let metricPositions = positions(.metric)
    private static let imperialPositions = positions(.imperial)

    private static func positions(_ units: VolumeUnits) -> [String: Int] {
        var byName: [String: Int] = [:]
        for (position, figure) in ReportFigure.columns.enumerated() { byName[figure.column!.name[units]] = position }
        return byName
    }

    /// Appends the metric columns; with `perDay` the per-day columns are included (weekly rows), without
    /// them not (daily rows, where they would repeat the totals).
    func appendColumns(units: VolumeUnits, perDay basis: PerDayBasis?, to columns: inout [SummaryColumn]) {
        for figure in ReportFigure.columns where basis != nil || figure.span != .perDay {
            columns.append(SummaryColumn(name: figure.column!.name[units], value: figure.cell(self, units: units, perDay: basis)))
        }
    }

    /// Appends the names of the metric columns with empty cells, for a row with nothing to count.
    static func appendEmptyColumns(units: VolumeUnits, perDay: Bool, to columns: inout [SummaryColumn]) {
        for figure in ReportFigure.columns where perDay || figure.span != .perDay {
            columns.append(SummaryColumn(name: figure.column!.name[units], value: .text("")))
        }
    }

    /// How many columns `appendColumns` appends at most.
    static var columnCount: Int { ReportFigure.columns.count }

    /// One metric column of `appendColumns(units:perDay:to:)` by name, computed alone; nil when that
    /// row has no such column.
    func column(named name: String, units: VolumeUnits, perDay basis: PerDayBasis?) -> ColumnValue? {
        guard let position = (units == .metric ? LogMetrics.metricPositions : LogMetrics.imperialPositions)[name] else { return nil }
        let figure = ReportFigure.columns[position]
        guard basis != nil || figure.span != .perDay else { return nil }
        return figure.cell(self, units: units, perDay: basis)
    }
}

/// What per-day figures divide: the totals of the days that count and how many they are. The days that
/// count are the week's days with logs, the day still in progress left out.
struct PerDayBasis: Sendable {
    var metrics: LogMetrics
    var days: Int
}

extension ReportFigure {
    /// The figure's CSV cell of a row's totals; a per-day figure divides the totals of `basis` by its days (empty
    /// in daily rows, which have no basis, and for a week without such days).
    func cell(_ metrics: LogMetrics, units: VolumeUnits, perDay basis: PerDayBasis?) -> ColumnValue {
        let column = column!
        if span == .perDay {
            return .decimal(basis.flatMap { value($0.metrics, days: $0.days, units: units) }, decimals: column.decimals[units])
        }
        let figure = value(metrics, units)
        if column.isCount, let figure { return .count(Int(figure)) }
        return .decimal(figure, decimals: column.decimals[units])
    }
}
