import Foundation
import Mustache
import ParPairAggregation
import ParPairReport
import ParPairStore
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

    /// The CSV report reads only its rows of the keys made on demand; the Markdown and HTML pages read those they show.
    @Test(arguments: [
        ("report.csv.mustache", ["weekly_rows"]),
        ("report.md.mustache", ["findings", "last_days", "first_month", "comparison"]),
        ("report.html.mustache", ["findings", "last_days", "first_month", "comparison"]),
        ("daily.csv.mustache", ["daily_rows"]),
    ] as [(String, Set<String>)])
    func builtInTemplatesSayWhichKeysTheyRead(_ name: String, _ read: Set<String>) throws {
        let template = try ReportTemplate(builtIn: name)
        #expect(ReportData.onDemandKeys.filter(template.reads) == read)
    }

    /// Catalog texts render against the template's context (`{{week}}`), so none may read a key made on demand:
    /// a report whose template does not name it would leave it out.
    @Test(arguments: Language.allCases)
    func noCatalogTextReadsAKeyMadeOnDemand(_ language: Language) throws {
        for (key, text) in MessageCatalog.builtIn(language).texts where text.contains("{{") {
            let names = try Template(source: text, name: key).tags.filter(\.readsData).map { String($0.name.prefix { $0 != "." }) }
            #expect(ReportData.onDemandKeys.isDisjoint(with: names), "\(language.rawValue) \(key): \(text)")
        }
    }

    /// The keys a built-in template does not read are left out of its data; rendering it with every key gives
    /// the same bytes.
    @Test(arguments: [("report.csv.mustache", ReportFormat.csv), ("report.md.mustache", .markdown)])
    func leavingOutKeysNoTagReadsChangesNoByte(_ name: String, _ format: ReportFormat) throws {
        let template = try ReportTemplate(builtIn: name)
        var options = SampleSettings.options()
        options.days = template.aggregationDays
        try FamilySource.withSource(path: PackagePaths.sampleStore) { source in
            let result = try StoreAggregation.run(source: source, options: options, baby: nil)
            var settings = ReportSettings(redact: false, storeName: "default.store", toolVersion: "test")
            let rendered = try ReportRendering.render(result, format: format, template: template, settings: settings)
            if format == .csv { settings.localizer = settings.localizer.withMachineFigures }
            let everyKey = try template.render(ReportData.make(result: result, settings: settings, charts: false))
            #expect(!rendered.isEmpty)
            #expect(rendered == everyKey)
        }
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
