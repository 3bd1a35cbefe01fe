import ParPairAggregation
import ParPairReport

/// `parpair-report columns [--lang L]`: every column of the weekly, daily and events CSVs, with its unit,
/// the heading `--csv-headers human` writes, and its meaning, from the table the CSV writers' headings use.
enum ColumnsCommand: Subcommand {
    static let spec = CommandSpec(
        name: .columns, summary: "explain every column of the weekly, daily and events CSVs: meaning and unit",
        usage: [""], positional: .none,
        description: """
        Prints each column of the weekly, daily and events CSVs: its name (the header scripts read, a stable
        interface), its unit, the heading --csv-headers human writes instead, and what it holds, in the
        language of --lang (default: from LC_ALL, LC_MESSAGES or LANG, else English). Volume columns are
        listed in both units: formula_ml with --units metric (the default), formula_oz with --units imperial.
        """,
        examples: ["parpair-report columns", "parpair-report columns --lang de"])

    static func run(_ parsed: Arguments, console: Console) throws {
        let language = try parsed.value(OptionTable.lang) ?? Language.from(environment: console.environment)
        console.out(text(Localizer(language)))
    }

    /// The legend of the three tables; the volume columns of imperial units follow their metric ones.
    static func text(_ localizer: Localizer) -> String {
        var text = localizer.text("columns_intro") + "\n"
        for (table, heading) in [(ExportTable.weekly, "columns_weekly"), (.daily, "columns_daily"), (.events, "columns_events")] {
            let metric = CSVColumnGuide.columns(of: table, units: .metric)
            let imperial = CSVColumnGuide.columns(of: table, units: .imperial).filter { !metric.contains($0) }
            text += "\n" + localizer.text(heading) + "\n\n" + CSVColumnGuide.legend(metric + imperial, localizer)
        }
        return text
    }
}
