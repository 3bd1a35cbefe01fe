import Foundation
@testable import ParPairReport
import Mustache
import Testing

/// The HTML report leaves each chart's check to the thread that renders it (`CheckedChart`), or to the thread that drew
/// it once it is done drawing (`ChartChecks.prepareFromTheEnd`), and its encoding to the read: it reads exactly as the
/// chart checked at once, and a chart that is not well-formed fails the report once the render is done.
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

    /// A chart's `data:` URI is the SVG's UTF-8 in base64 (RFC 4648 §4): its §10 test vectors, and for SVGs of every
    /// length modulo 3, non-ASCII text among them, what Foundation's encoder makes of the same bytes.
    @Test func aChartsDataURIIsItsUTF8InBase64() {
        let prefix = "data:image/svg+xml;base64,"
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors { #expect(ReportCharts.dataURI(text) == prefix + encoded, "\(text)") }
        for length in 0..<40 {
            let svg = String((0..<length).map { Array("<svg é/>\u{1F476}>&\"")[$0 % 11] })
            #expect(ReportCharts.dataURI(svg) == prefix + Data(svg.utf8).base64EncodedString(), "\(svg)")
        }
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

    /// The drawing thread prepares the charts from the last one back and stops at the first one the rendering thread
    /// has prepared (they met), so no chart is checked twice and none the render had passed is checked again.
    @Test func theDrawingThreadPreparesFromTheEndUntilItMeetsTheRender() throws {
        let checks = ChartChecks()
        let broken = try ReportCharts.image("<svg><rect></svg>", alt: "broken", name: "feeds chart", checks: checks)
        let read = try ReportCharts.image(Self.svg, alt: "read", name: "sleep chart", checks: checks)
        let last = try ReportCharts.image(Self.svg, alt: "last", name: "diaper chart", checks: checks)
        #expect(Self.text(read.value(forKey: "alt")) == "read")  // the render has reached the second chart
        checks.prepareFromTheEnd(until: { false })
        try checks.throwIfFailed()  // the first, before the one the render had reached, was left alone
        #expect(Self.text(last.value(forKey: "src")) == Self.text(try ReportCharts.image(Self.svg, alt: "", name: "").value(forKey: "src")))
        #expect(broken.value(forKey: "src") == nil)
        #expect(throws: ReportError.self) { try checks.throwIfFailed() }
    }

    /// Every chart the render has not reached is prepared, a broken one failing the report before it is read; once the
    /// render is done, nothing more is.
    @Test func theDrawingThreadStopsOnceTheRenderIsDone() throws {
        let done = ChartChecks()
        _ = try ReportCharts.image("<svg><rect></svg>", alt: "broken", name: "feeds chart", checks: done)
        done.prepareFromTheEnd(until: { true })
        try done.throwIfFailed()
        let going = ChartChecks()
        _ = try ReportCharts.image("<svg><rect></svg>", alt: "broken", name: "feeds chart", checks: going)
        _ = try ReportCharts.image(Self.svg, alt: "good", name: "sleep chart", checks: going)
        going.prepareFromTheEnd(until: { false })
        #expect(throws: ReportError.self) { try going.throwIfFailed() }
    }
}
