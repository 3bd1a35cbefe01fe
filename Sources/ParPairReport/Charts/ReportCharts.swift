import Foundation
import Mustache
import ParPairAggregation
import ParPairModel
import XHTML

/// The four charts of a baby's HTML report, as checked SVG documents in `data:` URIs.
///
/// Sizes are chosen for the printed page: the feeds chart and the 24-hour chart span the text width
/// (640 units); the sleep and diaper charts are drawn half as wide to sit side by side (`paired`) up to
/// ``pairedWeeks`` weeks, and full width beyond, where half a page would squeeze the bars to hairlines.
/// Every chart prints its text at the same size (about 8 pt on A4 and Letter).
enum ReportCharts {
    /// Width of a chart that spans the page, and of one of a side-by-side pair.
    static let fullWidth = 640.0
    static let halfWidth = 312.0
    /// The most weeks for which the sleep and diaper charts share a row.
    static let pairedWeeks = 26
    /// The most days one 24-hour chart holds (a visit's period of up to six weeks takes several).
    static let patternDays = 14

    static func make(_ aggregate: BabyAggregate, units: VolumeUnits, localizer: Localizer = .english) throws -> MustacheValue {
        let t = localizer.text as (String) -> String
        let weeks = aggregate.weeks
        let labels = weeks.map { String($0.week) }
        // Over the week's logged days, as every per-day figure; 0 for a week without any.
        func perDay(_ week: WeekSummary, _ total: (LogMetrics) -> Double) -> Double { week.perDay(total) ?? 0 }

        var feeds = BarChart(
            title: t("chart_feeds_title"),
            unit: t("chart_feeds_unit"),
            categories: labels,
            series: [
                .make(t("series_breastfeeding"), weeks.map { perDay($0) { Double($0.breastfeeds) } }, ChartStyle.breastfeeding),
                .make(t("series_formula"), weeks.map { perDay($0) { Double($0.formulaFeeds) } }, ChartStyle.formula),
                .make(t("series_pumped_milk"), weeks.map { perDay($0) { Double($0.pumpedMilkFeeds) } }, ChartStyle.pumpedMilk),
                .make(t("series_solids"), weeks.map { perDay($0) { Double($0.solidsFeeds) } }, ChartStyle.solids),
                .make(t("series_other"), weeks.map { perDay($0) { Double($0.otherFeeds) } }, ChartStyle.other),
            ].filter { $0.values.contains { $0 > 0 } },
            stacked: true,
            categoryCaption: t("chart_week_of_life")
        )
        // Each week's reference band for a figure, when it has one.
        func bands(_ metric: String) -> [(low: Double?, high: Double?)?] {
            weeks.map { week in week.references.first { $0.metric == metric }.map { (low: $0.low, high: $0.high) } }
        }
        var sleep = BarChart(
            title: t("chart_sleep_title"),
            unit: t("chart_sleep_unit"),
            categories: labels,
            series: [.make(t("series_sleep"), weeks.map { perDay($0) { $0.sleepHours } }, ChartStyle.sleep)],
            stacked: false,
            bands: bands("sleep_h_per_day"),
            bandLabel: t("chart_sleep_band"),
            categoryCaption: t("chart_week_of_life")
        )
        var diapers = BarChart(
            title: t("chart_diapers_title"),
            unit: t("chart_diapers_unit"),
            categories: labels,
            series: [
                .make(t("series_wet"), weeks.map { perDay($0) { Double($0.wet) } }, ChartStyle.wet),
                .make(t("series_dirty"), weeks.map { perDay($0) { Double($0.dirty) } }, ChartStyle.dirty),
            ],
            stacked: false,
            bands: bands("wet_per_day"),
            bandLabel: t("chart_diapers_band"),
            categoryCaption: t("chart_week_of_life")
        )
        // The 24-hour picture in charts of at most `patternDays` days each, so a day is never split across pages.
        let chunks = stride(from: 0, to: aggregate.timeline.count, by: patternDays).map {
            Array(aggregate.timeline[$0..<min($0 + patternDays, aggregate.timeline.count)])
        }
        var patterns: [MustacheValue] = []
        for chunk in chunks {
            guard let first = chunk.first, let last = chunk.last else { continue }
            let title = chunks.count == 1
                ? localizer.text("chart_pattern_title", ["count": "\(chunk.count)"])
                : localizer.text("chart_pattern_range", ["from": localizer.date(first.date), "to": localizer.date(last.date)])
            let pattern = ClockChart(
                title: title,
                rows: chunk.map { day in
                    ClockChart.Row(
                        label: label(day, localizer),
                        sleep: day.sleeps.map { $0.start...max($0.start, $0.end) },
                        feeds: day.feeds.map { (minute: $0.minute, breast: $0.type == .breastfeeding) },
                        diapers: day.diapers.map(\.minute)
                    )
                },
                startMinute: first.dayStart.minutes,
                legendLabels: (t("legend_asleep"), t("legend_breastfeed"), t("legend_bottle_or_solids"), t("legend_diaper"))
            )
            patterns.append(try image(pattern.svg(width: fullWidth), alt: t("alt_pattern"), name: "pattern chart"))
        }
        let separator = localizer.figures.decimalSeparator
        (feeds.decimalSeparator, sleep.decimalSeparator, diapers.decimalSeparator) = (separator, separator, separator)
        let paired = weeks.count <= pairedWeeks
        let pairWidth = paired ? halfWidth : fullWidth, pairHeight = paired ? 210.0 : 190.0
        return .dictionary([
            "feeds": try image(feeds.svg(width: fullWidth, height: 200), alt: t("alt_feeds"), name: "feeds chart"),
            "sleep": try image(sleep.svg(width: pairWidth, height: pairHeight), alt: t("alt_sleep"), name: "sleep chart"),
            "diapers": try image(diapers.svg(width: pairWidth, height: pairHeight), alt: t("alt_diapers"), name: "diaper chart"),
            "pattern": patterns.first ?? .null,
            "patterns": .array(patterns),
            "has_pattern": .bool(!aggregate.timeline.isEmpty),
            "paired": .bool(paired),
        ])
    }

    /// A row label of the 24-hour chart: weekday and day (`Fri 11-20` in English, read the same on
    /// both sides of the Atlantic; `Fr 20.11.` in German).
    static func label(_ day: DayTimeline, _ localizer: Localizer) -> String {
        "\(localizer.weekday(day.date)) \(localizer.dayAndMonth(day.date))"
    }

    /// Checks the SVG is well-formed XML, then wraps it as a base64 `data:` URI for an `<img>`.
    static func image(_ svg: String, alt: String, name: String) throws -> MustacheValue {
        let result = XMLWellFormedness.check(svg, name: name)
        guard result.passed else { throw ReportError.chart(name: name, problems: result.description) }
        return .dictionary([
            "src": .string("data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString()),
            "alt": .string(alt),
        ])
    }
}
