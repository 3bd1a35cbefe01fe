import Concurrency
import Foundation
import ParPairAggregation
import ParPairModel
import ParPairStore
import Platform
import XHTML

/// One report, from the store to its destination: open the store (a backup's included) → aggregate →
/// build the report data → render → validate (HTML) → deliver atomically. The destination may never be
/// one of the store's own files nor inside the backup it is read from.
public struct ReportJob: Sendable {
    public var store: StoreRequest
    /// The other phones' stores of the family (several STOREs, `--device` more than once): their logs are merged
    /// with `store`'s before anything is counted (`FamilySource`). Empty for one store.
    public var moreStores: [StoreRequest] = []
    /// Every store read.
    public var stores: [StoreRequest] { [store] + moreStores }
    public var options: AggregationOptions
    /// `--baby`: a name or an id (prefix); nil for every baby.
    public var baby: String?
    public var redact: Bool
    public var format: ReportFormat
    public var template: ReportTemplate
    public var output: OutputFile
    /// How the user named the output, for messages (`--output`).
    public var outputLabel: String
    public var toolVersion: String
    /// How CSV is written (`--csv-dialect`); only the CSV format reads it.
    public var csvDialect: CSVDialect = .rfc4180
    /// `--csv-headers`: machine names, or headings people read in the report's language.
    public var csvHeaders: CSVHeaders = .machine
    /// Print the (HTML) report to PDF with this renderer.
    public var pdf: PDFRenderer?
    /// The language of words, dates and figures (`--lang`).
    public var language: Language = .english
    /// A visit summary before everything else (`--since`, `--visit`).
    public var visit: VisitPeriod?
    /// The day of the check-up (`--visit-date`): ages are also given for it.
    public var visitDate: CivilDate?
    /// `--stale-after DAYS`: a backup this many days older than the report's today is warned about.
    public var staleAfterDays = BackupAge.defaultDays
    /// The settings a backup's phone settings may decide.
    public var phoneDefaults = PhoneDefaults()

    public init(
        store: StoreRequest, options: AggregationOptions, baby: String?, redact: Bool, format: ReportFormat,
        template: ReportTemplate, output: OutputFile, outputLabel: String = "--output", toolVersion: String
    ) {
        self.store = store
        self.options = options
        self.baby = baby
        self.redact = redact
        self.format = format
        self.template = template
        self.output = output
        self.outputLabel = outputLabel
        self.toolVersion = toolVersion
    }

    /// A file is rendered straight into its temporary file and, for HTML, validated from there before
    /// it replaces anything, so a large report is never held in memory whole; standard output gets the
    /// text only once all of it is rendered (and valid), so a failure never leaves half a report anywhere.
    /// - Throws: `DeliveryError`, `ReportError`, `StoreError`, `BackupError`, `BackupStoreError`, `AggregationError`.
    public func run() throws {
        for store in stores { try output.refuseProtectedFiles(of: store.path, label: outputLabel) }
        if let pdf {
            // The XHTML is made and validated in a private folder, printed there, and only the PDF is delivered.
            let scratch = try ScratchFolder(in: FileManager.default.temporaryDirectory.path, purpose: "output")
            defer { scratch.remove() }
            let folder = scratch.path
            let html = folder + "/report.html"
            var pdf = pdf
            pdf.paper = try writeValidatedHTML(to: OutputFile(path: html)).paper ?? pdf.paper
            let file = try pdf.render(html: html, in: folder)
            try PDFRenderer.deliver(file, to: output)
            return
        }
        if format == .csv, csvDialect != .rfc4180 {
            if output.isStandardOutput {
                var text = ""
                try produce { text = try ReportRendering.render($0, format: format, template: $2, settings: $1) }
                try output.write(csvDialect.convert(text))
                return
            }
            // Converted record by record as it is rendered: separators and decimal commas need only each record's cells.
            try output.stream { sink in
                var stream = CSVDialectStream(csvDialect, into: sink)
                try produce {
                    try ReportRendering.render($0, format: format, template: $2, settings: $1, into: &stream)
                    stream.finish()
                    try stream.target.finish()  // on its way to disk while the store is closed
                }
                sink = stream.target
            }
            return
        }
        if output.isStandardOutput {
            var text = ""
            try produce { text = try ReportRendering.render($0, format: format, template: $2, settings: $1) }
            try output.write(text)
            return
        }
        guard format == .html else {
            // Rendered Markdown from a user's template is checked before it replaces anything.
            let name = template.template.name
            let check: ((String) throws -> Void)? = format == .markdown && !template.isBuiltIn
                ? { try MarkdownPolicy.check(fileAt: $0, templateName: name) } : nil
            try output.stream(check: check) { sink in
                try produce {
                    try ReportRendering.render($0, format: format, template: $2, settings: $1, into: &sink)
                    try sink.finish()  // on its way to disk while the store is closed
                }
            }
            return
        }
        try writeValidatedHTML(to: output)
    }

    /// Renders the HTML report into `destination`, validated as it is written on a thread of its own
    /// (`StreamingValidation`); the file replaces nothing before the verdict (the PDF's XHTML goes the same way).
    @discardableResult
    private func writeValidatedHTML(to destination: OutputFile) throws -> PhoneDefaults.Resolved {
        let name = template.template.name
        // What reaches a browser or a PDF engine loads nothing from outside itself: a user's template may put
        // store text in unescaped, so its document is walked by the allow-list as it is validated; the built-in
        // ones cannot, and their (large) reports are not walked.
        let allowList = !template.isBuiltIn
        var verdict: (XMLCheckResult, [PolicyViolation])?
        var resolved: PhoneDefaults.Resolved?
        var store: (any LogSource)?
        try destination.stream(check: { _ in
            try ReportRendering.check(verdict!.0, name: name)
            if !verdict!.1.isEmpty { throw ReportError.unsafeDocument(verdict!.1) }
        }) { sink in
            verdict = try StreamingValidation.validating(name: name, allowList: allowList) { channel in
                sink.tap = { channel.send($0) }
                defer { sink.tap = nil }
                // The document's first text (the XML declaration and DOCTYPE, on any paper) reads no data. Sent before
                // the store is opened, the validator opens libxml2 and reads the DTD on the core the store's copy and
                // opening leave idle: the validation is the longest chain of work after the read, and ends the run.
                let ahead = template.leadingText ?? ""
                if !ahead.isEmpty {
                    sink.write(ahead)
                    try sink.flush()
                }
                resolved = try produce(opened: { store = $0 }) { result, settings, template in
                    var output = SentAheadSink(sink, ahead: ahead)
                    defer { sink = output.sink }
                    try ReportRendering.render(result, format: .html, template: template, settings: settings, into: &output)
                    try output.checkSentAheadWasWritten(name: name)
                    try output.sink.finish()  // the last bytes reach the validator too, and go on their way to disk
                    // The pages are written. While the validator reads the last of them, the store is let go of (its
                    // snapshot removed) and the file put on disk, which would otherwise both wait for the verdict.
                    store?.close()
                    try output.sink.waitUntilOnDisk()
                }
            }
        }
        return resolved!
    }

    /// Opens the store, settles the settings the phone may decide, aggregates, and hands the result to `render`
    /// with the template to render it with (the built-in PDF template on the paper settled). The store is not read
    /// again once the settings are made: it is let go of (its snapshot removed) on a second thread
    /// while `render` runs, unless the caller lets it go itself (`opened` gets the store once it is open: the HTML
    /// report, whose render keeps both cores busy, lets it go after its pages). It is closed afterwards in any case.
    @discardableResult
    private func produce(
        opened: ((any LogSource) -> Void)? = nil, _ render: (AggregationResult, ReportSettings, ReportTemplate) throws -> Void
    ) throws -> PhoneDefaults.Resolved {
        // No report shows a log's notes, so they are not read.
        try FamilySource.withSource(stores, timeZone: options.timeZone, columns: .withoutNotes) { source in
            opened?(source)
            let resolved = phoneDefaults.resolve(options: options, language: language, paper: pdf?.paper, origin: source.origin,
                                                 warn: source.warn)
            var options = resolved.options
            options.days = template.aggregationDays
            visit?.adjust(&options)
            let result = try StoreAggregation.run(source: source, options: options, baby: baby, redact: redact)
            StoreAggregation.warnAboutToday(result, redact: redact, warn: source.warn)
            if !phoneDefaults.today {
                StoreAggregation.warnAboutLateToday(result, now: options.now, backupDate: source.origin?.date, warn: source.warn)
            }
            ZoneCheck.warn(result, warn: source.warn)
            var settings = ReportSettings(source: source, redact: redact, toolVersion: toolVersion, zone: resolved.options.timeZone)
            settings.localizer = Localizer(resolved.language)
            settings.csvHeaders = csvHeaders
            settings.visit = visit
            settings.visitDate = visitDate
            settings.zoneFromPhone = resolved.zoneFromPhone
            settings.staleBackups = BackupAge.stale(source.origins, options: options, days: staleAfterDays)
            let paper = resolved.paper.flatMap { $0 == pdf?.paper ? nil : $0 }
            let rendered = try paper.map { try template.onPaper($0.css) } ?? template
            if opened == nil {
                var store = source
                _ = try Concurrently.run({ _ in try render(result, settings, rendered) }, lending: &store, to: { store, _ in store.close() })
            } else {
                try render(result, settings, rendered)
            }
            for age in settings.staleBackups { source.warn(age.warning) }
            return resolved
        }
    }
}
