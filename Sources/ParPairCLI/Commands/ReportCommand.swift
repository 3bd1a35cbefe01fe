import ParPairReport

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
        let template = try parsed.value(OptionTable.template).map { try ReportTemplate(file: $0, format: format.outputFormat) }
            ?? ReportTemplate(builtIn: format.defaultTemplate)
        var job = ReportJob(
            store: try StoreArguments.request(parsed, path: path, console: console), options: settings.options,
            baby: settings.baby, redact: parsed.flag(OptionTable.redact), format: format, template: template, output: output,
            toolVersion: ParPairCommand.version)
        job.csvDialect = try parsed.value(OptionTable.csvDialect) ?? .rfc4180
        try job.run()
    }

    /// The format the output file's extension implies, else HTML (used when `--format` is not given).
    static func format(of output: OutputFile) -> ReportFormat {
        if !output.isStandardOutput, let format = ReportFormat(fileName: output.path) { return format }
        return .html
    }
}
