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

    static func make(_ aggregate: BabyAggregate, units: VolumeUnits) throws -> MustacheValue {
        let weeks = aggregate.weeks
        let labels = weeks.map { String($0.week) }
        // Over the week's logged days, as every per-day figure; 0 for a week without any.
        func perDay(_ week: WeekSummary, _ total: (LogMetrics) -> Double) -> Double { week.perDay(total) ?? 0 }

        let feeds = BarChart(
            title: "Feeds per day by type",
            unit: "feeds/day",
            categories: labels,
            series: [
                .make("Breastfeeding", weeks.map { perDay($0) { Double($0.breastfeeds) } }, ChartStyle.breastfeeding),
                .make("Formula", weeks.map { perDay($0) { Double($0.formulaFeeds) } }, ChartStyle.formula),
                .make("Pumped milk", weeks.map { perDay($0) { Double($0.pumpedMilkFeeds) } }, ChartStyle.pumpedMilk),
                .make("Solids", weeks.map { perDay($0) { Double($0.solidsFeeds) } }, ChartStyle.solids),
                .make("Other", weeks.map { perDay($0) { Double($0.otherFeeds) } }, ChartStyle.other),
            ].filter { $0.values.contains { $0 > 0 } },
            stacked: true,
            categoryCaption: "week of life"
        )
        // Each week's reference band for a figure, when it has one.
        func bands(_ metric: String) -> [(low: Double?, high: Double?)?] {
            weeks.map { week in week.references.first { $0.metric == metric }.map { (low: $0.low, high: $0.high) } }
        }
        let sleep = BarChart(
            title: "Sleep per day",
            unit: "hours per day",
            categories: labels,
            series: [.make("Sleep", weeks.map { perDay($0) { $0.sleepHours } }, ChartStyle.sleep)],
            stacked: false,
            bands: bands("sleep_h_per_day"),
            bandLabel: "reference band for age",
            categoryCaption: "week of life"
        )
        let diapers = BarChart(
            title: "Wet and dirty diapers per day",
            unit: "diapers per day",
            categories: labels,
            series: [
                .make("Wet", weeks.map { perDay($0) { Double($0.wet) } }, ChartStyle.wet),
                .make("Dirty", weeks.map { perDay($0) { Double($0.dirty) } }, ChartStyle.dirty),
            ],
            stacked: false,
            bands: bands("wet_per_day"),
            bandLabel: "wet diapers: reference",
            categoryCaption: "week of life"
        )
        let pattern = ClockChart(
            title: "24-hour pattern, last \(aggregate.timeline.count) days",
            rows: aggregate.timeline.map { day in
                ClockChart.Row(
                    label: label(day),
                    sleep: day.sleeps.map { $0.start...max($0.start, $0.end) },
                    feeds: day.feeds.map { (minute: $0.minute, breast: $0.type == .breastfeeding) },
                    diapers: day.diapers.map(\.minute)
                )
            },
            startMinute: aggregate.timeline.first?.dayStart.minutes ?? 0
        )
        let paired = weeks.count <= pairedWeeks
        let pairWidth = paired ? halfWidth : fullWidth, pairHeight = paired ? 210.0 : 190.0
        return .dictionary([
            "feeds": try image(feeds.svg(width: fullWidth, height: 200), alt: "Bar chart of feeds per day by type for each week", name: "feeds chart"),
            "sleep": try image(sleep.svg(width: pairWidth, height: pairHeight), alt: "Bar chart of sleep hours per day for each week with the reference band", name: "sleep chart"),
            "diapers": try image(diapers.svg(width: pairWidth, height: pairHeight), alt: "Bar chart of wet and dirty diapers per day for each week", name: "diaper chart"),
            "pattern": try image(pattern.svg(width: fullWidth), alt: "Sleep, feeds and diapers on a 24-hour clock for the last days", name: "pattern chart"),
            "has_pattern": .bool(!aggregate.timeline.isEmpty),
            "paired": .bool(paired),
        ])
    }

    /// A row label of the 24-hour chart: weekday and ISO month-day (`Fri 11-20`), read the same on
    /// both sides of the Atlantic.
    static func label(_ day: DayTimeline) -> String {
        let month = day.date.month < 10 ? "0\(day.date.month)" : "\(day.date.month)"
        let dayOfMonth = day.date.day < 10 ? "0\(day.date.day)" : "\(day.date.day)"
        return "\(ReportData.weekdayName(day.date)) \(month)-\(dayOfMonth)"
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
