/// Fills that stay distinguishable when printed in grayscale: each series differs in lightness
/// and, for neighbours of similar lightness, in hatching.
enum ChartStyle {
    /// A named fill for a series.
    struct Fill: Sendable {
        let color: String
        let pattern: String?

        /// The value of a `fill` attribute.
        var value: String { pattern.map { "url(#\($0))" } ?? color }
    }

    static let breastfeeding = Fill(color: "#1f4e79", pattern: nil)
    static let formula = Fill(color: "#8fb3d9", pattern: nil)
    static let pumpedMilk = Fill(color: "#4f81bd", pattern: "hatch-pumped")
    static let solids = Fill(color: "#c55a11", pattern: "hatch-solids")
    static let other = Fill(color: "#bfbfbf", pattern: nil)
    static let sleep = Fill(color: "#3b3b98", pattern: nil)
    static let wet = Fill(color: "#5b9bd5", pattern: nil)
    static let dirty = Fill(color: "#7f6000", pattern: "hatch-dirty")
    /// The reference band: a pale fill edged by a dashed line dark enough to survive grayscale printing.
    static let band = "#dcebd5"
    static let bandStroke = "#38761d"
    static let axis = "#444444"
    static let grid = "#d9d9d9"
    static let text = "#222222"
    static let muted = "#555555"
    /// Feeds and diapers on the 24-hour chart: a strong orange that prints as a mid grey, and a dark
    /// brown that prints near black, both apart from the sleep bars' lane.
    static let feedMark = "#c55a11"
    static let diaperMark = "#5c4300"
    /// Alternate rows of the 24-hour chart.
    static let stripe = "#f2f2f2"

    /// Pattern definitions referenced by the fills above.
    static let definitions = """
    <defs>
    <pattern id="hatch-pumped" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">\
    <rect width="6" height="6" fill="#4f81bd"/><line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" stroke-width="2"/></pattern>
    <pattern id="hatch-solids" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(-45)">\
    <rect width="6" height="6" fill="#c55a11"/><line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" stroke-width="1.5"/></pattern>
    <pattern id="hatch-dirty" patternUnits="userSpaceOnUse" width="5" height="5">\
    <rect width="5" height="5" fill="#7f6000"/><circle cx="2.5" cy="2.5" r="1" fill="#ffffff"/></pattern>
    </defs>
    """
}
