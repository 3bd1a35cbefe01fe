/// A bar chart over categories (weeks), stacked or side by side, with an optional reference band
/// per category drawn behind the bars.
public struct BarChart: Sendable {
    /// One series of values, one per category.
    public struct Series: Sendable {
        public var name: String
        public var values: [Double]
        var fill: ChartStyle.Fill
    }

    public var title: String
    public var unit: String
    public var categories: [String]
    public var series: [Series]
    public var stacked: Bool
    /// A reference band per category (low, high); nil where none applies.
    public var bands: [(low: Double?, high: Double?)?]
    public var bandLabel: String?

    public init(title: String, unit: String, categories: [String], series: [Series], stacked: Bool,
                bands: [(low: Double?, high: Double?)?] = [], bandLabel: String? = nil) {
        self.title = title
        self.unit = unit
        self.categories = categories
        self.series = series
        self.stacked = stacked
        self.bands = bands
        self.bandLabel = bandLabel
    }

    /// The chart as a standalone SVG document.
    public func svg(width: Double = 640, height: Double = 240) -> String {
        var svg = SVGWriter(width: width, height: height, title: title)
        let left = 44.0, right = 12.0, top = 26.0, bottom = 40.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let count = max(categories.count, 1)

        var maximum = 0.0
        for index in 0..<categories.count {
            let values = series.map { $0.values.indices.contains(index) ? max($0.values[index], 0) : 0 }
            maximum = max(maximum, stacked ? values.reduce(0, +) : (values.max() ?? 0))
            if let band = bands.indices.contains(index) ? bands[index] : nil {
                maximum = max(maximum, band.high ?? band.low ?? 0)
            }
        }
        let scale = AxisScale(maximum: maximum)
        func y(_ value: Double) -> Double { top + plotHeight - plotHeight * min(value, scale.top) / scale.top }

        svg.element("text", ["x": "0", "y": "14", "font-size": "13", "font-weight": "bold", "fill": ChartStyle.text], text: title)
        for tick in scale.ticks {
            let position = SVGWriter.number(y(tick))
            svg.element("line", ["x1": SVGWriter.number(left), "y1": position, "x2": SVGWriter.number(left + plotWidth),
                                 "y2": position, "stroke": ChartStyle.grid, "stroke-width": "1"])
            svg.element("text", ["x": SVGWriter.number(left - 4), "y": SVGWriter.number(y(tick) + 4),
                                 "text-anchor": "end", "fill": ChartStyle.text], text: AxisScale.label(tick))
        }
        svg.element("text", ["x": "0", "y": SVGWriter.number(top - 4), "fill": ChartStyle.text], text: unit)

        let slot = plotWidth / Double(count)
        let barGroup = slot * 0.7
        for index in 0..<categories.count {
            let x0 = left + slot * Double(index) + (slot - barGroup) / 2
            if let band = bands.indices.contains(index) ? bands[index] : nil {
                let high = band.high ?? scale.top, low = band.low ?? 0
                svg.element("rect", ["x": SVGWriter.number(left + slot * Double(index) + 1), "y": SVGWriter.number(y(high)),
                                     "width": SVGWriter.number(slot - 2), "height": SVGWriter.number(max(y(low) - y(high), 0.5)),
                                     "fill": ChartStyle.band, "stroke": ChartStyle.bandStroke, "stroke-dasharray": "3,2",
                                     "stroke-width": "0.8"])
            }
            var base = 0.0
            for (seriesIndex, item) in series.enumerated() {
                let value = item.values.indices.contains(index) ? max(item.values[index], 0) : 0
                guard value.isFinite else { continue }
                let width = stacked ? barGroup : barGroup / Double(max(series.count, 1))
                let x = stacked ? x0 : x0 + width * Double(seriesIndex)
                let from = stacked ? base : 0
                let height = y(from) - y(from + value)
                if height > 0 {
                    svg.element("rect", ["x": SVGWriter.number(x), "y": SVGWriter.number(y(from + value)),
                                         "width": SVGWriter.number(max(width - 1, 1)), "height": SVGWriter.number(height),
                                         "fill": item.fill.value, "stroke": "#ffffff", "stroke-width": "0.5"])
                }
                if stacked { base += value }
            }
            if count <= 40 || index % ((count + 39) / 40) == 0 {
                svg.element("text", ["x": SVGWriter.number(left + slot * (Double(index) + 0.5)),
                                     "y": SVGWriter.number(top + plotHeight + 13), "text-anchor": "middle",
                                     "fill": ChartStyle.text], text: categories[index])
            }
        }
        svg.element("line", ["x1": SVGWriter.number(left), "y1": SVGWriter.number(top + plotHeight),
                             "x2": SVGWriter.number(left + plotWidth), "y2": SVGWriter.number(top + plotHeight),
                             "stroke": ChartStyle.axis, "stroke-width": "1"])

        var legendX = left
        let legendY = height - 8
        for item in series {
            svg.element("rect", ["x": SVGWriter.number(legendX), "y": SVGWriter.number(legendY - 9), "width": "10",
                                 "height": "10", "fill": item.fill.value, "stroke": ChartStyle.axis, "stroke-width": "0.5"])
            svg.element("text", ["x": SVGWriter.number(legendX + 14), "y": SVGWriter.number(legendY), "fill": ChartStyle.text],
                        text: item.name)
            legendX += 22 + Double(item.name.count) * 6.2
        }
        if let bandLabel, bands.contains(where: { $0 != nil }) {
            svg.element("rect", ["x": SVGWriter.number(legendX), "y": SVGWriter.number(legendY - 9), "width": "10",
                                 "height": "10", "fill": ChartStyle.band, "stroke": ChartStyle.bandStroke,
                                 "stroke-dasharray": "3,2", "stroke-width": "0.8"])
            svg.element("text", ["x": SVGWriter.number(legendX + 14), "y": SVGWriter.number(legendY), "fill": ChartStyle.text],
                        text: bandLabel)
        }
        return svg.document
    }
}

extension BarChart.Series {
    /// A series drawn with one of the chart fills.
    static func make(_ name: String, _ values: [Double], _ fill: ChartStyle.Fill) -> BarChart.Series {
        BarChart.Series(name: name, values: values, fill: fill)
    }
}
