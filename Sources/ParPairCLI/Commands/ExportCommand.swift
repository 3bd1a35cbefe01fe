import ParPairReport

/// `parpair-report export STORE --table weekly|daily|events`: CSV for spreadsheets and scripts.
enum ExportCommand: Subcommand {
    static let spec = CommandSpec(
        name: .export, summary: "write CSV: weekly or daily figures, or every log as an event",
        usage: ["STORE... --table weekly|daily|events"], positional: .file,
        description: """
        Writes RFC 4180 CSV (UTF-8, CRLF, a header row; numbers with a '.' decimal point and no thousands
        separator; cells that a spreadsheet would run as a formula are prefixed with an apostrophe).

        Tables:
          weekly   one row per baby and age-week; the columns are the metric names ('parpair-report columns')
          daily    one row per baby and day of life
          events   one row per log: baby, kind, type, start and end (ISO 8601 with offset), duration_min,
                   amount, unit, amount_ml, notes, day and week of life, id
        \(StoreArguments.help)
        """,
        examples: ["parpair-report export samples/default.store --table daily --last 2 --output days.csv"])

    static func run(_ parsed: Arguments, console: Console) throws {
        _ = try parsed.positionals(atLeastOne: "STORE")
        guard let table = try parsed.value(OptionTable.table) else {
            throw UsageError("missing option '--table weekly|daily|events'", command: name)
        }
        let settings = try AggregationArguments(parsed, environment: console.environment)
        let output = OutputFile(path: try parsed.value(OptionTable.output) ?? "-")
        let stores = try StoreArguments.requests(parsed, console: console)
        var job = try ExportJob(
            store: stores[0], table: table, options: settings.options,
            baby: settings.baby, redact: parsed.flag(OptionTable.redact), templateFile: try parsed.value(OptionTable.template),
            output: output, toolVersion: ParPairCommand.version)
        job.moreStores = Array(stores.dropFirst())
        job.csvDialect = try parsed.value(OptionTable.csvDialect) ?? .rfc4180
        job.csvHeaders = try parsed.value(OptionTable.csvHeaders) ?? .machine
        job.language = try parsed.value(OptionTable.lang) ?? Language.from(environment: console.environment)
        job.phoneDefaults = settings.phoneDefaults
        try job.run()
        if !parsed.flag(OptionTable.quiet), output.isFile { console.out(output.path + "\n") }
    }
}
