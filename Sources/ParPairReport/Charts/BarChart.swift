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
    /// A caption under the category labels, such as "week of life"; nil for none.
    public var categoryCaption: String?
    public var series: [Series]
    public var stacked: Bool
    /// A reference band per category (low, high); nil where none applies.
    public var bands: [(low: Double?, high: Double?)?]
    public var bandLabel: String?
    /// The decimal separator of the value axis (`,` in German, French and Spanish).
    public var decimalSeparator: Character = "."

    public init(title: String, unit: String, categories: [String], series: [Series], stacked: Bool,
                bands: [(low: Double?, high: Double?)?] = [], bandLabel: String? = nil, categoryCaption: String? = nil) {
        self.title = title
        self.unit = unit
        self.categories = categories
        self.series = series
        self.stacked = stacked
        self.bands = bands
        self.bandLabel = bandLabel
        self.categoryCaption = categoryCaption
    }

    /// The chart as a standalone SVG document.
    ///
    /// The title sits on the first line, the unit above the value axis, and the category labels, their
    /// caption and a legend that wraps to the width below the plot; nothing overlaps at any width.
    /// Draw narrower charts with a smaller `width` rather than scaling the image down, so the text keeps
    /// its printed size.
    public func svg(width: Double = 640, height: Double = 220) -> String {
        var svg = SVGWriter(width: width, height: height, title: title)
        let left = 34.0, right = 6.0, top = 36.0
        let plotWidth = width - left - right
        let count = max(categories.count, 1)
        let hasBands = bands.contains { $0 != nil }

        var legendItems = series.map { ChartLegend.Item(label: $0.name, swatch: .box(fill: $0.fill.value)) }
        if let bandLabel, hasBands { legendItems.append(ChartLegend.Item(label: bandLabel, swatch: .band)) }
        let legend = ChartLegend(items: legendItems, left: left, right: width - right)
        let captionHeight = categoryCaption == nil ? 0.0 : 12
        let bottom = 15 + captionHeight + 6 + legend.height
        let plotHeight = max(height - top - bottom, 20)

        var maximum = 0.0
        for index in 0..<categories.count {
            let values = series.map { $0.values.indices.contains(index) ? max($0.values[index], 0) : 0 }.filter(\.isFinite)
            maximum = max(maximum, stacked ? values.reduce(0, +) : (values.max() ?? 0))
            if let band = bands.indices.contains(index) ? bands[index] : nil {
                maximum = max(maximum, band.high ?? band.low ?? 0)
            }
        }
        let scale = AxisScale(maximum: maximum)
        func y(_ value: Double) -> Double { top + plotHeight - plotHeight * min(value, scale.top) / scale.top }
        let slot = plotWidth / Double(count)
        func slotX(_ index: Int) -> Double { left + slot * Double(index) }

        svg.element("text", ["x": "0", "y": "13", "font-size": "12", "font-weight": "bold", "fill": ChartStyle.text], text: title)
        svg.element("text", ["x": "0", "y": SVGWriter.number(top - 12), "font-size": "9.5", "fill": ChartStyle.muted], text: unit)
        for tick in scale.ticks {
            let position = SVGWriter.number(y(tick))
            svg.element("line", ["x1": SVGWriter.number(left), "y1": position, "x2": SVGWriter.number(left + plotWidth),
                                 "y2": position, "stroke": ChartStyle.grid, "stroke-width": "0.8"])
            svg.element("text", ["x": SVGWriter.number(left - 4), "y": SVGWriter.number(y(tick) + 3.5),
                                 "font-size": "10", "text-anchor": "end", "fill": ChartStyle.text], text: AxisScale.label(tick, decimalSeparator: decimalSeparator))
        }

        // Reference bands behind the bars: one shaded run per stretch of weeks with the same band, edged by
        // dashed lines at its bounds (an open bound has no line), so the band reads as a corridor.
        var index = 0
        while index < categories.count {
            guard let band = bands.indices.contains(index) ? bands[index] : nil else { index += 1; continue }
            var end = index
            while end + 1 < categories.count, let next = bands.indices.contains(end + 1) ? bands[end + 1] : nil,
                  next.low == band.low, next.high == band.high { end += 1 }
            let x0 = slotX(index) + 0.5, x1 = slotX(end + 1) - 0.5
            let high = y(band.high ?? scale.top), low = y(band.low ?? 0)
            svg.element("rect", ["x": SVGWriter.number(x0), "y": SVGWriter.number(high), "width": SVGWriter.number(x1 - x0),
                                 "height": SVGWriter.number(max(low - high, 0.5)), "fill": ChartStyle.band])
            for bound in [band.low, band.high].compactMap({ $0 }) {
                let position = SVGWriter.number(y(bound))
                svg.element("line", ["x1": SVGWriter.number(x0), "y1": position, "x2": SVGWriter.number(x1), "y2": position,
                                     "stroke": ChartStyle.bandStroke, "stroke-width": "1.2", "stroke-dasharray": "4,2"])
            }
            index = end + 1
        }

        // Bars fill more of a narrow slot, and lose their white edges and gaps when thin, so a year of
        // weeks still prints as solid bars rather than hairlines.
        // A few weeks get bars of a sensible width rather than slabs across the plot.
        let barGroup = min(slot * (slot < 12 ? 0.86 : 0.72), stacked ? 44 : 22 * Double(max(series.count, 1)))
        let barWidth = stacked ? barGroup : barGroup / Double(max(series.count, 1))
        let drawnWidth = barWidth >= 4 ? barWidth - 1 : barWidth * 0.9
        let edge = stacked && barWidth >= 4
        for index in 0..<categories.count {
            let x0 = slotX(index) + (slot - barGroup) / 2
            var base = 0.0
            for (seriesIndex, item) in series.enumerated() {
                let value = item.values.indices.contains(index) ? max(item.values[index], 0) : 0
                guard value.isFinite else { continue }
                let x = stacked ? x0 : x0 + barWidth * Double(seriesIndex)
                let from = stacked ? base : 0
                let height = y(from) - y(from + value)
                if height > 0 {
                    svg.element("rect", ["x": SVGWriter.number(x), "y": SVGWriter.number(y(from + value)),
                                         "width": SVGWriter.number(drawnWidth), "height": SVGWriter.number(height),
                                         "fill": item.fill.value, "stroke": edge ? "#ffffff" : "none", "stroke-width": "0.5"])
                }
                if stacked { base += value }
            }
        }

        // Category labels, thinned out evenly when they would touch.
        let widest = categories.map { SVGWriter.textWidth($0, fontSize: 10) }.max() ?? 0
        let every = max(1, Int(((widest + 4) / slot).rounded(.up)))
        for index in 0..<categories.count where index % every == 0 {
            svg.element("text", ["x": SVGWriter.number(slotX(index) + slot / 2), "y": SVGWriter.number(top + plotHeight + 12),
                                 "font-size": "10", "text-anchor": "middle", "fill": ChartStyle.text], text: categories[index])
        }
        svg.element("line", ["x1": SVGWriter.number(left), "y1": SVGWriter.number(top + plotHeight),
                             "x2": SVGWriter.number(left + plotWidth), "y2": SVGWriter.number(top + plotHeight),
                             "stroke": ChartStyle.axis, "stroke-width": "1"])
        if let categoryCaption {
            svg.element("text", ["x": SVGWriter.number(left + plotWidth / 2), "y": SVGWriter.number(top + plotHeight + 12 + captionHeight),
                                 "font-size": "9.5", "text-anchor": "middle", "fill": ChartStyle.muted], text: categoryCaption)
        }
        legend.draw(into: &svg, baseline: top + plotHeight + 15 + captionHeight + 6 + 9)
        return svg.document
    }
}

extension BarChart.Series {
    /// A series drawn with one of the chart fills.
    static func make(_ name: String, _ values: [Double], _ fill: ChartStyle.Fill) -> BarChart.Series {
        BarChart.Series(name: name, values: values, fill: fill)
    }
}
