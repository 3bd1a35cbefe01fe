import ParPairAggregation

/// What each column of the weekly, daily and events CSVs holds: one entry per column name, with its unit;
/// the heading people read (`column_NAME`), the meaning (`column_NAME_meaning`) and the unit's name
/// (`column_unit_UNIT`) are in the message catalogs. The figures' entries come from `ReportFigure` (each column
/// declared once, with its unit); the others are the rows' own columns, listed here. `parpair-report columns`,
/// `--csv-headers human` and the digest e-mail's legend all read it; a test holds it together with the writers'
/// column lists (`WeekSummary.columnNames`, `DaySummary.columnNames`, `EventExport.columns`).
public enum CSVColumnGuide {
    /// The unit of a column's cells.
    public typealias Unit = ColumnUnit

    public struct Entry: Sendable, Hashable {
        /// The machine header, e.g. `feeds_per_day`.
        public var name: String
        public var unit: Unit

        init(_ name: String, _ unit: Unit) {
            self.name = name
            self.unit = unit
        }

        /// The heading people read, e.g. "Feeds per day".
        public func label(_ localizer: Localizer) -> String { localizer.text("column_" + name) }
        /// What the cells hold.
        public func meaning(_ localizer: Localizer) -> String { localizer.text("column_" + name + "_meaning") }
        /// The unit's name, e.g. "ml per day".
        public func unitName(_ localizer: Localizer) -> String { localizer.text("column_unit_" + unit.rawValue) }
    }

    /// Every column of every CSV table, in either units: the rows' own columns, then every figure's (metric, then
    /// imperial where the name differs), then the events'.
    public static let entries: [Entry] = [
        Entry("baby", .text),
        Entry("baby_id", .id),
        Entry("week", .week),
        Entry("first_day", .day),
        Entry("last_day", .day),
        Entry("corrected_week", .week),
        Entry("corrected_day", .day),
        Entry("start_date", .date),
        Entry("end_date", .date),
        Entry("days", .days),
        Entry("days_logged", .days),
        Entry("days_with_feeds", .days),
        Entry("days_with_sleep", .days),
        Entry("days_with_diapers", .days),
        Entry("days_with_activities", .days),
        Entry("day", .day),
        Entry("date", .date),
        Entry("logged", .flag),
        Entry("feeds_logged", .flag),
        Entry("sleep_logged", .flag),
        Entry("diapers_logged", .flag),
        Entry("activities_logged", .flag),
    ] + ReportFigure.all.compactMap(\.column).flatMap { column in
        column.name.metric == column.name.imperial
            ? [Entry(column.name.metric, column.unit.metric)]
            : [Entry(column.name.metric, column.unit.metric), Entry(column.name.imperial, column.unit.imperial)]
    } + [
        Entry("findings", .count),
        Entry("kind", .text),
        Entry("type", .text),
        Entry("start", .datetime),
        Entry("end", .datetime),
        Entry("duration_min", .minutes),
        Entry("amount", .number),
        Entry("unit", .text),
        Entry("amount_ml", .ml),
        Entry("notes", .text),
        Entry("id", .id),
    ]

    private static let byName: [String: Entry] = Dictionary(entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry of a column name; nil for a name no CSV writes (a user's template may write any).
    public static func entry(_ name: String) -> Entry? { byName[name] }

    /// The columns `table` writes, in order, for `units`.
    public static func columns(of table: ExportTable, units: VolumeUnits) -> [String] {
        switch table {
        case .weekly: WeekSummary.columnNames(units: units)
        case .daily: DaySummary.columnNames(units: units)
        case .events: EventExport.columns
        }
    }

    /// The heading people read for a machine header; the name itself when the guide does not know it.
    public static func humanHeader(_ name: String, _ localizer: Localizer) -> String {
        entry(name)?.label(localizer) ?? name
    }

    /// The legend of `table`'s columns, one line each: `  name  unit  Label: meaning`.
    public static func legend(of table: ExportTable, units: VolumeUnits, _ localizer: Localizer, indent: String = "  ") -> String {
        legend(columns(of: table, units: units), localizer, indent: indent)
    }

    /// The legend of the columns `names`, in that order.
    public static func legend(_ names: [String], _ localizer: Localizer, indent: String = "  ") -> String {
        let width = names.map(\.count).max() ?? 0
        let unitWidth = names.compactMap { entry($0)?.unitName(localizer).count }.max() ?? 0
        var text = ""
        for name in names {
            guard let entry = entry(name) else { continue }
            let unit = entry.unitName(localizer)
            text += indent + name + String(repeating: " ", count: width - name.count + 2)
                + unit + String(repeating: " ", count: unitWidth - unit.count + 2)
                + entry.label(localizer) + ": " + entry.meaning(localizer) + "\n"
        }
        return text
    }
}

/// `--csv-headers machine|human`: the stable snake_case names for scripts (the default), or the headings
/// people read, in the report's language, for spreadsheets.
public enum CSVHeaders: String, Sendable, CaseIterable {
    case machine, human
}
