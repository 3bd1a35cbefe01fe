/// The 24-hour pattern chart: one row per day, the clock from midnight to midnight across,
/// sleep drawn as bars and feeds and diapers as marks where they happened.
public struct ClockChart: Sendable {
    /// One day of the chart.
    public struct Row: Sendable {
        public var label: String
        /// Sleep as local minute ranges within the day (0...1440).
        public var sleep: [ClosedRange<Int>]
        /// Feed start minutes, with whether the feed was a breastfeed (drawn filled) or not (drawn hollow).
        public var feeds: [(minute: Int, breast: Bool)]
        /// Diaper minutes.
        public var diapers: [Int]

        public init(label: String, sleep: [ClosedRange<Int>], feeds: [(minute: Int, breast: Bool)], diapers: [Int]) {
            self.label = label
            self.sleep = sleep
            self.feeds = feeds
            self.diapers = diapers
        }
    }

    public var title: String
    public var rows: [Row]
    /// The local clock time, in minutes after midnight, at which each row starts (`--day-start`).
    public var startMinute: Int
    /// The legend's words: asleep, breastfeed, bottle or solids, diaper.
    public var legendLabels: (asleep: String, breastfeed: String, bottleOrSolids: String, diaper: String)

    public init(
        title: String, rows: [Row], startMinute: Int = 0,
        legendLabels: (asleep: String, breastfeed: String, bottleOrSolids: String, diaper: String)
            = ("asleep", "breastfeed", "bottle or solids", "diaper")
    ) {
        self.title = title
        self.rows = rows
        self.startMinute = startMinute
        self.legendLabels = legendLabels
    }

    /// The chart as a standalone SVG document.
    ///
    /// Each row has three lanes: sleep as a bar on top, feeds as dots below it and diapers as small
    /// triangles at the bottom, so a feed right after waking never hides the end of a sleep bar and a
    /// diaper changed just before a feed never hides the feed.
    public func svg(width: Double = 640) -> String {
        let labelFont = 10.0
        let widestLabel = rows.map { SVGWriter.textWidth($0.label, fontSize: labelFont) }.max() ?? 0
        let left = max(widestLabel + 10, 40), right = 18.0, top = 34.0, rowHeight = 19.0
        let plotWidth = width - left - right
        let legend = ChartLegend(items: [
            ChartLegend.Item(label: legendLabels.asleep, swatch: .box(fill: ChartStyle.sleep.value)),
            ChartLegend.Item(label: legendLabels.breastfeed, swatch: .dot(fill: ChartStyle.feedMark, stroke: ChartStyle.feedMark)),
            ChartLegend.Item(label: legendLabels.bottleOrSolids, swatch: .dot(fill: "#ffffff", stroke: ChartStyle.feedMark)),
            ChartLegend.Item(label: legendLabels.diaper, swatch: .triangle(fill: ChartStyle.diaperMark)),
        ], left: left, right: width - right)
        let plotBottom = top + rowHeight * Double(max(rows.count, 1))
        let height = plotBottom + 10 + legend.height + 4
        var svg = SVGWriter(width: width, height: height, title: title)
        func x(_ minute: Int) -> Double { left + plotWidth * Double(min(max(minute, 0), 1440)) / 1440 }

        svg.element("text", ["x": "0", "y": "13", "font-size": "12", "font-weight": "bold", "fill": ChartStyle.text], text: title)
        for index in rows.indices where index % 2 == 1 {
            svg.element("rect", ["x": SVGWriter.number(left), "y": SVGWriter.number(top + rowHeight * Double(index)),
                                 "width": SVGWriter.number(plotWidth), "height": SVGWriter.number(rowHeight), "fill": ChartStyle.stripe])
        }
        for hour in 0...24 {
            let position = SVGWriter.number(x(hour * 60))
            let major = hour % 3 == 0
            svg.element("line", ["x1": position, "y1": SVGWriter.number(major ? top - 4 : top), "x2": position,
                                 "y2": SVGWriter.number(plotBottom), "stroke": major ? "#bdbdbd" : "#e6e6e6",
                                 "stroke-width": major ? "0.8" : "0.5"])
            if major {
                let clock = (startMinute + hour * 60) % 1440
                let label = (clock / 60 < 10 ? "0" : "") + "\(clock / 60):" + (clock % 60 < 10 ? "0" : "") + "\(clock % 60)"
                svg.element("text", ["x": position, "y": SVGWriter.number(top - 7), "font-size": "10", "text-anchor": "middle",
                                     "fill": ChartStyle.text], text: label)
            }
        }
        for (index, row) in rows.enumerated() {
            let rowTop = top + rowHeight * Double(index)
            svg.element("text", ["x": SVGWriter.number(left - 6), "y": SVGWriter.number(rowTop + 9.5), "font-size": SVGWriter.number(labelFont),
                                 "text-anchor": "end", "fill": ChartStyle.text], text: row.label)
            for span in row.sleep {
                svg.element("rect", ["x": SVGWriter.number(x(span.lowerBound)), "y": SVGWriter.number(rowTop + 2),
                                     "width": SVGWriter.number(max(x(span.upperBound) - x(span.lowerBound), 0.8)),
                                     "height": "7", "fill": ChartStyle.sleep.value])
            }
            for diaper in row.diapers {
                svg.element("path", ["d": "M \(SVGWriter.number(x(diaper) - 3)) \(SVGWriter.number(rowTop + 18.3)) l 6 0 l -3 -4 Z",
                                     "fill": ChartStyle.diaperMark])
            }
            for feed in row.feeds {
                svg.element("circle", ["cx": SVGWriter.number(x(feed.minute)), "cy": SVGWriter.number(rowTop + 11.8),
                                       "r": "2.6", "fill": feed.breast ? ChartStyle.feedMark : "#ffffff",
                                       "stroke": ChartStyle.feedMark, "stroke-width": "1.4"])
            }
        }
        svg.element("line", ["x1": SVGWriter.number(left), "y1": SVGWriter.number(plotBottom), "x2": SVGWriter.number(left + plotWidth),
                             "y2": SVGWriter.number(plotBottom), "stroke": ChartStyle.axis, "stroke-width": "0.8"])
        legend.draw(into: &svg, baseline: plotBottom + 10 + 9)
        return svg.document
    }
}
