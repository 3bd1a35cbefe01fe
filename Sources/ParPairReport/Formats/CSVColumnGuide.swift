import ParPairAggregation

/// What each column of the weekly, daily and events CSVs holds: one entry per column name, with its unit;
/// the heading people read (`column_NAME`), the meaning (`column_NAME_meaning`) and the unit's name
/// (`column_unit_UNIT`) are in the message catalogs. `parpair-report columns`, `--csv-headers human` and the
/// digest e-mail's legend all read it; the column lists themselves are the CSV writers' own
/// (`WeekSummary.columnNames`, `DaySummary.columnNames`, `EventExport.columns`), and a test holds the two together.
public enum CSVColumnGuide {
    /// The unit of a column's cells.
    public enum Unit: String, Sendable, CaseIterable {
        case text, id, week, day, date, datetime, days, flag, count, minutes, hours, ml, oz, grams
        case perDay = "per_day", mlPerDay = "ml_per_day", ozPerDay = "oz_per_day", hoursPerDay = "hours_per_day", number
        case mlPerFeed = "ml_per_feed", ozPerFeed = "oz_per_feed"
    }

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

    /// Every column of every CSV table, in either units.
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
        Entry("day", .day),
        Entry("date", .date),
        Entry("logged", .flag),
        Entry("feeds", .count),
        Entry("breastfeeding", .count),
        Entry("formula", .count),
        Entry("pumped_milk", .count),
        Entry("solids", .count),
        Entry("other", .count),
        Entry("breastfeeding_min", .minutes),
        Entry("formula_ml", .ml),
        Entry("formula_oz", .oz),
        Entry("pumped_milk_ml", .ml),
        Entry("pumped_milk_oz", .oz),
        Entry("solids_g", .grams),
        Entry("feeds_per_day", .perDay),
        Entry("bottle_ml_per_day", .mlPerDay),
        Entry("bottle_oz_per_day", .ozPerDay),
        Entry("bottle_ml_per_feed", .mlPerFeed),
        Entry("bottle_oz_per_feed", .ozPerFeed),
        Entry("longest_feed_gap_h", .hours),
        Entry("sleep_h", .hours),
        Entry("night_sleep_h", .hours),
        Entry("day_sleep_h", .hours),
        Entry("sleeps", .count),
        Entry("longest_sleep_h", .hours),
        Entry("sleep_h_per_day", .hoursPerDay),
        Entry("diapers", .count),
        Entry("wet", .count),
        Entry("dirty", .count),
        Entry("mixed", .count),
        Entry("dry", .count),
        Entry("wet_per_day", .perDay),
        Entry("dirty_per_day", .perDay),
        Entry("tummy_time_min", .minutes),
        Entry("activity_min", .minutes),
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
