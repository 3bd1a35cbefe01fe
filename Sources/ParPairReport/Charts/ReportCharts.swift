import Foundation
import Mustache
import ParPairAggregation
import ParPairModel
import XHTML

/// The four charts of a baby's HTML report, as checked SVG documents in `data:` URIs.
enum ReportCharts {
    static func make(_ aggregate: BabyAggregate, units: VolumeUnits) throws -> MustacheValue {
        let weeks = aggregate.weeks
        let labels = weeks.map { "w\($0.week)" }
        func perDay(_ week: WeekSummary, _ total: Double) -> Double { week.days > 0 ? total / Double(week.days) : 0 }

        let feeds = BarChart(
            title: "Feeds per day by type",
            unit: "feeds/day",
            categories: labels,
            series: [
                .make("Breastfeeding", weeks.map { perDay($0, Double($0.metrics.breastfeeds)) }, ChartStyle.breastfeeding),
                .make("Formula", weeks.map { perDay($0, Double($0.metrics.formulaFeeds)) }, ChartStyle.formula),
                .make("Pumped milk", weeks.map { perDay($0, Double($0.metrics.pumpedMilkFeeds)) }, ChartStyle.pumpedMilk),
                .make("Solids", weeks.map { perDay($0, Double($0.metrics.solidsFeeds)) }, ChartStyle.solids),
                .make("Other", weeks.map { perDay($0, Double($0.metrics.otherFeeds)) }, ChartStyle.other),
            ].filter { $0.values.contains { $0 > 0 } },
            stacked: true
        )
        let sleepBands = weeks.map { week -> (low: Double?, high: Double?)? in
            week.references.first { $0.metric == "sleep_h_per_day" }.map { (low: $0.low, high: $0.high) }
        }
        let sleep = BarChart(
            title: "Sleep per day (hours), against the reference band",
            unit: "h/day",
            categories: labels,
            series: [.make("Sleep", weeks.map { perDay($0, $0.metrics.sleepHours) }, ChartStyle.sleep)],
            stacked: false,
            bands: sleepBands,
            bandLabel: "reference band"
        )
        let wetBands = weeks.map { week -> (low: Double?, high: Double?)? in
            week.references.first { $0.metric == "wet_per_day" }.map { (low: $0.low, high: $0.high) }
        }
        let diapers = BarChart(
            title: "Wet and dirty diapers per day",
            unit: "per day",
            categories: labels,
            series: [
                .make("Wet", weeks.map { perDay($0, Double($0.metrics.wet)) }, ChartStyle.wet),
                .make("Dirty", weeks.map { perDay($0, Double($0.metrics.dirty)) }, ChartStyle.dirty),
            ],
            stacked: false,
            bands: wetBands,
            bandLabel: "wet diapers: reference minimum"
        )
        let pattern = ClockChart(
            title: "24-hour pattern, last \(aggregate.timeline.count) days",
            rows: aggregate.timeline.map { day in
                ClockChart.Row(
                    label: "D+\(day.day) \(day.date.month)/\(day.date.day)",
                    sleep: day.sleeps.map { $0.start...max($0.start, $0.end) },
                    feeds: day.feeds.map { (minute: $0.minute, breast: $0.type == .breastfeeding) },
                    diapers: day.diapers.map(\.minute)
                )
            }
        )
        return .dictionary([
            "feeds": try image(feeds.svg(), alt: "Bar chart of feeds per day by type for each week", name: "feeds chart"),
            "sleep": try image(sleep.svg(), alt: "Bar chart of sleep hours per day for each week with the reference band", name: "sleep chart"),
            "diapers": try image(diapers.svg(), alt: "Bar chart of wet and dirty diapers per day for each week", name: "diaper chart"),
            "pattern": try image(pattern.svg(), alt: "Sleep, feeds and diapers on a 24-hour clock for the last days", name: "pattern chart"),
            "has_pattern": .bool(!aggregate.timeline.isEmpty),
        ])
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
