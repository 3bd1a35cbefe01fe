import Foundation
import ParPairAggregation
import ParPairReport
import ParPairStore

/// `parpair-report report STORE`: the weekly report for the pediatrician, as XHTML, CSV or Markdown.
enum ReportCommand: Subcommand {
    static let name = "report"
    static let summary = "render the report: printable XHTML, CSV for the doctor, or Markdown"
    static let help = """
    Usage: parpair-report report STORE [--format html|csv|md] [--output FILE|-] [--template FILE] [--redact]
                                 [--tz ZONE] [--today YYYY-MM-DD] [--units metric|imperial] [--baby NAME|ID]
                                 [--weeks A-B | --last N] [--day-start HH:MM] [--night HH:MM-HH:MM]

    Summarizes feeds, sleep, diapers and activities per age-week (week 0 = days 0-6 of life), with the
    last 14 days, reference bands, charts and every data-quality finding. HTML is XHTML 1.0 Strict,
    self-contained and printable, and is validated against the W3C DTD before anything is written.

    Options:
      --format html|csv|md  output format (default: from the output file's extension, else html)
      --output FILE|-       write to FILE, replaced atomically, or to standard output (default: -)
      --template FILE       render with your own Mustache template (partials are looked up beside it,
                            then among the built-in ones; see 'parpair-report templates')
      --redact              replace each baby's name with initials everywhere
    \(AggregationArguments.help)

    Examples:
      parpair-report report samples/default.store --output report.html --today 2026-11-20
      parpair-report report ~/ParPair --format csv --last 4 --output weeks.csv

    """

    static let options: [Arguments.Option] = AggregationArguments.options + [
        .init(name: "--format", takesValue: true),
        .init(name: "--output", takesValue: true),
        .init(name: "--template", takesValue: true),
        .init(name: "--redact", takesValue: false),
    ]

    static func run(_ arguments: [String], console: Console) throws {
        let parsed = try Arguments(arguments, command: name, options: options)
        let path = try parsed.positionals("STORE")[0]
        let settings = try AggregationArguments(parsed, command: name, environment: console.environment)
        let output = OutputFile(path: try parsed.value("--output") ?? "-")
        let format = try format(parsed, output: output, command: name)
        let template = try loadTemplate(parsed, format: format, builtIn: format.defaultTemplate)
        try output.refuseStoreFiles(of: path, option: "--output", command: name)
        try write(
            store: path, options: settings.options, baby: settings.baby, redact: parsed.flag("--redact"),
            format: format, template: template, to: output)
    }

    /// Aggregates the store and writes the report. A file is rendered straight into its temporary
    /// file and, for HTML, validated from there before it replaces anything, so a large report is
    /// never held in memory whole; standard output gets the text only once all of it is rendered
    /// (and valid), so a failure never leaves half a report anywhere.
    static func write(
        store path: String, options: AggregationOptions, baby: String?, redact: Bool,
        format: ReportFormat, template: ReportTemplate, to output: OutputFile
    ) throws {
        func produce(_ render: (AggregationResult, ReportSettings) throws -> Void) throws {
            try StoreReader.withReader(path: path) { reader in
                var options = options
                options.days = template.aggregationDays
                let result = try StoreAggregation.run(reader: reader, options: options, baby: baby)
                try render(result, ReportSettings(
                    redact: redact, storeName: URL(fileURLWithPath: reader.location.storeFile).lastPathComponent,
                    toolVersion: ParPairCommand.version))
            }
        }
        if output.isStandardOutput {
            var text = ""
            try produce { text = try ReportRendering.render($0, format: format, template: template, settings: $1) }
            try output.write(text)
            return
        }
        let name = template.template.name
        try output.stream(check: format == .html ? { try ReportRendering.validateXHTML(fileAt: $0, name: name) } : nil) { sink in
            try produce { try ReportRendering.render($0, format: format, template: template, settings: $1, into: &sink) }
        }
    }

    /// `--format`, else the output file's extension, else HTML.
    static func format(_ parsed: Arguments, output: OutputFile, command: String) throws -> ReportFormat {
        if let text = try parsed.value("--format") {
            guard let format = ReportFormat(argument: text) else {
                throw UsageError("option '--format': '\(text)' is not html, csv or md", command: command)
            }
            return format
        }
        if !output.isStandardOutput, let format = ReportFormat(fileName: output.path) { return format }
        return .html
    }

    /// The user's `--template` or the built-in one, parsed before the store is opened.
    static func loadTemplate(_ parsed: Arguments, format: ReportFormat, builtIn: String) throws -> ReportTemplate {
        if let file = try parsed.value("--template") {
            return try ReportTemplate(file: file, format: format.outputFormat)
        }
        return try ReportTemplate(builtIn: builtIn)
    }
}
