import ParPairAggregation
import ParPairStore

/// `export --table weekly|daily|events`.
public enum ExportTable: String, Sendable, CaseIterable {
    case weekly, daily, events

    /// The built-in template of the weekly and daily tables (events are written by `EventExport`).
    var builtInTemplate: String? {
        switch self {
        case .weekly: "report.csv.mustache"
        case .daily: "daily.csv.mustache"
        case .events: nil
        }
    }
}

/// One CSV export: the weekly or daily table through a template (the built-in one or the user's), or
/// every log as an event, delivered atomically like a report.
public struct ExportJob: Sendable {
    public var store: StoreRequest
    /// The other phones' stores of the family (several STOREs, `--device` more than once): their logs are merged
    /// with `store`'s before anything is counted (`FamilySource`). Empty for one store.
    public var moreStores: [StoreRequest] = []
    /// Every store read.
    public var stores: [StoreRequest] { [store] + moreStores }
    public var table: ExportTable
    public var options: AggregationOptions
    public var baby: String?
    public var redact: Bool
    /// A user's template for the weekly or daily table.
    public var templateFile: String?
    public var output: OutputFile
    public var outputLabel: String
    public var toolVersion: String
    public var csvDialect: CSVDialect = .rfc4180
    /// `--csv-headers`: machine names, or headings people read in `language`.
    public var csvHeaders: CSVHeaders = .machine
    /// The language of human headers (`--lang`); the cells are the same in every language.
    public var language: Language = .english
    /// The settings a backup's phone settings may decide (the time zone, for an export).
    public var phoneDefaults = PhoneDefaults()

    public init(
        store: StoreRequest, table: ExportTable, options: AggregationOptions, baby: String?, redact: Bool,
        templateFile: String?, output: OutputFile, outputLabel: String = "--output", toolVersion: String
    ) throws {
        guard table != .events || templateFile == nil else { throw ExportError.templateForEvents }
        self.store = store
        self.table = table
        self.options = options
        self.baby = baby
        self.redact = redact
        self.templateFile = templateFile
        self.output = output
        self.outputLabel = outputLabel
        self.toolVersion = toolVersion
    }

    public func run() throws {
        guard let builtIn = table.builtInTemplate else {
            for store in stores { try output.refuseProtectedFiles(of: store.path, label: outputLabel) }
            try FamilySource.withSource(stores, timeZone: options.timeZone) { source in
                let resolved = phoneDefaults.resolve(options: options, language: language, paper: nil, origin: source.origin,
                                                     warn: source.warn)
                let options = resolved.options
                // Written as it is made in every dialect, with the headings people read when asked: one record held.
                let header = csvHeaders == .human ? Self.humanHeader(Localizer(resolved.language), family: source.phones.count > 1) : nil
                try output.stream { sink in
                    var stream = CSVDialectStream(csvDialect, into: sink, replacingHeader: header)
                    try EventExport.write(source: source, options: options, baby: baby, redact: redact, into: &stream)
                    stream.finish()
                    sink = stream.target
                }
                // The events CSV has no findings section: each row left out is told on stderr.
                for row in source.unreadableRows { source.warn(row.place + "; left out of the export") }
            }
            return
        }
        let template = try templateFile.map { try ReportTemplate(file: $0, format: .csv) } ?? ReportTemplate(builtIn: builtIn)
        var job = ReportJob(store: store, options: options, baby: baby, redact: redact, format: .csv, template: template,
                            output: output, outputLabel: outputLabel, toolVersion: toolVersion)
        job.moreStores = moreStores
        job.csvDialect = csvDialect
        job.csvHeaders = csvHeaders
        job.language = language
        job.phoneDefaults = phoneDefaults
        try job.run()
    }
}

extension ExportJob {
    /// The events CSV with its first line, the machine header, replaced by the headings people read.
    /// The events export's header line and the one people read in its place, each with its CRLF.
    static func humanHeader(_ localizer: Localizer, family: Bool = false) -> (machine: String, replacement: String) {
        let names = family ? EventExport.columns + EventExport.familyColumns : EventExport.columns
        let cells = names.map { name -> String in
            let label = CSVColumnGuide.humanHeader(name, localizer)
            return label.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" })
                ? "\"" + label.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : label
        }
        return (names.joined(separator: ",") + "\r\n", cells.joined(separator: ",") + "\r\n")
    }
}

/// An export asked for something that does not fit together.
public enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    case templateForEvents

    public var description: String { "--template applies to the weekly and daily tables only" }
}
