import Foundation
import ParPairAggregation
import ParPairReport
import Testing

/// Reports keep a summary per day only when their template can read `daily_rows`; otherwise only
/// the days they show, which must not change a byte of the output.
@Suite struct TemplateDaysTests {
    @Test(arguments: [
        ("report.html.mustache", false), ("report.csv.mustache", false), ("report.md.mustache", false),
        ("daily.csv.mustache", true), ("digest.csv.mustache", true),
    ])
    func builtInTemplatesSayWhetherTheyReadDailyRows(_ name: String, _ reads: Bool) throws {
        let template = try ReportTemplate(builtIn: name)
        #expect(template.usesDailyRows == reads)
        #expect(template.aggregationDays == (reads ? .all : .last(14)))
    }

    @Test func aUsersTemplateMayReadAnything() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("days-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mine.md.mustache")
        try "{{#babies}}{{name}}{{/babies}}\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try ReportTemplate(file: file.path, format: .markdown).usesDailyRows)
    }

    @Test(arguments: [ReportFormat.html, .csv, .markdown])
    func keepingOnlyTheLastDaysChangesNoByte(_ format: ReportFormat) throws {
        let name = ["html": "report.html.mustache", "csv": "report.csv.mustache", "md": "report.md.mustache"]
        let template = try ReportTemplate(builtIn: try #require(name[format.rawValue]))
        let options = SampleSettings.options()
        let lastDays = try ReportOutput.render(
            store: PackagePaths.sampleStore, format: format, template: template, options: options)
        let everyDay = try ReportOutput.render(
            store: PackagePaths.sampleStore, format: format, template: template, options: options, days: .all)
        #expect(lastDays == everyDay)
    }
}
