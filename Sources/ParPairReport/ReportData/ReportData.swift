import Foundation
import Mustache
import ParPairAggregation
import ParPairModel

/// The data handed to report templates: the public API for template authors, documented key by key
/// in `Templates/README.md`. Every figure is already formatted (`.` decimal point, fixed decimals).
public enum ReportData {
    /// Builds the template context.
    /// - Parameters:
    ///   - result: the aggregation of the store.
    ///   - settings: redaction, store name and tool version.
    ///   - charts: whether to draw the SVG charts (HTML only; they cost time and are not needed elsewhere).
    ///     A baby without weeks gets none: its charts would be empty axes.
    /// - Throws: `ReportError.chart` when a chart is not well-formed XML (a bug, never silently embedded).
    public static func make(result: AggregationResult, settings: ReportSettings, charts: Bool) throws -> MustacheValue {
        let options = result.options
        let units = options.units
        var babies: [MustacheValue] = []
        for (index, aggregate) in result.babies.enumerated() {
            babies.append(try baby(aggregate, index: index, result: result, settings: settings, charts: charts))
        }
        var sources: [String: String] = [:]
        for aggregate in result.babies {
            for week in aggregate.weeks {
                for band in week.references { sources[band.sourceName] = band.sourceURL }
            }
        }
        let orphans = result.storeFindings.filter { $0.rule != .unreadableRow }.map { finding($0, redactedName: nil) }
        let unreadable = result.storeFindings.filter { $0.rule == .unreadableRow }.map { finding($0, redactedName: nil) }
        return .dictionary(commonKeys(options: options, settings: settings, sources: sources).merging([
            "babies": .array(babies),
            "several_babies": .bool(result.babies.count > 1),
            "no_babies": .bool(result.babies.isEmpty),
            "orphans": .array(orphans),
            "has_orphans": .bool(!orphans.isEmpty),
            "orphan_findings": .dictionary(["findings": .array(orphans)]),
            "orphan_count": .int(orphans.count),
            "unreadable_rows": .array(unreadable),
            "has_unreadable_rows": .bool(!unreadable.isEmpty),
            "unreadable_findings": .dictionary(["findings": .array(unreadable)]),
            "unreadable_count": .int(unreadable.count),
            "weekly_header": header(WeekSummary.columnNames(units: units)),
            "daily_header": header(DaySummary.columnNames(units: units)),
        ]) { _, own in own })
    }

    /// The keys the report and the digests share: how the figures were made (tool, store, today,
    /// zone, units, day start, night, redaction) and the sources of the reference bands shown.
    static func commonKeys(
        options: AggregationOptions, settings: ReportSettings, sources: [String: String]
    ) -> [String: MustacheValue] {
        var keys: [String: MustacheValue] = [
            "tool_version": .string(settings.toolVersion),
            "store_name": .string(settings.storeName),
            "today": .string(options.today.description),
            "timezone": .string(options.timeZone.identifier),
            "units": .string(options.units.rawValue),
            "volume_unit": .string(options.units.symbol),
            "day_start": .string(options.dayStart.description),
            "night": .string(options.night.description.replacingOccurrences(of: "-", with: "–")),
            "redacted": .bool(settings.redact),
            "sources": .array(sources.sorted { $0.key < $1.key }.map {
                .dictionary(["name": .string($0.key), "url": .string($0.value)])
            }),
        ]
        // Only when read from a device backup, so a store read directly renders as it always did.
        if let source = settings.backupSource { keys["backup_source"] = .string(source) }
        return keys
    }

    /// CSV header cells, each with `name` and `first`.
    static func header(_ names: [String]) -> MustacheValue {
        .array(names.enumerated().map { .dictionary(["name": .string($1), "first": .bool($0 == 0)]) })
    }

    /// CSV cells of one row, each with `name`, `value` and `first` (a `CSVCell`); the `baby` column
    /// honours `--redact`.
    static func cells(_ columns: [SummaryColumn], babyName: String) -> MustacheValue {
        .array(columns.enumerated().map { index, column in
            .object(CSVCell(name: column.name, value: column.name == "baby" ? babyName : column.value.formatted, first: index == 0))
        })
    }

    static func baby(
        _ aggregate: BabyAggregate, index: Int, result: AggregationResult, settings: ReportSettings, charts: Bool
    ) throws -> MustacheValue {
        let name = BabyName.shown(aggregate.baby.name, redact: settings.redact)
        let weeks = aggregate.weeks
        var value: [String: MustacheValue] = [
            "name": .string(name),
            "css_name": .string(CSSString.escape(name)),
            "initials": .string(BabyName.initials(of: aggregate.baby.name)),
            "id": .string(aggregate.baby.id.uuidString),
            "anchor": .string("baby-\(index + 1)"),
            "first": .bool(index == 0),
            "birthday": .string(aggregate.birthDate.description),
            "age_today": .string(aggregate.ageToday.description),
            "has_weeks": .bool(!weeks.isEmpty),
            "first_week": weeks.first.map { .int($0.week) } ?? .null,
            "last_week": weeks.last.map { .int($0.week) } ?? .null,
            "week_range": .string(weekRange(weeks)),
            // Rows are made key by key while they render, so the report holds no per-row values.
            "weeks": .array(weeks.indices.map { .object(WeekRow(weeks: weeks, index: $0)) }),
            "weekly_rows": .array(SummaryRows.cells(of: weeks, babyName: name)),
            "daily_rows": .array(SummaryRows.cells(of: aggregate.days, babyName: name)),
            "last_days": .array(lastDays(aggregate)),
            "has_last_days": .bool(!aggregate.days.isEmpty),
            "findings": .array(aggregate.findings.map { finding($0, redactedName: nil) }),
            "has_findings": .bool(!aggregate.findings.isEmpty),
            "finding_count": .int(aggregate.findings.count),
            "findings_outside_selection": .int(aggregate.findingsOutsideSelection),
            "has_findings_outside_selection": .bool(aggregate.findingsOutsideSelection > 0),
            "comparison": aggregate.latestComparison.map(comparison) ?? .null,
        ]
        if charts, !weeks.isEmpty {
            value["charts"] = try ReportCharts.make(aggregate, units: result.options.units)
        }
        return .dictionary(value)
    }

    static func weekRange(_ weeks: [WeekSummary]) -> String {
        guard let first = weeks.first, let last = weeks.last else { return "no weeks with logs" }
        return first.week == last.week ? "week \(first.week)" : "weeks \(first.week)–\(last.week)"
    }

    /// One week of the weekly tables with every key made up front (the digest's `figures`); the
    /// report's `weeks` are `WeekRow`s, which make a key only when a template reads it.
    static func week(_ week: WeekSummary, odd: Bool) -> MustacheValue {
        var value: [String: MustacheValue] = [:]
        for key in ["odd"] + week.columns.map(\.name) + weekKeys {
            value[key] = weekValue(week, odd: odd, key: key, lazyBands: false)
        }
        return .dictionary(value)
    }

    /// The keys of a week besides `odd` and its CSV columns (all but `baby`).
    static let weekKeys = [
        "label", "in_progress", "feeds_per_day_1", "solids_g_per_day", "breastfeeds_per_day", "formula_per_day", "pumped_milk_per_day", "solids_per_day",
        "breastfeeding_min_per_day", "bottle_volume_per_day", "night_sleep_h_per_day", "day_sleep_h_per_day",
        "sleep_h_per_day_1", "longest_sleep", "tummy_time_min_per_day", "wet_per_day_1", "dirty_per_day_1",
        "has_findings", "bands",
    ]

    /// One key of a week: `odd`, a CSV column (all but `baby`) as formatted text, or one of `weekKeys`;
    /// nil for any other key.
    /// - Parameter lazyBands: `bands` as a `WeekBands` object rather than a dictionary made up front.
    static func weekValue(_ week: WeekSummary, odd: Bool, key: String, lazyBands: Bool) -> MustacheValue? {
        let metrics = week.metrics
        switch key {
        case "odd": return .bool(odd)
        case "baby": return nil
        case "label": return .string("Week \(week.week)")
        case "in_progress": return .bool(!week.isComplete)
        case "feeds_per_day_1": return .string(perDay(week, 1) { Double($0.feeds) })
        case "solids_g_per_day": return .string(perDay(week, 0) { $0.solidsGrams })
        case "breastfeeds_per_day": return .string(perDay(week, 1) { Double($0.breastfeeds) })
        case "formula_per_day": return .string(perDay(week, 1) { Double($0.formulaFeeds) })
        case "pumped_milk_per_day": return .string(perDay(week, 1) { Double($0.pumpedMilkFeeds) })
        case "solids_per_day": return .string(perDay(week, 1) { Double($0.solidsFeeds) })
        case "breastfeeding_min_per_day": return .string(perDay(week, 0) { $0.breastfeedingMinutes })
        case "bottle_volume_per_day":
            let decimals = week.units.decimals == 1 ? 0 : 1
            return .string(week.bottleVolumePerDay.map { FixedDecimal.format($0, decimals: decimals) } ?? "–")
        case "night_sleep_h_per_day": return .string(perDay(week, 1) { $0.nightSleepHours })
        case "day_sleep_h_per_day": return .string(perDay(week, 1) { $0.daySleepHours })
        case "sleep_h_per_day_1": return .string(perDay(week, 1) { $0.sleepHours })
        case "longest_sleep": return .string(metrics.longestSleepHours.map { FixedDecimal.format($0, decimals: 1) } ?? "–")
        case "tummy_time_min_per_day": return .string(perDay(week, 0) { $0.tummyTimeMinutes })
        case "wet_per_day_1": return .string(perDay(week, 1) { Double($0.wet) })
        case "dirty_per_day_1": return .string(perDay(week, 1) { Double($0.dirty) })
        case "has_findings": return .bool(week.findings > 0)
        case "bands": return lazyBands ? .object(WeekBands(references: week.references)) : bands(week.references)
        default: return week.value(of: key).map { .string($0.formatted) }
        }
    }

    /// The bands every week has, marked not applicable when the week has no such reference.
    static let standardBandKeys = ["sleep", "wet", "breastfeeds", "tummy_time"]

    /// A week's bands by key, made up front.
    static func bands(_ references: [ReferenceBand]) -> MustacheValue {
        var bands: [String: MustacheValue] = [:]
        for band in references {
            bands[bandKey(band.metric)] = self.band(band)
        }
        for key in standardBandKeys where bands[key] == nil {
            bands[key] = notApplicableBand
        }
        return .dictionary(bands)
    }

    /// One band of a week by key (the last reference with that key wins, as in `bands(_:)`).
    static func band(_ references: [ReferenceBand], key: String) -> MustacheValue? {
        if let band = references.last(where: { bandKey($0.metric) == key }) { return self.band(band) }
        // Not a ternary: `nil` there would become MustacheValue.null ("empty"), not "no such key".
        guard standardBandKeys.contains(key) else { return nil }
        return notApplicableBand
    }

    static let notApplicableBand: MustacheValue = .dictionary([
        "applies": false, "status": "not_applicable", "range": "", "mark": "", "too_few_days": false,
    ])

    static func bandKey(_ metric: String) -> String {
        switch metric {
        case "sleep_h_per_day": "sleep"
        case "wet_per_day": "wet"
        case "breastfeeds_per_day": "breastfeeds"
        case "tummy_time_min_per_day": "tummy_time"
        default: metric
        }
    }

    static func band(_ band: ReferenceBand) -> MustacheValue {
        let mark: String
        switch band.status {
        case .below: mark = "▼ below"
        case .above: mark = "▲ above"
        case .tooFewDays: mark = "too few days logged"
        case .within, .notApplicable: mark = ""
        }
        return .dictionary([
            "applies": .bool(band.status != .notApplicable),
            "status": .string(band.status.rawValue),
            "out_of_band": .bool(band.status == .below || band.status == .above),
            "too_few_days": .bool(band.status == .tooFewDays),
            "range": .string(band.rangeText),
            "unit": .string(band.unit),
            "label": .string(band.label),
            "source": .string(band.sourceName),
            "url": .string(band.sourceURL),
            "mark": .string(mark),
        ])
    }

    /// A week's per-day figure as text: its total over the days that count, divided by `days_logged`.
    static func perDay(_ week: WeekSummary, _ decimals: Int, _ total: (LogMetrics) -> Double) -> String {
        guard let value = week.perDay(total), value.isFinite else { return "–" }
        return FixedDecimal.format(value, decimals: decimals)
    }

    /// How many days the "last days" table and the 24-hour chart show.
    public static let lastDaysShown = 14

    static func lastDays(_ aggregate: BabyAggregate) -> [MustacheValue] {
        let days = aggregate.days.suffix(lastDaysShown)
        return days.map { day in
            let metrics = day.metrics
            let units = day.units
            let bottles = metrics.formulaFeeds + metrics.pumpedMilkFeeds
            return .dictionary([
                "day": .int(day.day),
                "age": .string(Age(days: day.day).description),
                "date": .string(day.date.description),
                "weekday": .string(weekdayName(day.date)),
                "logged": .bool(day.logged),
                "feeds": .int(metrics.feeds),
                "breastfeeds": .int(metrics.breastfeeds),
                "bottles": .int(bottles),
                "solids": .int(metrics.solidsFeeds),
                "bottle_volume": .string(FixedDecimal.format(units.volume(milliliters: metrics.bottleMilliliters),
                                                             decimals: units == .metric ? 0 : 1)),
                "sleep_h": .string(FixedDecimal.format(metrics.sleepHours, decimals: 1)),
                "longest_sleep_h": .string(metrics.longestSleepHours.map { FixedDecimal.format($0, decimals: 1) } ?? "–"),
                "wet": .int(metrics.wet),
                "dirty": .int(metrics.dirty),
                "diapers": .int(metrics.diapers),
                "tummy_time_min": .string(FixedDecimal.format(metrics.tummyTimeMinutes, decimals: 0)),
                "findings": .int(day.findings),
            ])
        }
    }

    static func weekdayName(_ date: CivilDate) -> String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][date.isoWeekday - 1]
    }

    static func comparison(_ comparison: WeekComparison) -> MustacheValue {
        .dictionary([
            "current_week": .int(comparison.currentWeek),
            "previous_week": .int(comparison.previousWeek),
            "changes": .array(comparison.changes.map { change in
                .dictionary([
                    "name": .string(change.name),
                    "label": .string(change.label),
                    "current": .string(change.current.map { FixedDecimal.format($0, decimals: change.decimals) } ?? "–"),
                    "previous": .string(change.previous.map { FixedDecimal.format($0, decimals: change.decimals) } ?? "–"),
                    "delta": .string(change.deltaText),
                    "direction": .string(change.direction.rawValue),
                    "arrow": .string(change.direction.symbol),
                ])
            }),
        ])
    }

    static func finding(_ finding: Finding, redactedName: String?) -> MustacheValue {
        .dictionary([
            "rule": .string(finding.rule.rawValue),
            "kind": .string(finding.kind.rawValue),
            "id": .string(finding.logID.uuidString),
            "row": .int(Int(finding.rowID)),
            "time": .string(finding.localTime),
            "reason": .string(finding.reason),
            "severity": .string(finding.severity.rawValue),
            "in_progress": .bool(finding.severity == .inProgress),
            "week": finding.week.map { .int($0) } ?? .null,
            "day": finding.day.map { .int($0) } ?? .null,
            "occurrences": .int(finding.occurrences),
        ])
    }
}
