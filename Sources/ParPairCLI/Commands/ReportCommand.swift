import Foundation
import ParPairAggregation
import ParPairReport
import ParPairStore

/// `parpair-report report STORE`: the weekly report for the pediatrician, as XHTML, CSV or Markdown.
enum ReportCommand: Subcommand {
    static let spec = CommandSpec(
        name: .report, summary: "render the report: printable XHTML, CSV for the doctor, or Markdown",
        usage: ["STORE"], positional: .file,
        description: """
        Summarizes feeds, sleep, diapers and activities per age-week (week 0 = days 0-6 of life), with the
        last 14 days, reference bands, charts and every data-quality finding. HTML is XHTML 1.0 Strict,
        self-contained and printable, and is validated against the W3C DTD before anything is written.
        STORE is a default.store file or a folder holding one.
        """,
        examples: [
            "parpair-report report samples/default.store --output report.html --today 2026-11-20",
            "parpair-report report ~/ParPair --format csv --last 4 --output weeks.csv",
        ])

    static func run(_ parsed: Arguments, console: Console) throws {
        let path = try parsed.positionals("STORE")[0]
        let settings = try AggregationArguments(parsed, environment: console.environment)
        let output = OutputFile(path: try parsed.value(OptionTable.output) ?? "-")
        let format = try parsed.value(OptionTable.format) ?? format(of: output)
        let template = try loadTemplate(parsed, format: format, builtIn: format.defaultTemplate)
        try output.refuseStoreFiles(of: path, option: "--output", command: name)
        try write(
            store: try StoreArguments.request(parsed, path: path, console: console), options: settings.options, baby: settings.baby, redact: parsed.flag(OptionTable.redact),
            format: format, template: template, to: output)
    }

    /// Aggregates the store and writes the report. A file is rendered straight into its temporary
    /// file and, for HTML, validated from there before it replaces anything, so a large report is
    /// never held in memory whole; standard output gets the text only once all of it is rendered
    /// (and valid), so a failure never leaves half a report anywhere.
    static func write(
        store request: StoreRequest, options: AggregationOptions, baby: String?, redact: Bool,
        format: ReportFormat, template: ReportTemplate, to output: OutputFile
    ) throws {
        func produce(_ render: (AggregationResult, ReportSettings) throws -> Void) throws {
            try StoreReader.withReader(request) { reader in
                var options = options
                options.days = template.aggregationDays
                let result = try StoreAggregation.run(reader: reader, options: options, baby: baby, redact: redact)
                try render(result, ReportSettings(reader: reader, redact: redact, toolVersion: ParPairCommand.version))
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

    /// The format the output file's extension implies, else HTML (used when `--format` is not given).
    static func format(of output: OutputFile) -> ReportFormat {
        if !output.isStandardOutput, let format = ReportFormat(fileName: output.path) { return format }
        return .html
    }

    /// The user's `--template` or the built-in one, parsed before the store is opened.
    static func loadTemplate(_ parsed: Arguments, format: ReportFormat, builtIn: String) throws -> ReportTemplate {
        if let file = try parsed.value(OptionTable.template) {
            return try ReportTemplate(file: file, format: format.outputFormat)
        }
        return try ReportTemplate(builtIn: builtIn)
    }
}
