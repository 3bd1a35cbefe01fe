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

    public init(title: String, rows: [Row]) {
        self.title = title
        self.rows = rows
    }

    /// The chart as a standalone SVG document.
    public func svg(width: Double = 640) -> String {
        let left = 74.0, right = 12.0, top = 34.0, rowHeight = 16.0, legend = 30.0
        let height = top + rowHeight * Double(max(rows.count, 1)) + 16 + legend
        var svg = SVGWriter(width: width, height: height, title: title)
        let plotWidth = width - left - right
        func x(_ minute: Int) -> Double { left + plotWidth * Double(min(max(minute, 0), 1440)) / 1440 }

        svg.element("text", ["x": "0", "y": "14", "font-size": "13", "font-weight": "bold", "fill": ChartStyle.text], text: title)
        for hour in stride(from: 0, through: 24, by: 3) {
            let position = SVGWriter.number(x(hour * 60))
            svg.element("line", ["x1": position, "y1": SVGWriter.number(top - 4), "x2": position,
                                 "y2": SVGWriter.number(top + rowHeight * Double(rows.count)),
                                 "stroke": ChartStyle.grid, "stroke-width": "1"])
            svg.element("text", ["x": position, "y": SVGWriter.number(top - 8), "text-anchor": "middle",
                                 "fill": ChartStyle.text], text: hour < 10 ? "0\(hour):00" : "\(hour):00")
        }
        for (index, row) in rows.enumerated() {
            let rowTop = top + rowHeight * Double(index)
            svg.element("text", ["x": SVGWriter.number(left - 6), "y": SVGWriter.number(rowTop + 11.5),
                                 "text-anchor": "end", "fill": ChartStyle.text], text: row.label)
            if index % 2 == 1 {
                svg.element("rect", ["x": SVGWriter.number(left), "y": SVGWriter.number(rowTop), "width": SVGWriter.number(plotWidth),
                                     "height": SVGWriter.number(rowHeight), "fill": "#f4f4f4"])
            }
            for span in row.sleep {
                svg.element("rect", ["x": SVGWriter.number(x(span.lowerBound)), "y": SVGWriter.number(rowTop + 3),
                                     "width": SVGWriter.number(max(x(span.upperBound) - x(span.lowerBound), 0.8)),
                                     "height": SVGWriter.number(rowHeight - 6), "fill": ChartStyle.sleep.value])
            }
            for diaper in row.diapers {
                let cx = x(diaper), cy = rowTop + rowHeight - 2.5
                svg.element("path", ["d": "M \(SVGWriter.number(cx - 2.5)) \(SVGWriter.number(cy)) L \(SVGWriter.number(cx + 2.5)) \(SVGWriter.number(cy)) L \(SVGWriter.number(cx)) \(SVGWriter.number(cy - 4)) Z",
                                     "fill": ChartStyle.dirty.color])
            }
            for feed in row.feeds {
                svg.element("circle", ["cx": SVGWriter.number(x(feed.minute)), "cy": SVGWriter.number(rowTop + rowHeight / 2),
                                       "r": "3", "fill": feed.breast ? ChartStyle.solids.color : "#ffffff",
                                       "stroke": ChartStyle.solids.color, "stroke-width": "1.5"])
            }
        }
        let legendY = height - 10
        svg.element("rect", ["x": SVGWriter.number(left), "y": SVGWriter.number(legendY - 9), "width": "16", "height": "10",
                             "fill": ChartStyle.sleep.value])
        svg.element("text", ["x": SVGWriter.number(left + 20), "y": SVGWriter.number(legendY), "fill": ChartStyle.text], text: "asleep")
        svg.element("circle", ["cx": SVGWriter.number(left + 80), "cy": SVGWriter.number(legendY - 4), "r": "3",
                               "fill": ChartStyle.solids.color, "stroke": ChartStyle.solids.color, "stroke-width": "1.5"])
        svg.element("text", ["x": SVGWriter.number(left + 87), "y": SVGWriter.number(legendY), "fill": ChartStyle.text], text: "breastfeed")
        svg.element("circle", ["cx": SVGWriter.number(left + 166), "cy": SVGWriter.number(legendY - 4), "r": "3",
                               "fill": "#ffffff", "stroke": ChartStyle.solids.color, "stroke-width": "1.5"])
        svg.element("text", ["x": SVGWriter.number(left + 173), "y": SVGWriter.number(legendY), "fill": ChartStyle.text],
                    text: "bottle or solids")
        svg.element("path", ["d": "M \(SVGWriter.number(left + 270)) \(SVGWriter.number(legendY)) l 5 0 l -2.5 -4 Z",
                             "fill": ChartStyle.dirty.color])
        svg.element("text", ["x": SVGWriter.number(left + 280), "y": SVGWriter.number(legendY), "fill": ChartStyle.text], text: "diaper")
        return svg.document
    }
}
