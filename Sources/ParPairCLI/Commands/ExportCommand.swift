import Foundation
import ParPairReport
import ParPairStore

/// `parpair-report export STORE --table weekly|daily|events`: CSV for spreadsheets and scripts.
enum ExportCommand: Subcommand {
    static let name = "export"
    static let summary = "write CSV: weekly or daily figures, or every log as an event"
    static let help = """
    Usage: parpair-report export STORE --table weekly|daily|events [--output FILE|-] [--template FILE] [--redact]
                                 [--tz ZONE] [--today YYYY-MM-DD] [--units metric|imperial] [--baby NAME|ID]
                                 [--weeks A-B | --last N] [--day-start HH:MM] [--night HH:MM-HH:MM]

    Writes RFC 4180 CSV (UTF-8, CRLF, a header row; numbers with a '.' decimal point and no thousands
    separator; cells that a spreadsheet would run as a formula are prefixed with an apostrophe).

    Tables:
      weekly   one row per baby and age-week; the columns are the metric names (see README)
      daily    one row per baby and day of life
      events   one row per log: baby, kind, type, start and end (ISO 8601 with offset), duration_min,
               amount, unit, amount_ml, notes, day and week of life, id

    Options:
      --table weekly|daily|events   what to export (required)
      --output FILE|-               write to FILE, replaced atomically, or to standard output (default: -)
      --template FILE               your own template for weekly or daily
      --redact                      replace each baby's name with initials
    \(AggregationArguments.help)

    """

    static func run(_ arguments: [String], console: Console) throws {
        let parsed = try Arguments(arguments, command: name, options: AggregationArguments.options + [
            .init(name: "--table", takesValue: true),
            .init(name: "--output", takesValue: true),
            .init(name: "--template", takesValue: true),
            .init(name: "--redact", takesValue: false),
        ])
        let path = try parsed.positionals("STORE")[0]
        guard let table = try parsed.value("--table") else {
            throw UsageError("missing option '--table weekly|daily|events'", command: name)
        }
        guard ["weekly", "daily", "events"].contains(table) else {
            throw UsageError("option '--table': '\(table)' is not weekly, daily or events", command: name)
        }
        let settings = try AggregationArguments(parsed, command: name, environment: console.environment)
        let output = OutputFile(path: try parsed.value("--output") ?? "-")
        let redact = parsed.flag("--redact")
        try output.refuseStoreFiles(of: path, option: "--output", command: name)
        if table == "events" {
            if try parsed.value("--template") != nil {
                throw UsageError("--template applies to the weekly and daily tables only", command: name)
            }
            try StoreReader.withReader(path: path) { reader in
                try output.stream { sink in
                    try EventExport.write(reader: reader, options: settings.options, baby: settings.baby, redact: redact, into: &sink)
                }
            }
            return
        }
        let template = try ReportCommand.loadTemplate(
            parsed, format: .csv, builtIn: table == "weekly" ? "report.csv.mustache" : "daily.csv.mustache")
        try ReportCommand.write(
            store: path, options: settings.options, baby: settings.baby, redact: redact,
            format: .csv, template: template, to: output)
    }
}
