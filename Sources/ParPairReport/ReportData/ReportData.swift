import Concurrency
import Foundation
import Mustache
import ParPairAggregation
import ParPairModel
import ParPairStore

/// The data handed to report templates: the public API for template authors, documented key by key
/// in `Templates/README.md`. Every figure is already formatted (fixed decimals, the language's decimal
/// separator; CSV cells always `.`), and every word comes from the language's catalog (`t`).
public enum ReportData {
    /// Builds the template context.
    /// - Parameters:
    ///   - result: the aggregation of the store.
    ///   - settings: redaction, store name and tool version.
    ///   - charts: whether to draw the SVG charts (HTML only; they cost time and are not needed elsewhere).
    ///     A baby without weeks gets none: its charts would be empty axes.
    ///   - chartsAhead: draws the charts on a second thread while the report renders (`ChartsAhead`); the
    ///     caller closes and finishes it. Nil draws them here.
    /// - Throws: `ReportError.chart` when a chart is not well-formed XML (a bug, never silently embedded).
    ///   - reads: whether the template may read a key; the ``onDemandKeys`` it never reads are left out.
    public static func make(
        result: AggregationResult, settings: ReportSettings, charts: Bool, reads: (String) -> Bool = { _ in true }
    ) throws -> MustacheValue {
        try make(result: result, settings: settings, charts: charts, chartsAhead: nil, reads: reads)
    }

    /// A baby's keys made only for a template that reads them: each costs time for every baby (a finding's
    /// sentence in the language, the last days' table), and the CSV report reads none of them. A name no tag
    /// reads is never looked up, so leaving it out changes nothing rendered; no catalog text, which renders
    /// against the template's context, reads one (tested).
    public static let onDemandKeys: Set<String> = ["findings", "last_days", "first_month", "comparison", "daily_rows", "weekly_rows"]

    static func make(
        result: AggregationResult, settings: ReportSettings, charts: Bool, chartsAhead: ChartsAhead?,
        reads: (String) -> Bool = { _ in true }
    ) throws -> MustacheValue {
        let options = result.options
        let units = options.units
        var babies: [MustacheValue] = []
        // Every band the babies' pages show: their sources, and the concerns crossed, are listed in the notes.
        var shownBands: [ReferenceBand] = []
        let made = try babyValues(
            result: result, settings: settings, charts: charts, drawsAhead: chartsAhead != nil, reading: onDemandKeys.filter(reads))
        for var baby in made {
            // Given to ChartsAhead here, in the babies' order, on the thread that draws them.
            if let aggregate = baby.chartsAggregate, let chartsAhead { baby.value["charts"] = chartsAhead.charts(of: aggregate) }
            babies.append(.dictionary(baby.value))
            shownBands += baby.shown
        }
        var sources: [String: String] = [:]
        for band in shownBands { sources[band.sourceName] = band.sourceURL }
        let localizer = settings.localizer
        let concerns = self.concerns(shownBands, localizer)
        let corrected = result.babies.contains { $0.correction?.isPreterm == true }
        if corrected {
            for source in ReferenceRanges.correctedAgeSources { sources[source.name] = source.url }
        }
        let orphans = result.storeFindings.filter { $0.rule != .unreadableRow }.map { finding($0, localizer) }
        let unreadable = result.storeFindings.filter { $0.rule == .unreadableRow }.map { finding($0, localizer) }
        return .dictionary(commonKeys(options: options, settings: settings, sources: sources).merging([
            "babies": .array(babies),
            "concerns": .array(concerns),
            "has_concerns": .bool(!concerns.isEmpty),
            "several_babies": .bool(result.babies.count > 1),
            "has_correction": .bool(corrected),
            "has_visit": .bool(settings.visit != nil),
            "no_babies": .bool(result.babies.isEmpty),
            "orphans": .array(orphans),
            "has_orphans": .bool(!orphans.isEmpty),
            "orphan_findings": .dictionary(["findings": .array(orphans)]),
            "orphan_count": .int(orphans.count),
            "unreadable_rows": .array(unreadable),
            "has_unreadable_rows": .bool(!unreadable.isEmpty),
            "unreadable_findings": .dictionary(["findings": .array(unreadable)]),
            "unreadable_count": .int(unreadable.count),
            "weekly_header": header(WeekSummary.columnNames(units: units), settings),
            "daily_header": header(DaySummary.columnNames(units: units), settings),
        ]) { _, own in own })
    }

    /// The keys the report and the digests share: how the figures were made (tool, store, today,
    /// zone, units, day start, night, redaction) and the sources of the reference bands shown.
    static func commonKeys(
        options: AggregationOptions, settings: ReportSettings, sources: [String: String]
    ) -> [String: MustacheValue] {
        let localizer = settings.localizer
        var keys: [String: MustacheValue] = [
            "t": localizer.templateTexts,
            "t_css": localizer.cssTexts,
            "lang": .string(localizer.language.rawValue),
            "tool_version": .string(settings.toolVersion),
            "store_name": .string(settings.storeName),
            "today": .string(localizer.date(options.today)),
            "today_iso": .string(options.today.description),
            "units_name": .string(localizer.text("units_\(options.units.rawValue)")),
            "timezone": .string(options.timeZone.identifier
                + (settings.zoneFromPhone ? ", " + localizer.text("zone_from_phone") : "")),
            "units": .string(options.units.rawValue),
            "volume_unit": .string(options.units.symbol),
            "session_gap": .int(options.sessionGapMinutes),
            "day_start": .string(options.dayStart.description),
            "night": .string("\(options.night.start)–\(options.night.end)"),  // HH:MM–HH:MM, an en dash between
            "redacted": .bool(settings.redact),
            "sources": .array(sources.sorted { $0.key < $1.key }.map {
                .dictionary(["name": .string($0.key), "url": .string($0.value)])
            }),
        ]
        // Only when read from a device backup, so a store read directly renders as it always did.
        if let source = settings.backupSource { keys["backup_source"] = .string(source) }
        // Only for a backup older than --stale-after days, likewise.
        if !settings.staleBackups.isEmpty {
            keys["stale_backups"] = .array(settings.staleBackups.map { age in
                .dictionary(["stale_device": .string(age.device), "stale_date": .string(localizer.date(age.date)),
                             "stale_days": .int(age.days)])
            })
        }
        // Only for a phone picked from a folder of several, likewise.
        if !settings.phonesLeftOut.isEmpty {
            keys["phones_left_out"] = .string(settings.phonesLeftOut.joined(separator: ", "))
        }
        // Only for several phones, likewise.
        if !settings.phones.isEmpty {
            keys["has_phones"] = .bool(true)
            keys["phones"] = .array(settings.phones.enumerated().map { index, phone in
                .dictionary(["name": .string(phone.name), "first": .bool(index == 0),
                             "backup_date": phone.backupDate.map { .string($0) } ?? .bool(false)])
            })
            keys["match_notes"] = .array(settings.matchNotes.map { .string(matchNote($0, zone: options.timeZone, localizer)) })
            // The aggregation's own instant (`AggregationOptions.fewerPhonesFrom`), on the family's clock.
            if let from = options.fewerPhonesFrom {
                keys["fewer_phones_from"] = .string(BackupOrigin.localText(from, in: options.timeZone))
            }
        }
        return keys
    }

    /// A matching note in the language: a child matched by name and birthday, or the phones' birth times of a child.
    static func matchNote(_ note: MatchNote, zone: TimeZone, _ localizer: Localizer) -> String {
        switch note {
        case .sameNameAndBirthday(let name, let born, let phone, let child, let childPhone):
            return localizer.text("match_by_name", [
                "name": name, "born": localizer.date(born), "phone": phone, "child": child, "child_phone": childPhone,
            ])
        case .birthTimes(let name, let times):
            let calendar = LifeCalendar(timeZone: zone, dayStartMinutes: 0)
            let listed = times.map { localizer.readableTime(calendar.iso8601($0.time)) + " (" + $0.phone + ")" }
            return localizer.text("match_birth_times", ["name": name, "times": listed.joined(separator: ", ")])
        }
    }

    /// CSV header cells, each with `name` and `first`.
    /// The CSV header cells of `names`, as `settings.csvHeaders` asks.
    static func header(_ names: [String], _ settings: ReportSettings) -> MustacheValue {
        guard settings.csvHeaders == .human else { return header(names) }
        return header(names.map { CSVColumnGuide.humanHeader($0, settings.localizer) })
    }

    static func header(_ names: [String]) -> MustacheValue {
        .array(names.enumerated().map { .dictionary(["name": .string($1), "first": .bool($0 == 0)]) })
    }

    /// CSV cells of one row, each with `name`, `value` and `first` (a `CSVCell`); the `baby` column
    /// honours `--redact`.
    static func cells(_ columns: [SummaryColumn], babyName: String) -> MustacheValue {
        CSVRow(columns: columns, babyName: babyName).cells
    }

    /// A baby's keys, the reference bands its pages show, and, when its charts are drawn ahead (`ChartsAhead`), the
    /// aggregate they are drawn from (its weeks since `--since`).
    struct MadeBaby: Sendable {
        var value: [String: MustacheValue]
        var shown: [ReferenceBand]
        var chartsAggregate: BabyAggregate?
    }

    /// Every baby's ``MadeBaby``, in the babies' order. For an HTML report of two babies or more the second half is
    /// made on a second thread: the report data (most of it the findings' and the days' texts) is the one step between
    /// the read and the first page, and by then the other core has nothing to do (the validator has read its DTD while
    /// the store was opened). The halves are joined in the babies' order, so the output is the same either way.
    /// - Parameter reading: the ``onDemandKeys`` the template reads.
    static func babyValues(
        result: AggregationResult, settings: ReportSettings, charts: Bool, drawsAhead: Bool, reading: Set<String>
    ) throws -> [MadeBaby] {
        let babies = Array(result.babies.enumerated())
        let make = { @Sendable (part: ArraySlice<(offset: Int, element: BabyAggregate)>) throws -> [MadeBaby] in
            try part.map { index, aggregate in
                try baby(aggregate, index: index, result: result, settings: settings, charts: charts, drawsAhead: drawsAhead,
                         reads: { reading.contains($0) })
            }
        }
        guard drawsAhead, babies.count > 1 else { return try make(babies[...]) }
        let half = babies.count / 2
        let (first, second) = try Concurrently.run({ _ in try make(babies[..<half]) }, { _ in try make(babies[half...]) })
        return first + second
    }

    /// The visit summary of a baby's `--since`/`--visit` period (it reads the days before the report's weeks), and the
    /// aggregate then shown: a `--since` report shows only its own weeks; with the date `--since` falls on, inside the
    /// first week shown ("Report covers"), and the reference bands the summary shows.
    private static func visitPart(
        _ aggregate: BabyAggregate, index: Int, result: AggregationResult, settings: ReportSettings, charts: Bool
    ) throws -> (aggregate: BabyAggregate, visit: MustacheValue, since: CivilDate?, shown: [ReferenceBand]) {
        guard let period = settings.visit else { return (aggregate, .null, nil, []) }
        var (shownAggregate, visit, since, shown) = (aggregate, MustacheValue.null, CivilDate?.none, [ReferenceBand]())
        let (from, to) = period.dates(today: result.options.today)
        if let summary = VisitSummary(aggregate, from: from, to: to) {
            shown = summary.figures.flatMap(\.bands)
            visit = try VisitData.make(summary, aggregate: aggregate, index: index, localizer: settings.localizer,
                                       units: result.options.units, charts: charts)
        }
        if case .since(let date) = period {
            shownAggregate = aggregate.keepingWeeks(from: max(0, Age(days: LifeCalendar.dayOfLife(date, bornOn: aggregate.birthDate)).week))
            since = date
        }
        return (shownAggregate, visit, since, shown)
    }

    static func baby(
        _ aggregate: BabyAggregate, index: Int, result: AggregationResult, settings: ReportSettings, charts: Bool,
        drawsAhead: Bool = false, reads: (String) -> Bool = { _ in true }
    ) throws -> MadeBaby {
        let name = BabyName.shown(aggregate.baby.name, redact: settings.redact)
        let localizer = settings.localizer
        var (aggregate, visit, since, shown) = try visitPart(aggregate, index: index, result: result, settings: settings, charts: charts)
        let weeks = aggregate.weeks
        let firstMonthDays = aggregate.firstMonth
        shown += weeks.flatMap(\.references) + firstMonthDays.flatMap(\.bands)
        var value: [String: MustacheValue] = [
            "name": .string(name),
            "css_name": .string(CSSString.escape(name)),
            "initials": .string(BabyName.initials(of: aggregate.baby.name)),
            "id": .string(aggregate.baby.id.uuidString),
            "anchor": .string("baby-\(index + 1)"),
            "first": .bool(index == 0),
            "birthday": .string(localizer.date(aggregate.birthDate)),
            "birthday_iso": .string(aggregate.birthDate.description),
            "age_today": .string(ageText(aggregate.ageToday.days, aggregate.correction, localizer)),
            "correction": correction(aggregate, today: result.options.today, localizer),
            "age_at_visit": settings.visitDate.map { .string(ageText(LifeCalendar.dayOfLife($0, bornOn: aggregate.birthDate), aggregate.correction,
                                                                     localizer)) } ?? .null,
            "visit_date": settings.visitDate.map { .string(localizer.date($0)) } ?? .null,
            "visit": visit,
            "has_weeks": .bool(!weeks.isEmpty),
            "first_week": weeks.first.map { .int($0.week) } ?? .null,
            "last_week": weeks.last.map { .int($0.week) } ?? .null,
            "week_range": .string(weekRange(weeks, localizer, since: since)),
            // Rows are made key by key while they render, so the report holds no per-row values.
            "weeks": .array(weeks.indices.map { .object(WeekRow(weeks: weeks, index: $0, localizer: localizer)) }),
            "has_last_days": .bool(!aggregate.days.isEmpty),
            "has_findings": .bool(!aggregate.findings.isEmpty),
            "finding_count": .int(aggregate.findings.count),
            "copies": .int(aggregate.copiesInWeeks),
            "has_copies": .bool(aggregate.copiesInWeeks > 0),
            "findings_outside_selection": .int(aggregate.findingsOutsideSelection),
            "has_findings_outside_selection": .bool(aggregate.findingsOutsideSelection > 0),
            "has_first_month": .bool(!firstMonthDays.isEmpty),
        ]
        func onDemand(_ key: String, _ make: () -> MustacheValue) {
            assert(onDemandKeys.contains(key))
            if reads(key) { value[key] = make() }
        }
        onDemand("weekly_rows") { .array(SummaryRows.cells(of: weeks, babyName: name)) }
        onDemand("daily_rows") { .array(SummaryRows.cells(of: aggregate.days, babyName: name)) }
        onDemand("last_days") { .array(lastDays(aggregate, localizer)) }
        onDemand("findings") { .array(aggregate.findings.map { finding($0, localizer) }) }
        onDemand("comparison") { aggregate.latestComparison.map { comparison($0, localizer) } ?? .null }
        onDemand("first_month") { .array(firstMonth(firstMonthDays, localizer)) }
        var drawnAhead: BabyAggregate?
        if charts, !weeks.isEmpty {
            if drawsAhead {
                drawnAhead = aggregate
            } else {
                value["charts"] = try ReportCharts.make(aggregate, units: result.options.units, localizer: localizer)
            }
        }
        return MadeBaby(value: value, shown: shown, chartsAggregate: drawnAhead)
    }

    /// `D+120, 17w1d (corrected 9w1d)` while a correction applies that day, else the age alone.
    static func ageText(_ day: Int, _ correction: AgeCorrection?, _ localizer: Localizer) -> String {
        let age = Age(days: day).description
        guard let corrected = correction?.correctedDays(onDay: day) else { return age }
        return age + " (" + localizer.text("corrected_age", ["age": AgeCorrection.weeksAndDays(corrected)]) + ")"
    }

    /// What the report says about a baby's term (`--due-date`, `--born-at`); null without one.
    static func correction(_ aggregate: BabyAggregate, today: CivilDate, _ localizer: Localizer) -> MustacheValue {
        guard let correction = aggregate.correction else { return .null }
        return self.correction(correction, todayIndex: aggregate.ageToday.days, localizer)
    }

    /// The keys of a term on the day of life `todayIndex`.
    static func correction(_ correction: AgeCorrection, todayIndex: Int, _ localizer: Localizer) -> MustacheValue {
        .dictionary([
            // In the notation of the language's clinics: 35w2d, SSW 35+2, 35 SA + 2 j.
            "born_at": .string(localizer.text("gestational_age", [
                "weeks": String(correction.gestationalAgeDays / 7), "days": String(correction.gestationalAgeDays % 7),
            ])),
            "early": .string(correction.earlyText),
            "due_date": .string(localizer.date(correction.dueDate)),
            "due_date_iso": .string(correction.dueDate.description),
            "preterm": .bool(correction.isPreterm),
            "term": .bool(!correction.isPreterm),
            "end_months": correction.correctionMonths.map { .int($0) } ?? .null,
            "end_date": correction.endDate.map { .string(localizer.date($0)) } ?? .null,
            "applies_today": .bool(correction.applies(onDay: todayIndex)),
            "ended": .bool(correction.isPreterm && !correction.applies(onDay: todayIndex) && todayIndex >= 0),
            "corrected_today": correction.correctedDays(onDay: todayIndex).map { .string(AgeCorrection.weeksAndDays($0)) } ?? .null,
        ])
    }

    /// `weeks 17–21`, or with `--since` falling after the first week's first day, `weeks 17–21, from 2026-10-23`.
    static func weekRange(_ weeks: [WeekSummary], _ localizer: Localizer, since: CivilDate? = nil) -> String {
        guard let first = weeks.first, let last = weeks.last else { return localizer.text("no_weeks_with_logs") }
        let range = first.week == last.week ? localizer.text("week_one", ["first": "\(first.week)"])
            : localizer.text("weeks_range", ["first": "\(first.week)", "last": "\(last.week)"])
        guard let since, since > first.startDate else { return range }
        return localizer.text("weeks_from", ["weeks": range, "date": localizer.date(since)])
    }

    /// One week of the weekly tables with every key made up front (the digest's `figures`); the
    /// report's `weeks` are `WeekRow`s, which make a key only when a template reads it.
    static func week(_ week: WeekSummary, odd: Bool, localizer: Localizer) -> MustacheValue {
        var value: [String: MustacheValue] = [:]
        // Every key weekValue answers, once (the dates are columns too); `baby` answers nil, so it gets no entry.
        for key in Set(week.columns.map(\.name)).union(weekKeyTable.keys) {
            value[key] = weekValue(week, odd: odd, key: key, lazyBands: false, localizer: localizer)
        }
        return .dictionary(value)
    }

    /// One key of a week: a CSV column (all but `baby`) as formatted text, or one of `weekKeyTable`'s;
    /// nil for any other key.
    /// - Parameter lazyBands: `bands` as a `WeekBands` object rather than a dictionary made up front.
    static func weekValue(_ week: WeekSummary, odd: Bool, key: String, lazyBands: Bool, localizer: Localizer) -> MustacheValue? {
        guard let known = weekKeyTable[key] else { return week.value(of: key).map { .string(localizer.number($0.formatted)) } }
        switch known {
        case .figure(let position): return .string(shownFigure(ReportFigure.all[position], of: week, localizer))
        case .odd: return .bool(odd)
        case .baby: return nil
        case .label: return .string("\(localizer.text("week")) \(week.week)")
        case .inProgress: return .bool(!week.isComplete)
        case .fewerPhones: return .bool(week.daysOnFewerPhones > 0)
        case .corrected: return .bool(week.correctedFirstDay != nil)
        case .correctedAge: return week.correctedFirstDay.map { .string(AgeCorrection.weeksAndDays($0)) } ?? .null
        case .hasFindings: return .bool(week.findings > 0)
        case .bands:
            return lazyBands ? .object(WeekBands(references: week.references, localizer: localizer)) : bands(week.references, localizer)
        case .startDate: return .string(localizer.date(week.startDate))
        case .endDate: return .string(localizer.date(week.endDate))
        }
    }

    /// A figure of a week as the tables show it, with the language's decimal separator; `–` when there is none.
    static func shownFigure(_ figure: ReportFigure, of week: WeekSummary, _ localizer: Localizer) -> String {
        guard let value = week.value(of: figure), value.isFinite else { return "–" }
        return localizer.number(FixedDecimal.format(value, decimals: figure.shownDecimals[week.units]))
    }

    /// The keys `weekValue` answers itself rather than from the week's columns: a figure of `ReportFigure.all`
    /// (by position) under its `weekKey`, or one of the week's own facts.
    enum WeekKey {
        case figure(Int)
        case odd, baby, label, inProgress, fewerPhones, corrected, correctedAge, hasFindings, bands, startDate, endDate
    }

    /// `WeekKey` by key text: one hash lookup per key a template reads (a switch over strings compares the
    /// key with each case in turn, and the weekly tables read dozens of keys a row).
    static let weekKeyTable: [String: WeekKey] = {
        var table: [String: WeekKey] = [
            "odd": .odd, "baby": .baby, "label": .label, "in_progress": .inProgress, "fewer_phones": .fewerPhones, "corrected": .corrected,
            "corrected_age": .correctedAge, "has_findings": .hasFindings, "bands": .bands, "start_date": .startDate, "end_date": .endDate,
        ]
        for (position, figure) in ReportFigure.all.enumerated() {
            guard let key = figure.weekKey else { continue }
            precondition(table[key] == nil, "two week-table keys \(key)")
            table[key] = .figure(position)
        }
        return table
    }()

    /// The figures every week has bands for, marked not applicable when the week has none.
    static let standardBandKeys = ["feedings", "gap", "bottle", "wet", "dirty", "sleep", "tummy_time"]

    /// A week's bands by key, made up front.
    static func bands(_ references: [ReferenceBand], _ localizer: Localizer) -> MustacheValue {
        var bands: [String: MustacheValue] = [:]
        for key in Set(references.map { bandKey($0.metric) }).union(standardBandKeys) {
            bands[key] = band(references, key: key, localizer: localizer)
        }
        return .dictionary(bands)
    }

    /// The bands of one figure by key: its typical range and its concern threshold, as one value.
    static func band(_ references: [ReferenceBand], key: String, localizer: Localizer) -> MustacheValue? {
        let figure = references.filter { bandKey($0.metric) == key }
        guard !figure.isEmpty else { return standardBandKeys.contains(key) ? notApplicableBand : nil }
        return band(figure, localizer)
    }

    static let notApplicableBand: MustacheValue = .dictionary([
        "applies": false, "status": "not_applicable", "typical": false, "range": "", "concern": false, "mark": "", "too_few_days": false,
    ])

    /// The template key of a band's figure.
    static func bandKey(_ metric: String) -> String {
        switch metric {
        case "feedings_per_day": "feedings"
        case "longest_feed_gap_h": "gap"
        case "formula_ml_per_day": "bottle"
        case "sleep_h_per_day": "sleep"
        case "wet_per_day": "wet"
        case "dirty_per_day": "dirty"
        case "tummy_time_min_per_day": "tummy_time"
        default: metric
        }
    }

    /// One figure's bands as templates read them: the typical range is context (`range`, never a mark); only a
    /// concern threshold crossed on enough logged days is a concern (`concern`, `mark`, worded in the notes).
    static func band(_ figure: [ReferenceBand], _ localizer: Localizer, showTypical: Bool = true) -> MustacheValue {
        let typical = figure.first { $0.kind == .typical }
        let threshold = figure.first { $0.kind == .concern }
        let concern = threshold?.isConcern == true
        let tooFew = threshold?.status == .tooFewDays
        let applies = figure.contains { $0.status != .notApplicable }
        let status = concern ? "concern" : !applies ? "not_applicable" : tooFew ? "too_few_days" : "no_concern"
        return .dictionary([
            "applies": .bool(applies),
            "status": .string(status),
            "typical": .bool(typical != nil && applies && showTypical),
            "range": .string(typical.map { localizer.number($0.rangeText) } ?? ""),
            "concern": .bool(concern),
            "mark": .string(threshold.flatMap { concern ? concernMark($0, localizer) : nil } ?? ""),
            "too_few_days": .bool(tooFew),
            "label": .string(typical?.label ?? threshold?.label ?? ""),
            "unit": .string(typical?.unit ?? threshold?.unit ?? ""),
            "source": .string(typical?.sourceName ?? threshold?.sourceName ?? ""),
            "url": .string(typical?.sourceURL ?? threshold?.sourceURL ?? ""),
        ])
    }

    /// `⚠ under 6`: a crossed concern threshold in a table cell (its wording is in the notes).
    static func concernMark(_ band: ReferenceBand, _ localizer: Localizer) -> String {
        localizer.text(band.wording + "_mark", [
            "threshold": localizer.number(band.thresholdNumber), "unit": String(band.unit.prefix { $0 != " " }),
        ])
    }

    /// The concerns crossed anywhere in `bands`, once each, worded as their sources word them, for the notes.
    static func concerns(_ bands: [ReferenceBand], _ localizer: Localizer) -> [MustacheValue] {
        var seen: Set<String> = []
        var notes: [MustacheValue] = []
        for band in bands where band.isConcern && seen.insert(band.wording).inserted {
            notes.append(.dictionary([
                "text": .string(localizer.text(band.wording)), "source": .string(band.sourceName), "url": .string(band.sourceURL),
            ]))
        }
        return notes
    }

    /// The first month's day-of-life table (`first_month`): each day's feedings, wet and dirty diapers and longest gap,
    /// each with its day-of-life band; a day without logs or a partial day says so.
    /// A typical count is shown where it changes from the day above (days 0-6 rise day by day, then it stays).
    static func firstMonth(_ days: [FirstMonthDay], _ localizer: Localizer) -> [MustacheValue] {
        var shownRange: [String: String] = [:]
        let notLogged = localizer.text("kind_not_logged")
        return days.map { day in
            func figure(_ metric: String) -> MustacheValue {
                let bands = day.bands.filter { $0.metric == metric }
                guard !bands.isEmpty else { return notApplicableBand }
                let range = bands.first { $0.kind == .typical && $0.status != .notApplicable }?.rangeText
                let changed = range != nil && range != shownRange[metric]
                if changed { shownRange[metric] = range }
                return band(bands, localizer, showTypical: changed)
            }
            return .dictionary([
                "day": .int(day.day),
                "age": .string("D+\(day.day)"),
                "date": .string(localizer.date(day.date)),
                "date_iso": .string(day.date.description),
                "weekday": .string(localizer.weekday(day.date)),
                "logged": .bool(day.logged),
                "partial": .bool(day.partial != nil),
                "partial_label": .string(day.partial.map { localizer.text("first_month_\($0.rawValue)") } ?? ""),
                "feedings": day.feedings.map { .int($0) } ?? .string(notLogged),
                "wet": day.wet.map { .int($0) } ?? .string(notLogged),
                "dirty": day.dirty.map { .int($0) } ?? .string(notLogged),
                "gap": .string(day.longestGapHours.map { localizer.number(FixedDecimal.format($0, decimals: 1)) }
                    ?? (day.feedings == nil ? notLogged : "–")),
                "has_concern": .bool(day.hasConcern),
                "bands": .dictionary([
                    "feedings": figure("feedings_per_day"), "gap": figure("longest_feed_gap_h"), "wet": figure("wet_per_day"),
                    "dirty": figure("dirty_per_day"),
                ]),
            ])
        }
    }

    /// How many days the "last days" table and the 24-hour chart show.
    public static let lastDaysShown = 14

    static func lastDays(_ aggregate: BabyAggregate, _ localizer: Localizer) -> [MustacheValue] {
        let days = aggregate.days.suffix(lastDaysShown)
        func shown(_ value: Double, decimals: Int) -> String { localizer.number(FixedDecimal.format(value, decimals: decimals)) }
        // A figure of a kind the day holds no log of reads "not logged", never 0.
        let notLogged = MustacheValue.string(localizer.text("kind_not_logged"))
        return days.map { day in
            let metrics = day.metrics
            let units = day.units
            let bottles = Int(metrics.formulaFeeds) + Int(metrics.pumpedMilkFeeds)
            func fed(_ value: MustacheValue) -> MustacheValue { day.hasFeeds ? value : notLogged }
            func changed(_ value: MustacheValue) -> MustacheValue { day.hasDiapers ? value : notLogged }
            func slept(_ value: MustacheValue) -> MustacheValue { day.hasSleep ? value : notLogged }
            return .dictionary([
                "day": .int(day.day),
                "age": .string(ageText(day.day, aggregate.correction, localizer)),
                "date": .string(localizer.date(day.date)),
                "date_iso": .string(day.date.description),
                "weekday": .string(localizer.weekday(day.date)),
                "logged": .bool(day.logged),
                "feeds": fed(.int(metrics.feeds)),
                "breastfeeds": fed(.int(Int(metrics.breastfeeds))),
                "bottles": fed(.int(bottles)),
                "solids": fed(.int(Int(metrics.solidsFeeds))),
                "bottle_volume": fed(.string(shown(units.volume(milliliters: metrics.bottleMilliliters), decimals: units == .metric ? 0 : 1))),
                "sleep_h": slept(.string(shown(metrics.sleepHours, decimals: 1))),
                "longest_sleep_h": slept(.string(metrics.longestSleepHours.map { shown($0, decimals: 1) } ?? "–")),
                "wet": changed(.int(Int(metrics.wet))),
                "dirty": changed(.int(Int(metrics.dirty))),
                "diapers": changed(.int(Int(metrics.diapers))),
                "tummy_time_min": day.hasActivities ? .string(shown(metrics.tummyTimeMinutes, decimals: 0)) : notLogged,
                "findings": .int(day.findings),
            ])
        }
    }

    static func comparison(_ comparison: WeekComparison, _ localizer: Localizer) -> MustacheValue {
        func shown(_ value: Double?, decimals: Int) -> String {
            value.map { localizer.number(FixedDecimal.format($0, decimals: decimals)) } ?? "–"
        }
        let soFar = comparison.soFar
        return .dictionary([
            "current_week": .int(comparison.currentWeek),
            "previous_week": .int(comparison.previousWeek),
            "has_so_far": .bool(soFar != nil),
            "so_far_week": soFar.map { .int($0.week) } ?? .null,
            "so_far_days": soFar.map { .int($0.days) } ?? .null,
            "so_far_days_logged": soFar.map { .int($0.daysLogged) } ?? .null,
            "changes": .array(comparison.changes.enumerated().map { index, change in
                .dictionary([
                    "so_far": .string(soFar.map { shown($0.values[index], decimals: change.decimals) } ?? ""),
                    "name": .string(change.name),
                    "label": .string(changeLabel(change, localizer)),
                    "current": .string(shown(change.current, decimals: change.decimals)),
                    "previous": .string(shown(change.previous, decimals: change.decimals)),
                    "delta": .string(localizer.number(change.deltaText)),
                    "direction": .string(change.direction.rawValue),
                    "direction_label": .string(localizer.text("direction_\(change.direction.rawValue)")),
                    "too_few_days": .bool(change.direction == .tooFewDays),
                    "arrow": .string(change.direction.symbol),
                ])
            }),
        ])
    }

    /// A comparison row's label in the language: `Feeds per day`, `Bottle ml per day`, … (the catalog's
    /// `change_KEY`, KEY the figure's visit key).
    static func changeLabel(_ change: MetricChange, _ localizer: Localizer) -> String {
        let figure = ReportFigure.compared.first { $0.column?.name.metric == change.name || $0.column?.name.imperial == change.name }
        let units: VolumeUnits = figure?.column?.name.metric == change.name ? .metric : .imperial
        return localizer.text("change_\(figure?.visitKey ?? change.name)", ["volume_unit": units.symbol])
    }

    static func finding(_ finding: Finding, _ localizer: Localizer) -> MustacheValue {
        .dictionary([
            "rule": .string(finding.rule.rawValue),
            "kind": .string(finding.kind.rawValue),
            "kind_label": .string(localizer.text("kind_\(finding.kind.rawValue)")),
            "id": .string(finding.logID.uuidString),
            "row": .int(Int(finding.rowID)),
            "time": .string(localizer.dateTime(finding.localTime)),
            "when": .string(localizer.readableTime(finding.localTime)),
            "time_iso": .string(finding.localTime),
            "reason": .string(localizer.reason(finding.message)),
            "severity": .string(finding.severity.rawValue),
            "in_progress": .bool(finding.severity == .inProgress),
            "week": finding.week.map { .int($0) } ?? .null,
            "day": finding.day.map { .int($0) } ?? .null,
            "occurrences": .int(finding.occurrences),
        ])
    }
}
