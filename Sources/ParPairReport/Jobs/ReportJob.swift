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

    /// Reads top to bottom: check the destination, pick how the report is delivered, then open the family, aggregate,
    /// render into the delivery's sink and commit (``write(through:)``). A file is rendered straight into its
    /// temporary file and, for HTML, validated as it is written before it replaces anything, so a large report is
    /// never held in memory whole; standard output gets the text only once all of it is rendered (and valid), so a
    /// failure never leaves half a report anywhere.
    /// - Throws: `DeliveryError`, `ReportError`, `StoreError`, `BackupError`, `BackupStoreError`, `AggregationError`.
    public func run() throws {
        for store in stores { try output.refuseProtectedFiles(of: store.path, label: outputLabel) }
        if let pdf { return try write(through: PDFDelivery(renderer: pdf, output: output, template: template)) }
        let dialect = format == .csv && csvDialect != .rfc4180 ? csvDialect : nil
        if output.isStandardOutput {
            let (format, template) = (format, template)
            let check = { (text: String) throws -> String in try ReportRendering.checkRendered(text, format: format, template: template) }
            return try write(through: BufferedDelivery(output: output, check: check, transform: dialect?.convert))
        }
        if let dialect { return try write(through: CSVDialectDelivery(output: output, dialect: dialect)) }
        switch format {
        case .html:
            try write(through: ValidatedHTMLDelivery(output: output, template: template))
        case .markdown where !template.isBuiltIn:
            // Rendered Markdown from a user's template is checked before it replaces anything.
            let name = template.template.name
            try write(through: StreamedDelivery(output: output, check: { try MarkdownPolicy.check(fileAt: $0, templateName: name) }))
        default:
            try write(through: StreamedDelivery(output: output))
        }
    }

    /// Opens the family, aggregates, and renders the report into `delivery`'s sink, which commits it.
    private func write(through delivery: some ReportDelivery) throws {
        _ = try delivery.deliver { sink in
            try produce(closingAfterRender: delivery.rendersOnBothCores) { result, settings, template in
                try ReportRendering.render(result, format: format, template: template, settings: settings, into: &sink)
                try sink.finishReport()
            }
        }
    }

    /// Opens the store, settles the settings the phone may decide, aggregates, and hands the result to `render`
    /// with the template to render it with (the built-in PDF template on the paper settled). The store is not read
    /// again once the settings are made: it is let go of (its snapshot removed) on a second thread while `render`
    /// runs, or, when the render keeps both cores busy (`closingAfterRender`: the HTML report and its validator),
    /// as soon as the pages are written, while the validator reads the last of them.
    private func produce(
        closingAfterRender: Bool, _ render: (AggregationResult, ReportSettings, ReportTemplate) throws -> Void
    ) throws -> PhoneDefaults.Resolved {
        // No report shows a log's notes, so they are not read.
        try FamilySource.withSource(stores, timeZone: options.timeZone, columns: .withoutNotes) { source in
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
            if closingAfterRender {
                try render(result, settings, rendered)
                source.close()
            } else {
                var store = source
                _ = try Concurrently.run({ _ in try render(result, settings, rendered) }, lending: &store, to: { store, _ in store.close() })
            }
            for age in settings.staleBackups { source.warn(age.warning) }
            return resolved
        }
    }
}
