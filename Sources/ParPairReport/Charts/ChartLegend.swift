/// A chart legend laid out in rows that wrap at the chart's width, so a long legend never runs off the
/// image or over another label.
struct ChartLegend {
    /// The small sample drawn before a legend label.
    enum Swatch {
        /// A filled square, as for a bar series.
        case box(fill: String)
        /// A shaded square with a dashed edge, as for a reference band.
        case band
        /// A filled or hollow dot, as for a feed on the 24-hour chart.
        case dot(fill: String, stroke: String)
        /// A small triangle, as for a diaper on the 24-hour chart.
        case triangle(fill: String)
    }

    /// One entry: a swatch and its label.
    struct Item {
        var label: String
        var swatch: Swatch
    }

    static let fontSize = 10.0
    static let rowHeight = 14.0
    private static let swatchWidth = 14.0
    private static let gap = 14.0

    let items: [Item]
    /// Where rows start and how far they may reach.
    let left: Double
    let right: Double

    /// The items placed in rows, each with its x position.
    var rows: [[(x: Double, item: Item)]] {
        var rows: [[(x: Double, item: Item)]] = []
        var row: [(x: Double, item: Item)] = []
        var x = left
        for item in items {
            let width = Self.swatchWidth + SVGWriter.textWidth(item.label, fontSize: Self.fontSize)
            if !row.isEmpty && x + width > right {
                rows.append(row)
                row = []
                x = left
            }
            row.append((x: x, item: item))
            x += width + Self.gap
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }

    /// The height the legend takes.
    var height: Double { Double(rows.count) * Self.rowHeight }

    /// Draws the legend with its first row's baseline at `baseline`.
    func draw(into svg: inout SVGWriter, baseline: Double) {
        for (index, row) in rows.enumerated() {
            let y = baseline + Double(index) * Self.rowHeight
            for (x, item) in row {
                Self.drawSwatch(item.swatch, x: x, baseline: y, into: &svg)
                svg.element("text", ["x": SVGWriter.number(x + Self.swatchWidth), "y": SVGWriter.number(y),
                                     "font-size": SVGWriter.number(Self.fontSize), "fill": ChartStyle.text], text: item.label)
            }
        }
    }

    private static func drawSwatch(_ swatch: Swatch, x: Double, baseline y: Double, into svg: inout SVGWriter) {
        switch swatch {
        case .box(let fill):
            svg.element("rect", ["x": SVGWriter.number(x), "y": SVGWriter.number(y - 9), "width": "10", "height": "10",
                                 "fill": fill, "stroke": ChartStyle.axis, "stroke-width": "0.5"])
        case .band:
            svg.element("rect", ["x": SVGWriter.number(x), "y": SVGWriter.number(y - 9), "width": "10", "height": "10",
                                 "fill": ChartStyle.band, "stroke": ChartStyle.bandStroke, "stroke-width": "1",
                                 "stroke-dasharray": "2,1.5"])
        case .dot(let fill, let stroke):
            svg.element("circle", ["cx": SVGWriter.number(x + 5), "cy": SVGWriter.number(y - 4), "r": "3",
                                   "fill": fill, "stroke": stroke, "stroke-width": "1.4"])
        case .triangle(let fill):
            svg.element("path", ["d": "M \(SVGWriter.number(x + 1.5)) \(SVGWriter.number(y)) l 7 0 l -3.5 -6 Z", "fill": fill])
        }
    }
}
