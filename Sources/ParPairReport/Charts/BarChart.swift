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
        let legend = self.legend(width: width)
        let captionHeight = categoryCaption == nil ? 0.0 : 12
        let plot = Plot(width: width, height: height, bottom: 15 + captionHeight + 6 + legend.height, count: max(categories.count, 1),
                        scale: AxisScale(maximum: highestValue))
        drawValueAxis(plot, into: &svg)
        drawBands(plot, into: &svg)
        drawBars(plot, into: &svg)
        drawCategoryAxis(plot, captionHeight: captionHeight, into: &svg)
        legend.draw(into: &svg, baseline: plot.top + plot.height + 15 + captionHeight + 6 + 9)
        return svg.document
    }

    /// Where the plot sits in the picture and how values and categories map onto it.
    private struct Plot {
        /// The margins: room for the value labels on the left, the title and unit above.
        static let left = 34.0, right = 6.0, top = 36.0
        var left: Double { Plot.left }
        var top: Double { Plot.top }
        let width: Double
        let height: Double
        let slot: Double
        let scale: AxisScale

        init(width: Double, height: Double, bottom: Double, count: Int, scale: AxisScale) {
            self.width = width - Plot.left - Plot.right
            self.height = max(height - Plot.top - bottom, 20)
            slot = self.width / Double(count)
            self.scale = scale
        }

        /// The vertical position of a value (values above the scale's top are drawn at the top).
        func y(_ value: Double) -> Double { top + height - height * min(value, scale.top) / scale.top }
        /// The left edge of a category's slot.
        func slotX(_ index: Int) -> Double { left + slot * Double(index) }
    }

    /// The series' boxes and, when a band is drawn, the band's swatch, wrapped to the width.
    private func legend(width: Double) -> ChartLegend {
        var items = series.map { ChartLegend.Item(label: $0.name, swatch: .box(fill: $0.fill.value)) }
        if let bandLabel, bands.contains(where: { $0 != nil }) { items.append(ChartLegend.Item(label: bandLabel, swatch: .band)) }
        return ChartLegend(items: items, left: Plot.left, right: width - Plot.right)
    }

    /// The highest bar (or stack) or band bound of any category: what the value axis must reach.
    private var highestValue: Double {
        var maximum = 0.0
        for index in 0..<categories.count {
            let values = series.map { value(of: $0, at: index) }.filter(\.isFinite)
            maximum = max(maximum, stacked ? values.reduce(0, +) : (values.max() ?? 0))
            if let band = band(at: index) { maximum = max(maximum, band.high ?? band.low ?? 0) }
        }
        return maximum
    }

    /// A series' value in a category, 0 where it has none or a negative one.
    private func value(of series: Series, at index: Int) -> Double {
        series.values.indices.contains(index) ? max(series.values[index], 0) : 0
    }

    private func band(at index: Int) -> (low: Double?, high: Double?)? {
        bands.indices.contains(index) ? bands[index] : nil
    }

    /// The title, the unit above the axis, and a grid line with its label at each tick.
    private func drawValueAxis(_ plot: Plot, into svg: inout SVGWriter) {
        svg.element("text", ["x": "0", "y": "13", "font-size": "12", "font-weight": "bold", "fill": ChartStyle.text], text: title)
        svg.element("text", ["x": "0", "y": SVGWriter.number(plot.top - 12), "font-size": "9.5", "fill": ChartStyle.muted], text: unit)
        for tick in plot.scale.ticks {
            let position = SVGWriter.number(plot.y(tick))
            svg.element("line", ["x1": SVGWriter.number(plot.left), "y1": position, "x2": SVGWriter.number(plot.left + plot.width),
                                 "y2": position, "stroke": ChartStyle.grid, "stroke-width": "0.8"])
            svg.element("text", ["x": SVGWriter.number(plot.left - 4), "y": SVGWriter.number(plot.y(tick) + 3.5),
                                 "font-size": "10", "text-anchor": "end", "fill": ChartStyle.text],
                        text: AxisScale.label(tick, decimalSeparator: decimalSeparator))
        }
    }

    /// Reference bands behind the bars: one shaded run per stretch of categories with the same band, edged
    /// by dashed lines at its bounds (an open bound has no line), so the band reads as a corridor.
    private func drawBands(_ plot: Plot, into svg: inout SVGWriter) {
        var index = 0
        while index < categories.count {
            guard let band = band(at: index) else {
                index += 1
                continue
            }
            var end = index
            while end + 1 < categories.count, let next = self.band(at: end + 1), next.low == band.low, next.high == band.high { end += 1 }
            let x0 = plot.slotX(index) + 0.5, x1 = plot.slotX(end + 1) - 0.5
            let high = plot.y(band.high ?? plot.scale.top), low = plot.y(band.low ?? 0)
            svg.element("rect", ["x": SVGWriter.number(x0), "y": SVGWriter.number(high), "width": SVGWriter.number(x1 - x0),
                                 "height": SVGWriter.number(max(low - high, 0.5)), "fill": ChartStyle.band])
            for bound in [band.low, band.high].compactMap({ $0 }) {
                let position = SVGWriter.number(plot.y(bound))
                svg.element("line", ["x1": SVGWriter.number(x0), "y1": position, "x2": SVGWriter.number(x1), "y2": position,
                                     "stroke": ChartStyle.bandStroke, "stroke-width": "1.2", "stroke-dasharray": "4,2"])
            }
            index = end + 1
        }
    }

    /// The bars, stacked or side by side. They fill more of a narrow slot, and lose their white edges and
    /// gaps when thin, so a year of weeks still prints as solid bars rather than hairlines; a few weeks get
    /// bars of a sensible width rather than slabs across the plot.
    private func drawBars(_ plot: Plot, into svg: inout SVGWriter) {
        let slot = plot.slot
        let barGroup = min(slot * (slot < 12 ? 0.86 : 0.72), stacked ? 44 : 22 * Double(max(series.count, 1)))
        let barWidth = stacked ? barGroup : barGroup / Double(max(series.count, 1))
        let drawnWidth = barWidth >= 4 ? barWidth - 1 : barWidth * 0.9
        let edge = stacked && barWidth >= 4
        for index in 0..<categories.count {
            let x0 = plot.slotX(index) + (slot - barGroup) / 2
            var base = 0.0
            for (seriesIndex, item) in series.enumerated() {
                let value = value(of: item, at: index)
                guard value.isFinite else { continue }
                let x = stacked ? x0 : x0 + barWidth * Double(seriesIndex)
                let from = stacked ? base : 0
                let height = plot.y(from) - plot.y(from + value)
                if height > 0 {
                    svg.element("rect", ["x": SVGWriter.number(x), "y": SVGWriter.number(plot.y(from + value)),
                                         "width": SVGWriter.number(drawnWidth), "height": SVGWriter.number(height),
                                         "fill": item.fill.value, "stroke": edge ? "#ffffff" : "none", "stroke-width": "0.5"])
                }
                if stacked { base += value }
            }
        }
    }

    /// The category labels, thinned out evenly when they would touch, the axis line and the caption.
    private func drawCategoryAxis(_ plot: Plot, captionHeight: Double, into svg: inout SVGWriter) {
        let widest = categories.map { SVGWriter.textWidth($0, fontSize: 10) }.max() ?? 0
        let every = max(1, Int(((widest + 4) / plot.slot).rounded(.up)))
        let bottom = plot.top + plot.height
        for index in 0..<categories.count where index % every == 0 {
            svg.element("text", ["x": SVGWriter.number(plot.slotX(index) + plot.slot / 2), "y": SVGWriter.number(bottom + 12),
                                 "font-size": "10", "text-anchor": "middle", "fill": ChartStyle.text], text: categories[index])
        }
        svg.element("line", ["x1": SVGWriter.number(plot.left), "y1": SVGWriter.number(bottom),
                             "x2": SVGWriter.number(plot.left + plot.width), "y2": SVGWriter.number(bottom),
                             "stroke": ChartStyle.axis, "stroke-width": "1"])
        if let categoryCaption {
            svg.element("text", ["x": SVGWriter.number(plot.left + plot.width / 2), "y": SVGWriter.number(bottom + 12 + captionHeight),
                                 "font-size": "9.5", "text-anchor": "middle", "fill": ChartStyle.muted], text: categoryCaption)
        }
    }
}

extension BarChart.Series {
    /// A series drawn with one of the chart fills.
    static func make(_ name: String, _ values: [Double], _ fill: ChartStyle.Fill) -> BarChart.Series {
        BarChart.Series(name: name, values: values, fill: fill)
    }
}
