import Foundation
import ParPairAggregation
import ParPairReport

/// `parpair-report report STORE`: the weekly report for the pediatrician, as XHTML, CSV or Markdown.
enum ReportCommand: Subcommand {
    static let spec = CommandSpec(
        name: .report, summary: "render the report: printable XHTML, CSV for the doctor, or Markdown",
        usage: ["STORE..."], positional: .file,
        description: """
        Summarizes feeds, sleep, diapers and activities per age-week (week 0 = days 0-6 of life), with the
        last 14 days, reference bands, charts and every data-quality finding. HTML is XHTML 1.0 Strict,
        self-contained and printable, and is validated against the W3C DTD before anything is written; PDF
        is that report printed by WeasyPrint or Chromium. --since opens the report with a one-page visit
        summary per baby of the days since the last check-up; --due-date or --born-at gives a baby born
        early corrected ages and bands.
        \(StoreArguments.help)
        """,
        examples: [
            "parpair-report report samples/default.store --output report.html --today 2026-11-20",
            "parpair-report report ~/ParPair --format csv --last 4 --output weeks.csv",
            "parpair-report report ~/ParPair --since 2026-10-23 --output visit.pdf",
            "parpair-report report ~/ParPair --baby Mia --due-date 2026-10-18 --lang de --output mia.pdf",
        ])

    static func run(_ parsed: Arguments, console: Console) throws {
        _ = try parsed.positionals(atLeastOne: "STORE")
        let settings = try AggregationArguments(parsed, environment: console.environment)
        var output = OutputFile(path: try parsed.value(OptionTable.output) ?? "-")
        // The store's own files first: that refusal matters more than any question of format.
        for path in parsed.positionals { output = try output.cleared(of: path, label: "--output") }
        let target = try Self.target(parsed, output: output)
        let format = target.format
        let paper = try parsed.value(OptionTable.paper) ?? PDFRenderer.Paper.fromLocale(console.environment)
        let template = try parsed.value(OptionTable.template).map { try ReportTemplate(file: $0, format: format.outputFormat) }
            ?? (target == .pdf ? ReportTemplate(builtIn: "report.html.mustache", onPaper: paper.css)
                : ReportTemplate(builtIn: format.defaultTemplate))
        if template.template.format != format.outputFormat, !parsed.flag(OptionTable.anyExtension) {
            throw UsageError("the template \(template.template.name) writes \(template.template.format), but the report is "
                + "\(format.rawValue) (from --format or the output's name); use a template of that format", command: name)
        }
        if output.isStandardOutput, console.outputIsTerminal, format == .html {
            let example = target == .pdf ? "report.pdf" : "report.html"
            throw UsageError("\(target == .pdf ? "a PDF" : "an HTML") report is not for reading in a terminal: give --output \(example) "
                + "(or pipe it somewhere)", command: name)
        }
        let stores = try StoreArguments.requests(parsed, console: console)
        var job = ReportJob(
            store: stores[0], options: settings.options,
            baby: settings.baby, redact: parsed.flag(OptionTable.redact), format: format, template: template, output: output,
            toolVersion: ParPairCommand.version)
        job.moreStores = Array(stores.dropFirst())
        job.staleAfterDays = try parsed.value(OptionTable.staleAfter) ?? BackupAge.defaultDays
        job.csvDialect = try parsed.value(OptionTable.csvDialect) ?? .rfc4180
        job.csvHeaders = try parsed.value(OptionTable.csvHeaders) ?? .machine
        job.phoneDefaults = settings.phoneDefaults
        job.language = try parsed.value(OptionTable.lang) ?? Language.from(environment: console.environment)
        job.visitDate = try parsed.value(OptionTable.visitDate)
        if let since = try parsed.value(OptionTable.since) {
            guard since <= settings.options.today else {
                throw UsageError("--since \(since) is after the report's today (\(settings.options.today))", command: name)
            }
            if try parsed.value(OptionTable.weeks) != nil || parsed.value(OptionTable.last) != nil {
                throw UsageError("--since chooses the weeks itself; leave out --weeks and --last", command: name)
            }
            job.visit = .since(since)
        } else if parsed.flag(OptionTable.visit) {
            // The visit summary is of its own period: the week selection must not change it, so none is taken.
            if try parsed.value(OptionTable.weeks) != nil || parsed.value(OptionTable.last) != nil {
                throw UsageError("--visit summarizes the last \(VisitPeriod.defaultDays) days and chooses the weeks itself; leave out "
                    + "--weeks and --last (or give --since DATE for another period)", command: name)
            }
            job.visit = .lastDays(VisitPeriod.defaultDays)
        }
        if target == .pdf {
            job.pdf = PDFRenderer(engine: try parsed.value(OptionTable.pdfEngine) ?? .auto, paper: paper, environment: console.environment)
            if let seconds = try parsed.value(OptionTable.pdfTimeout) { job.pdf?.timeLimit = seconds }
        }
        try job.run()
        if !parsed.flag(OptionTable.quiet), output.isFile { console.out(output.path + "\n") }
    }

    /// `--format`, else the output file's extension, else HTML. An extension this tool does not write, or
    /// one that contradicts `--format`, is a usage error naming both, unless `--any-extension` says so.
    static func target(_ parsed: Arguments, output: OutputFile) throws -> ReportTarget {
        let explicit = try parsed.value(OptionTable.format)
        let name = (output.path as NSString).lastPathComponent
        let dot = name.lastIndex(of: ".")
        guard !output.isStandardOutput, let dot, dot != name.startIndex else { return explicit ?? .html }
        let suffix = String(name[name.index(after: dot)...])
        let implied = ReportTarget(argument: suffix)
        if parsed.flag(OptionTable.anyExtension) { return explicit ?? implied ?? .html }
        guard let implied else {
            let what = explicit.map { "; to write \($0.rawValue) to it anyway, add --any-extension" } ?? ""
            throw UsageError("the output \(name) ends in .\(suffix), which is not a format this tool writes (html, csv, md, pdf)"
                + "\(what)", command: "report")
        }
        if let explicit, explicit != implied {
            throw UsageError("--format \(explicit.rawValue) contradicts the output \(name), whose extension means \(implied.rawValue); "
                + "rename the output, or add --any-extension to write \(explicit.rawValue) to it anyway", command: "report")
        }
        return implied
    }
}
