@testable import ParPairReport
import Mustache
import Testing

/// The HTML report leaves each chart's check and encoding to the thread that renders it (`CheckedChart`): it reads
/// exactly as the chart checked at once, and a chart that is not well-formed fails the report once the render is done.
@Suite struct CheckedChartTests {
    /// The text of a string value; nil for anything else.
    static func text(_ value: MustacheValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="4" height="4"/></svg>"#

    @Test func aChartCheckedWhenReadReadsAsOneCheckedAtOnce() throws {
        let checks = ChartChecks()
        let later = try ReportCharts.image(Self.svg, alt: "a chart", name: "feeds chart", checks: checks)
        let atOnce = try ReportCharts.image(Self.svg, alt: "a chart", name: "feeds chart")
        for key in ["src", "alt", "src"] {
            #expect(Self.text(later.value(forKey: key)) == Self.text(atOnce.value(forKey: key)))
        }
        #expect(Self.text(atOnce.value(forKey: "src")) == ("data:image/svg+xml;base64,"
            + "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMCIgaGVpZ2h0PSIxMCI+PHJlY3Qgd2lkdGg9IjQiIGhlaWdodD0iNCIvPjwvc3ZnPg=="))
        try checks.throwIfFailed()
    }

    @Test func aChartThatIsNotWellFormedFailsTheReportOnceRead() throws {
        let checks = ChartChecks()
        let broken = try ReportCharts.image("<svg><rect></svg>", alt: "a chart", name: "sleep chart", checks: checks)
        try checks.throwIfFailed()  // not read yet: not checked yet
        #expect(broken.value(forKey: "src") == nil)
        #expect(Self.text(broken.value(forKey: "alt")) == nil)
        #expect(throws: ReportError.self) { try checks.throwIfFailed() }
        #expect(throws: ReportError.self) { try ReportCharts.image("<svg><rect></svg>", alt: "a chart", name: "sleep chart") }
    }
}
