import Foundation
import Mustache
import ParPairAggregation
import ParPairReport
import ParPairStore
import Testing

/// The HTML report's charts are drawn while its pages are written (`ChartsAhead`): a template reads the
/// same charts it read when they were all drawn before rendering, however often and in whatever order
/// it reads them, and a template that fails midway stops the render without waiting for anything.
@Suite struct ChartsAheadTests {
    private static func result() throws -> AggregationResult {
        try FamilySource.withSource(path: try DigestFixtures.sampleStore()) { source in
            try StoreAggregation.run(source: source, options: SampleSettings.options())
        }
    }

    private static func template(_ source: String) throws -> ReportTemplate {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charts-ahead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("report.html.mustache")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try ReportTemplate(file: file.path, format: .html)
    }

    /// The text with every chart drawn before the render (`ReportData.make`), and as the report renders.
    private static func bothWays(_ source: String) throws -> (drawnFirst: String, drawnAlong: String) {
        let result = try result()
        let template = try template(source)
        var drawnFirst = ""
        try template.render(ReportData.make(result: result, settings: DigestFixtures.settings, charts: true), into: &drawnFirst)
        var drawnAlong = ""
        try ReportRendering.render(result, format: .html, template: template, settings: DigestFixtures.settings, into: &drawnAlong)
        return (drawnFirst, drawnAlong)
    }

    @Test func chartsReadTwiceAreTheChartsDrawnFirst() throws {
        // The second list reads every baby's charts again, once all are drawn.
        let source = "{{#babies}}{{name}}:{{#charts}}{{feeds.src}}|{{sleep.alt}}|{{paired}}{{/charts}};{{/babies}}\n"
            + "{{#babies}}{{#charts}}{{diapers.src}}{{/charts}}{{/babies}}\n"
        let (drawnFirst, drawnAlong) = try Self.bothWays(source)
        #expect(drawnAlong == drawnFirst)
        // Two babies with weeks, two images written of each.
        #expect(drawnAlong.components(separatedBy: "data:image/svg+xml;base64,").count - 1 == 4)
    }

    @Test func aTemplateThatReadsNoChartsEndsWithoutThem() throws {
        let (drawnFirst, drawnAlong) = try Self.bothWays("{{#babies}}{{name}}\n{{/babies}}")
        #expect(drawnAlong == drawnFirst)
        #expect(!drawnAlong.isEmpty)
    }

    @Test func aTemplateThatFailsMidwayStopsTheRender() throws {
        let template = try Self.template("{{#babies}}{{#charts}}{{feeds.alt}}{{/charts}}{{> no-such-partial}}{{/babies}}")
        var text = ""
        #expect(throws: ReportError.self) {
            try ReportRendering.render(try Self.result(), format: .html, template: template, settings: DigestFixtures.settings, into: &text)
        }
    }
}
