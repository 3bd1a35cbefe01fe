import ParPairAggregation

/// A small bar chart of one figure, a bar per day (a gap for a day without logs), with the reference
/// band shaded behind: the visit summary's chart beside each figure, its first and last day's dates under it
/// and the top of its scale beside it, in the figure's own precision.
struct Sparkline: Sendable {
    /// The chart's title, for screen readers.
    var title: String
    var values: [Double?]
    /// The band's bounds, when the figure has one.
    var band: (low: Double?, high: Double?)?
    var decimalSeparator: Character = "."
    /// The figure's decimals, as its table shows it.
    var decimals = 1
    /// The first and last day's dates, written under the first and last bar.
    var dates: (first: String, last: String)?

    static let width = 150.0
    static let height = 30.0

    func svg() -> String {
        let width = Self.width, height = Self.height
        var maximum = values.compactMap { $0 }.filter(\.isFinite).max() ?? 0
        if let band { maximum = max(maximum, band.high ?? band.low ?? 0) }
        let label = FixedDecimal.withDecimalSeparator(FixedDecimal.format(maximum, decimals: decimals), decimalSeparator)
        // The label's room is what it needs (a four-digit volume too), the plot takes the rest.
        let labelWidth = max(14, SVGWriter.textWidth(label, fontSize: 7) + 4)
        let top = 2.0, bottom = dates == nil ? 2.0 : 9.0, left = 1.0
        let plotWidth = width - left - labelWidth
        let plotHeight = height - top - bottom
        let scale = maximum > 0 ? maximum * 1.05 : 1
        func y(_ value: Double) -> Double { top + plotHeight - plotHeight * min(max(value, 0), scale) / scale }
        var svg = SVGWriter(width: width, height: height, title: title)
        svg.element("rect", ["x": "0", "y": "0", "width": SVGWriter.number(width - labelWidth), "height": SVGWriter.number(height),
                             "fill": "#fafafa"])
        if let band {
            let high = y(band.high ?? scale), low = y(band.low ?? 0)
            svg.element("rect", ["x": SVGWriter.number(left), "y": SVGWriter.number(high), "width": SVGWriter.number(plotWidth),
                                 "height": SVGWriter.number(max(low - high, 0.5)), "fill": ChartStyle.band])
        }
        let slot = plotWidth / Double(max(values.count, 1))
        for (index, value) in values.enumerated() {
            guard let value, value.isFinite else { continue }
            let barHeight = max(top + plotHeight - y(value), value > 0 ? 0.8 : 0)
            svg.element("rect", ["x": SVGWriter.number(left + slot * Double(index) + slot * 0.15), "y": SVGWriter.number(top + plotHeight - barHeight),
                                 "width": SVGWriter.number(max(slot * 0.7, 0.6)), "height": SVGWriter.number(barHeight),
                                 "fill": ChartStyle.sleep.value])
        }
        svg.element("line", ["x1": SVGWriter.number(left), "y1": SVGWriter.number(top + plotHeight), "x2": SVGWriter.number(left + plotWidth),
                             "y2": SVGWriter.number(top + plotHeight), "stroke": ChartStyle.axis, "stroke-width": "0.6"])
        // The top of the scale, so the bars read as numbers.
        svg.element("text", ["x": SVGWriter.number(width - labelWidth + 2), "y": SVGWriter.number(top + 7), "font-size": "7",
                             "fill": ChartStyle.muted], text: label)
        if let dates {
            let baseline = SVGWriter.number(height - 1.5)
            svg.element("text", ["x": SVGWriter.number(left), "y": baseline, "font-size": "6", "fill": ChartStyle.muted], text: dates.first)
            svg.element("text", ["x": SVGWriter.number(left + plotWidth), "y": baseline, "font-size": "6", "fill": ChartStyle.muted,
                                 "text-anchor": "end"], text: dates.last)
        }
        return svg.document
    }
}
