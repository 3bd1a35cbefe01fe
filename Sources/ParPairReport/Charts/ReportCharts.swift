import Base64Coding
import Concurrency
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

    /// - Parameter checks: where a chart's check is left for the thread that renders it (`ChartsAhead`); nil checks
    ///   each chart here and throws at once.
    static func make(
        _ aggregate: BabyAggregate, units: VolumeUnits, localizer: Localizer = .english, checks: ChartChecks? = nil
    ) throws -> MustacheValue {
        let t = localizer.text as (String) -> String
        let weeks = WeekCharts(weeks: aggregate.weeks, localizer: localizer)
        let paired = aggregate.weeks.count <= pairedWeeks
        let pairWidth = paired ? halfWidth : fullWidth, pairHeight = paired ? 210.0 : 190.0
        let patterns = try patternCharts(aggregate.timeline, localizer: localizer, checks: checks)
        return .dictionary([
            "feeds": try image(weeks.feeds.svg(width: fullWidth, height: 200), alt: t("alt_feeds"), name: "feeds chart", checks: checks),
            "sleep": try image(weeks.sleep.svg(width: pairWidth, height: pairHeight), alt: t("alt_sleep"), name: "sleep chart", checks: checks),
            "diapers": try image(weeks.diapers.svg(width: pairWidth, height: pairHeight), alt: t("alt_diapers"), name: "diaper chart", checks: checks),
            "pattern": patterns.first ?? .null,
            "patterns": .array(patterns),
            "has_pattern": .bool(!aggregate.timeline.isEmpty),
            "paired": .bool(paired),
        ])
    }

    /// The three charts by week of life: feeds by type (stacked), sleep and diapers with their bands; each
    /// figure over the week's logged days, 0 for a week without any.
    struct WeekCharts {
        let weeks: [WeekSummary]
        let localizer: Localizer

        private func t(_ key: String) -> String { localizer.text(key) }
        private var labels: [String] { weeks.map { String($0.week) } }

        private func perDay(_ kind: LogKind, _ total: (LogMetrics) -> Double) -> [Double] { weeks.map { $0.perDay(kind, total) ?? 0 } }

        /// Each week's typical range for a figure, when it has one (context: a shaded band, never a mark).
        private func bands(_ metric: String) -> [(low: Double?, high: Double?)?] {
            weeks.map { week in week.references.first { $0.metric == metric && $0.kind == .typical }.map { (low: $0.low, high: $0.high) } }
        }

        private func chart(_ title: String, _ unit: String, _ series: [BarChart.Series], stacked: Bool, band: (metric: String, label: String)?)
            -> BarChart {
            var chart = BarChart(title: t(title), unit: t(unit), categories: labels, series: series, stacked: stacked,
                                 bands: band.map { bands($0.metric) } ?? [], bandLabel: band.map { t($0.label) },
                                 categoryCaption: t("chart_week_of_life"))
            chart.decimalSeparator = localizer.figures.decimalSeparator
            return chart
        }

        var feeds: BarChart {
            let series: [BarChart.Series] = [
                .make(t("series_breastfeeding"), perDay(.food) { Double($0.breastfeeds) }, ChartStyle.breastfeeding),
                .make(t("series_formula"), perDay(.food) { Double($0.formulaFeeds) }, ChartStyle.formula),
                .make(t("series_pumped_milk"), perDay(.food) { Double($0.pumpedMilkFeeds) }, ChartStyle.pumpedMilk),
                .make(t("series_solids"), perDay(.food) { Double($0.solidsFeeds) }, ChartStyle.solids),
                .make(t("series_other"), perDay(.food) { Double($0.otherFeeds) }, ChartStyle.other),
            ]
            return chart("chart_feeds_title", "chart_feeds_unit", series.filter { $0.values.contains { $0 > 0 } }, stacked: true, band: nil)
        }

        var sleep: BarChart {
            chart("chart_sleep_title", "chart_sleep_unit", [.make(t("series_sleep"), perDay(.sleep) { $0.sleepHours }, ChartStyle.sleep)],
                  stacked: false, band: ("sleep_h_per_day", "chart_sleep_band"))
        }

        var diapers: BarChart {
            chart("chart_diapers_title", "chart_diapers_unit",
                  [.make(t("series_wet"), perDay(.diaper) { Double($0.wet) }, ChartStyle.wet),
                   .make(t("series_dirty"), perDay(.diaper) { Double($0.dirty) }, ChartStyle.dirty)],
                  stacked: false, band: ("wet_per_day", "chart_diapers_band"))
        }
    }

    /// The 24-hour picture in charts of at most `patternDays` days each, so a day is never split across pages.
    static func patternCharts(_ timeline: [DayTimeline], localizer: Localizer, checks: ChartChecks? = nil) throws -> [MustacheValue] {
        let t = localizer.text as (String) -> String
        let chunks = stride(from: 0, to: timeline.count, by: patternDays).map { Array(timeline[$0..<min($0 + patternDays, timeline.count)]) }
        return try chunks.compactMap { chunk in
            guard let first = chunk.first, let last = chunk.last else { return nil }
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
            return try image(pattern.svg(width: fullWidth), alt: t("alt_pattern"), name: "pattern chart", checks: checks)
        }
    }

    /// A row label of the 24-hour chart: weekday and day (`Fri 11-20` in English, read the same on
    /// both sides of the Atlantic; `Fr 20.11.` in German).
    static func label(_ day: DayTimeline, _ localizer: Localizer) -> String {
        "\(localizer.weekday(day.date)) \(localizer.dayAndMonth(day.date))"
    }

    /// Checks the SVG is well-formed XML, then wraps it as a base64 `data:` URI for an `<img>`; with `checks`, the
    /// check and the encoding are made by the thread that reads the chart (``CheckedChart``).
    static func image(_ svg: String, alt: String, name: String, checks: ChartChecks? = nil) throws -> MustacheValue {
        guard let checks else {
            try check(svg, name: name)
            return .dictionary(["src": .string(dataURI(svg)), "alt": .string(alt)])
        }
        return .object(CheckedChart(svg: svg, alt: alt, name: name, checks: checks))
    }

    static let dataURIPrefix = "data:image/svg+xml;base64,"

    /// `data:image/svg+xml;base64,` and the SVG's UTF-8 in base64, in one piece.
    static func dataURI(_ svg: String) -> String {
        Base64.string(encodingUTF8Of: svg, after: dataURIPrefix)
    }

    /// - Throws: `ReportError.chart` listing the problems of an SVG that is not well-formed XML.
    static func check(_ svg: String, name: String) throws(ReportError) {
        let result = XMLWellFormedness.check(svg, name: name)
        guard result.passed else { throw ReportError.chart(name: name, problems: result.description) }
    }
}

/// The charts whose check was left to the threads that render and draw them (``ChartsAhead``), and the first that
/// failed its check; the report throws it once the render is done, so a chart that is not well-formed is never
/// embedded unnoticed.
/// The first error a chart's check recorded, by whichever thread recorded it first.
final class FirstChartFailure: Sendable {
    private let error = Locked<ReportError?>(nil)

    func record(_ error: ReportError) {
        self.error.withLock { if $0 == nil { $0 = error } }
    }

    func throwIfFailed() throws(ReportError) {
        if let error = error.withLock({ $0 }) { throw error }
    }
}

final class ChartChecks: Sendable {
    /// The first chart that failed its check. An object of its own, which the charts share: a chart that held the
    /// `ChartChecks` would make a cycle with `charts`, and no chart of a run would ever be freed.
    fileprivate let failure = FirstChartFailure()
    /// Every chart made, in the order the template reads them.
    private let charts = Locked<[CheckedChart]>([])

    func throwIfFailed() throws(ReportError) {
        try failure.throwIfFailed()
    }

    fileprivate func add(_ chart: CheckedChart) {
        charts.withLock { $0.append(chart) }
    }

    /// Checks the charts the rendering thread has not reached, from the last one back, until it reaches one that is
    /// checked or `stop` says the render is over: the drawing thread, done drawing, takes this share of the
    /// rendering thread's work instead of waiting for it. (Each chart is still encoded as the template reads it:
    /// encoded here, the `data:` URIs, a third larger than the SVGs, would be held until the render reached them.)
    func prepareFromTheEnd(until stop: () -> Bool) {
        for chart in charts.withLock({ $0 }).reversed() {
            guard !stop(), chart.prepare() else { return }
        }
    }
}

/// A drawn chart, checked by the first thread that needs it or is free for it (the HTML report's rendering thread
/// when it reaches the chart, or the thread that drew the charts once it is done:
/// ``ChartChecks/prepareFromTheEnd(until:)``) and encoded as it is read. It holds the SVG, which is smaller than its
/// base64, and is encoded once, never decoded again for the check. Read like the dictionary
/// ``ReportCharts/image(_:alt:name:checks:)`` makes without `checks` (`src`, `alt`), or as nothing when its check
/// failed (recorded in ``ChartChecks``).
final class CheckedChart: MustacheObject {
    private let svg: String
    private let alt: String
    private let name: String
    /// Where a failed check is recorded (`ChartChecks.failure`).
    private let failure: FirstChartFailure
    /// Nil until checked; then whether the chart passed.
    private let passed = Locked<Bool?>(nil)

    init(svg: String, alt: String, name: String, checks: ChartChecks) {
        self.svg = svg
        self.alt = alt
        self.name = name
        failure = checks.failure
        checks.add(self)
    }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        guard isWellFormed else { return nil }
        switch key {
        case "src": return .string(ReportCharts.dataURI(svg))
        case "alt": return .string(alt)
        default: return nil
        }
    }

    /// Checks the chart unless that is done; returns whether this call did it.
    fileprivate func prepare() -> Bool { checkedOnce().now }

    /// Checked on the first read (a failure recorded in `checks`), remembered for the others.
    private var isWellFormed: Bool { checkedOnce().passed }

    /// Whether the chart passed its check, made now unless it was made before.
    private func checkedOnce() -> (passed: Bool, now: Bool) {
        passed.withLock { passed in
            if let passed { return (passed, false) }
            let verdict = check()
            passed = verdict
            return (verdict, true)
        }
    }

    private func check() -> Bool {
        do throws(ReportError) {
            try ReportCharts.check(svg, name: name)
            return true
        } catch {
            failure.record(error)
            return false
        }
    }
}
