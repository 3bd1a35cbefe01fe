import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairStore

/// Every document the tool writes: the report in three formats and the three export tables.
enum ReportOutput: String, CaseIterable, Sendable, CustomStringConvertible {
    case html
    case csv
    case markdown
    case weekly
    case daily
    case events

    /// The tool version written into footers; a fixed word so golden files survive a version bump.
    static let toolVersion = "GOLDEN"

    var description: String { rawValue }

    var isCSV: Bool { self == .csv || self == .weekly || self == .daily || self == .events }

    /// Renders this output of the store at `store` in-process, the way `report` and `export` do.
    func render(
        store: String, options: AggregationOptions, redact: Bool = false, baby: String? = nil, language: Language = .english,
        visit: VisitPeriod? = nil
    ) throws -> String {
        if self == .events {
            return try FamilySource.withSource(path: store) { source in
                var text = ""
                try EventExport.write(source: source, options: options, baby: baby, redact: redact, into: &text)
                return text
            }
        }
        let format: ReportFormat
        let templateName: String
        switch self {
        case .html: (format, templateName) = (.html, "report.html.mustache")
        case .csv, .weekly: (format, templateName) = (.csv, "report.csv.mustache")
        case .markdown: (format, templateName) = (.markdown, "report.md.mustache")
        case .daily: (format, templateName) = (.csv, "daily.csv.mustache")
        case .events: preconditionFailure("handled above")
        }
        let template = try ReportTemplate(builtIn: templateName)
        return try Self.render(
            store: store, format: format, template: template, options: options, redact: redact, baby: baby, language: language,
            visit: visit)
    }

    /// Renders with a given template; days are aggregated as the command does (only the last ones
    /// unless the template reads `daily_rows`), or as `days` says.
    static func render(
        store: String, format: ReportFormat, template: ReportTemplate, options: AggregationOptions,
        days: DaySelection? = nil, redact: Bool = false, baby: String? = nil, language: Language = .english,
        visit: VisitPeriod? = nil
    ) throws -> String {
        var options = options
        options.days = days ?? template.aggregationDays
        visit?.adjust(&options)
        return try FamilySource.withSource(path: store) { source in
            let result = try StoreAggregation.run(source: source, options: options, baby: baby)
            var settings = ReportSettings(
                redact: redact, storeName: source.storeName,
                toolVersion: Self.toolVersion)
            settings.localizer = Localizer(language)
            settings.visit = visit
            return try ReportRendering.render(result, format: format, template: template, settings: settings)
        }
    }
}

/// The fixed settings of the sample store's reports: `--today 2026-11-20 --tz America/New_York`.
enum SampleSettings {
    static let today = CivilDate(year: 2026, month: 11, day: 20)

    static var timeZone: TimeZone {
        guard let zone = TimeZone(identifier: "America/New_York") else {
            preconditionFailure("the system has no America/New_York time zone")
        }
        return zone
    }

    static func options(units: VolumeUnits = .metric, weeks: WeekSelection = .all) -> AggregationOptions {
        AggregationOptions(timeZone: timeZone, today: today, units: units, weeks: weeks)
    }
}
