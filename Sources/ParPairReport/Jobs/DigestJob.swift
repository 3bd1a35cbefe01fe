import Foundation
import Mail
import ParPairAggregation
import ParPairStore
import Platform

/// One digest run: every selected baby's latest complete week (or week N), as files under a folder
/// and/or one e-mail, all written or none. Nothing may be written over the store's own files or
/// inside the backup it is read from.
public struct DigestJob: Sendable {
    /// Where and to whom the e-mail goes.
    public struct Mail: Sendable {
        public var destination: OutputFile
        public var from: MailAddress
        public var to: [MailAddress]

        public init(destination: OutputFile, from: MailAddress, to: [MailAddress]) {
            self.destination = destination
            self.from = from
            self.to = to
        }
    }

    /// What a run wrote.
    public struct Outcome: Sendable {
        /// The files written (or left as they were because they already held the same bytes), in order.
        public var written: [String]
        /// A line per baby without a digest (younger than a week).
        public var skips: [String]
        /// The message, when it goes to standard output (already written there).
        public var messageToStandardOutput: Bool
    }

    public var store: StoreRequest
    /// The other phones' stores of the family (several STOREs, `--device` more than once): their logs are merged
    /// with `store`'s before anything is counted (`FamilySource`). Empty for one store.
    public var moreStores: [StoreRequest] = []
    /// Every store read.
    public var stores: [StoreRequest] { [store] + moreStores }
    public var options: AggregationOptions
    public var baby: String?
    public var week: DigestWeekChoice
    public var redact: Bool
    public var folder: String?
    public var formats: [ReportFormat]
    public var mail: Mail?
    /// `--csv-dialect`; nil: as the phones write numbers (`excel-semicolon` where they write a decimal comma, else
    /// `rfc4180`).
    public var csvDialect: CSVDialect?
    /// `--csv-headers`: machine names, or headings people read in the digest's language; nil: headings people read
    /// with the dialect the phones decide, else machine names.
    public var csvHeaders: CSVHeaders?
    public var toolVersion: String
    /// The language of the documents and the e-mail (`--lang`).
    public var language: Language = .english
    /// Prints PDFs: each baby's `week-NNN.pdf` under the folder (`pdfFiles`) and/or in the e-mail (`attachPDF`).
    public var pdf: PDFRenderer?
    public var pdfFiles = false
    /// `--stale-after DAYS`: a backup this many days older than the report's today is warned about.
    public var staleAfterDays = BackupAge.defaultDays
    /// The settings a backup's phone settings may decide.
    public var phoneDefaults = PhoneDefaults()
    public var attachPDF = false

    public init(
        store: StoreRequest, options: AggregationOptions, baby: String?, week: DigestWeekChoice, redact: Bool,
        folder: String?, formats: [ReportFormat], mail: Mail?, toolVersion: String
    ) {
        self.store = store
        self.options = options
        self.baby = baby
        self.week = week
        self.redact = redact
        self.folder = folder
        self.formats = formats
        self.mail = mail
        self.toolVersion = toolVersion
    }

    /// Reads top to bottom: open the family and make the week's digests, print their PDFs, stage the folder's files
    /// and the e-mail, then commit them all at once.
    public func run() throws -> Outcome {
        if let mail { for store in stores { try mail.destination.refuseProtectedFiles(of: store.path, label: "--eml") } }
        var rendering = try DigestRendering()
        let (run, pdf) = try makeDigests(rendering: &rendering)
        let pdfs = try printPDFs(of: run, with: pdf, rendering: &rendering)
        var files = DigestFileSet()
        var written: [String] = []
        if let folder { try stage(run, in: folder, rendering: rendering, pdfs: pdfs, files: &files, written: &written) }
        var skips = run.skips.map(\.message)
        let message = try mail.flatMap { try self.message($0, of: run, rendering: rendering, pdfs: pdfs, files: &files, written: &written,
                                                         skips: &skips) }
        try files.write()
        if let message { try OutputFile(path: "-").write(message) }
        for age in run.settings.staleBackups { store.warn(age.warning) }
        return Outcome(written: written, skips: skips, messageToStandardOutput: message != nil)
    }

    /// Opens the family, settles what the phones decide (zone, language, paper, CSV dialect) and makes the week's
    /// digests; returns them with the PDF engine on the paper settled.
    private func makeDigests(rendering: inout DigestRendering) throws -> (DigestRun, PDFRenderer?) {
        var pdf = pdf
        // No digest shows a log's notes, so they are not read.
        let run = try FamilySource.withSource(stores, timeZone: options.timeZone, columns: .withoutNotes) { source in
            let resolved = phoneDefaults.resolve(options: options, language: language, paper: pdf?.paper, origin: source.origin,
                                                 warn: source.warn)
            if let paper = resolved.paper { pdf?.paper = paper }
            let spreadsheet = csvDialect == nil && source.origin.map(Self.writesDecimalComma) == true
            rendering.csvDialect = csvDialect ?? (spreadsheet ? .excelSemicolon : .rfc4180)
            var settings = ReportSettings(source: source, redact: redact, toolVersion: toolVersion, zone: resolved.options.timeZone)
            settings.localizer = Localizer(resolved.language)
            settings.csvHeaders = csvHeaders ?? (spreadsheet ? .human : .machine)
            settings.zoneFromPhone = resolved.zoneFromPhone
            settings.staleBackups = BackupAge.stale(source.origins, options: resolved.options, days: staleAfterDays)
            return try DigestRun.make(source: source, options: resolved.options, baby: baby, choice: week, settings: settings)
        }
        return (run, pdf)
    }

    /// Each baby's PDF, printed once for its file and its attachment alike; none unless one is wanted.
    private func printPDFs(of run: DigestRun, with pdf: PDFRenderer?, rendering: inout DigestRendering) throws -> [UUID: [UInt8]] {
        guard let pdf, pdfFiles || attachPDF else { return [:] }
        try rendering.printPDF(with: pdf)
        var pdfs: [UUID: [UInt8]] = [:]
        for digest in run.digests { pdfs[digest.target.baby.id] = try rendering.pdf(digest, of: run) }
        return pdfs
    }

    /// Adds the week's files under `folder` to `files` (and their paths to `written`), after checking that no baby's
    /// folder of another baby's digests would be replaced and that no file lands on a store's own files.
    private func stage(
        _ run: DigestRun, in folder: String, rendering: DigestRendering, pdfs: [UUID: [UInt8]], files: inout DigestFileSet,
        written: inout [String]
    ) throws {
        for digest in run.digests {
            try DigestFolderOwner.check(folder: folder, slug: digest.target.slug, baby: digest.target.baby, name: digest.target.name)
            if !redact, let earlier = DigestFolderOwner.earlierFolder(folder: folder, target: digest.target) {
                let now = POSIXFile.join(folder, digest.target.slug)
                store.note("\(digest.target.name)'s digests now go to \(now)/, with the baby's id in the folder's name so that two babies "
                    + "named alike never share one; \(earlier)/ holds the weeks written before (move them to keep one folder)")
            }
        }
        var staged = try rendering.files(run, formats: formats).map { ($0.relativePath, $0.bytes) }
        if pdfFiles {
            staged += run.digests.compactMap { digest in pdfs[digest.target.baby.id].map { (digest.target.pdfRelativePath, $0) } }
        }
        for (relative, bytes) in staged {
            let path = POSIXFile.join(folder, relative)
            for store in stores { try OutputFile(path: path).refuseProtectedFiles(of: store.path, label: "--out") }
            files.add(relativePath: relative, inside: folder, bytes: bytes)
            written.append(path)
        }
    }

    /// The e-mail of the run: returned when it goes to standard output, else added to `files` (and `written`); none
    /// when the week's files are already there as they are (it was mailed then: a rerun writes no new message, so a
    /// script sends it once), which `skips` says.
    private func message(
        _ mail: Mail, of run: DigestRun, rendering: DigestRendering, pdfs: [UUID: [UInt8]], files: inout DigestFileSet,
        written: inout [String], skips: inout [String]
    ) throws -> [UInt8]? {
        if !mail.destination.isStandardOutput, !run.digests.isEmpty, files.holdsWhatIsThere(ignoringExtension: "pdf") {
            skips.append("the digests of this week were written before, as they are: no new message in \(mail.destination.path)")
            return nil
        }
        let bytes = try DigestMessage.make(run, rendering: rendering, from: mail.from, to: mail.to, pdfs: attachPDF ? pdfs : [:]).serialized()
        guard !mail.destination.isStandardOutput else { return bytes }
        files.add(path: mail.destination.path, bytes: bytes)
        written.append(mail.destination.path)
        return nil
    }

    /// Whether the phone's locale writes numbers with a decimal comma (`de_DE`, `fr_FR`).
    static func writesDecimalComma(_ origin: BackupOrigin) -> Bool {
        guard let locale = origin.phone.locale else { return false }
        return Locale(identifier: locale).decimalSeparator == ","
    }
}
