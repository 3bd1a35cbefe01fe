import Foundation
import Mustache
import ParPairAggregation
import ParPairModel

/// The visit summary's template data (`{{#visit}}`, one page per baby): see `Templates/README.md`.
enum VisitData {
    static func make(
        _ summary: VisitSummary, aggregate: BabyAggregate, index: Int, localizer: Localizer, units: VolumeUnits, charts: Bool
    ) throws -> MustacheValue {
        let figures = try summary.figures.map { try figure($0, of: summary, localizer: localizer, units: units, charts: charts) }
        let age = ReportData.ageText(aggregate.ageToday.days, aggregate.correction, localizer)
        // The first month's days of the period with a concern, named on the visit page (the table is on the baby's pages).
        let period = summary.from...summary.to
        // The first month's marked days before the period (a dry spell before the last check-up), in one line.
        let earlierConcerns = markedDays(aggregate.firstMonth.filter { $0.hasConcern && $0.date < summary.from }, localizer)
        let copies = aggregate.copies(inDays: LifeCalendar.dayOfLife(summary.from, bornOn: aggregate.birthDate)...LifeCalendar.dayOfLife(summary.to, bornOn: aggregate.birthDate))
        let firstMonthConcerns = markedDays(aggregate.firstMonth.filter { $0.hasConcern && period.contains($0.date) }, localizer)
        return .dictionary([
            "anchor": .string("visit-\(index + 1)"),
            "page": .string("baby-\(index + 1)"),
            "from": .string(localizer.date(summary.from)),
            "to": .string(localizer.date(summary.to)),
            "from_iso": .string(summary.from.description),
            "to_iso": .string(summary.to.description),
            "days": .int(summary.days),
            "days_one": .bool(summary.days == 1),
            "days_logged": .int(summary.daysLogged),
            "previous_from": .string(localizer.date(summary.previousFrom)),
            "previous_to": .string(localizer.date(summary.previousTo)),
            "previous_days_logged": .int(summary.previousDaysLogged),
            "previous_clipped": .bool(summary.previousClipped),
            "previous_none": .bool(summary.previousTo < summary.previousFrom),
            "first_month_concerns": .array(firstMonthConcerns),
            "has_first_month_concerns": .bool(!firstMonthConcerns.isEmpty),
            "earlier_concerns": .array(earlierConcerns),
            "has_earlier_concerns": .bool(!earlierConcerns.isEmpty),
            "previous_one": .bool(summary.previousDaysLogged == 1),
            "has_previous": .bool(summary.previousDaysLogged > 0),
            "age_today": .string(age),
            "figures": .array(figures),
            "finding_count": .int(summary.findings),
            "has_findings": .bool(summary.findings > 0),
            "copies": .int(copies),
            "has_copies": .bool(copies > 0),
            // The period's own findings, listed on the visit page: the "Data quality" list covers whole weeks.
            "findings": .array(summary.periodFindings.map { ReportData.finding($0, localizer) }),
            "days_without_logs": .array(summary.daysWithoutLogs.enumerated().map { index, date in
                .dictionary(["first": .bool(index == 0), "date": .string(localizer.date(date)), "weekday": .string(localizer.weekday(date))])
            }),
            "days_without_logs_count": .int(summary.daysWithoutLogs.count),
            "has_days_without_logs": .bool(!summary.daysWithoutLogs.isEmpty),
        ])
    }

    /// One figure of the summary: its value, the period before, the change, its band and (with charts) its sparkline.
    static func figure(
        _ figure: VisitSummary.Figure, of summary: VisitSummary, localizer: Localizer, units: VolumeUnits, charts: Bool
    ) throws -> MustacheValue {
        func shown(_ value: Double?, _ decimals: Int) -> String {
            value.map { localizer.number(FixedDecimal.format($0, decimals: decimals)) } ?? "–"
        }
        let label = localizer.text("visit_\(figure.key)", ["volume_unit": units.symbol])
        let change = figure.change
        var value: [String: MustacheValue] = [
            "key": .string(figure.key),
            "label": .string(label),
            "value": .string(shown(figure.current, figure.decimals)),
            "previous": .string(shown(figure.previous, figure.decimals)),
            "delta": .string(localizer.number(change.deltaText)),
            "arrow": .string(change.direction.symbol),
            "direction": .string(change.direction.rawValue),
            "direction_label": .string(localizer.text("direction_\(change.direction.rawValue)")),
            "too_few_days": .bool(change.direction == .tooFewDays),
            "band": figure.bands.isEmpty ? ReportData.notApplicableBand : ReportData.band(figure.bands, localizer),
        ]
        if !figure.concernDays.isEmpty {
            value["concern_days"] = .string(figure.concernDays.map { "D+\($0)" }.joined(separator: ", "))
        }
        if charts {
            var chart = Sparkline(title: label, values: figure.daily, band: figure.bands.first { $0.kind == .typical }.map { ($0.low, $0.high) },
                                  decimalSeparator: localizer.figures.decimalSeparator)
            chart.decimals = figure.decimals
            if let first = summary.dates.first, let last = summary.dates.last {
                chart.dates = (localizer.date(first), localizer.date(last))
            }
            value["chart"] = try ReportCharts.image(
                chart.svg(), alt: localizer.text("alt_visit_chart", ["figure": label]), name: "\(figure.key) sparkline")
        }
        return .dictionary(value)
    }

    /// First-month days with a concern, each with its age, date and marks.
    /// The catalog's name of each figure the first month marks; the formula mark names its figure itself.
    static let markedFigureNames = [
        "feedings_per_day": "figure_feedings_per_day", "longest_feed_gap_h": "figure_longest_gap_h",
        "wet_per_day": "figure_wet_per_day", "dirty_per_day": "figure_dirty_per_day",
    ]

    /// A first-month mark outside the table, where no column heading says what it is about: "Wet diapers per day:
    /// ⚠ under 5".
    static func markNamed(_ band: ReferenceBand, _ localizer: Localizer) -> String {
        let mark = ReportData.concernMark(band, localizer)
        guard let key = markedFigureNames[band.metric] else { return mark }
        return localizer.text(key) + ": " + mark
    }

    static func markedDays(_ days: [FirstMonthDay], _ localizer: Localizer) -> [MustacheValue] {
        days.enumerated().map { index, day in
            .dictionary([
                "first": .bool(index == 0),
                "age": .string("D+\(day.day)"), "date": .string(localizer.date(day.date)), "weekday": .string(localizer.weekday(day.date)),
                "marks": .string(day.bands.filter(\.isConcern).map { markNamed($0, localizer) }.joined(separator: ", ")),
            ])
        }
    }
}
