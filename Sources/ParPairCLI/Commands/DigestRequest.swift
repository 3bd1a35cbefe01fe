import Foundation
import Mail
import ParPairReport

/// The arguments of `digest`, every one validated before the store is opened.
struct DigestRequest {
    var store: String
    var aggregation: AggregationArguments
    var folder: String?
    var formats: [ReportFormat]
    /// `pdf` among `--formats`: a PDF per baby under the folder.
    var pdfFiles = false
    /// `pdf` among `--attach`: the e-mail attaches each baby's PDF after its CSV.
    var attachPDF = false
    var week: DigestWeekChoice
    var mail: DigestJob.Mail?
    var quiet: Bool
    var redact: Bool

    /// - Throws: `UsageError` (exit 64) for anything wrong, bad e-mail addresses included.
    init(_ parsed: Arguments, console: Console) throws {
        let command = DigestCommand.name
        store = try parsed.positionals(atLeastOne: "STORE")[0]
        aggregation = try AggregationArguments(parsed, environment: console.environment)
        quiet = parsed.flag(OptionTable.quiet)
        redact = parsed.flag(OptionTable.redact)

        folder = try parsed.value(OptionTable.out)
        if let folder, folder.isEmpty || folder == "-" {
            throw UsageError("option '--out' needs a folder (the e-mail goes to standard output with --eml -)", command: command)
        }
        if let list = try parsed.value(OptionTable.formats) {
            guard folder != nil else { throw UsageError("--formats chooses the files of --out DIR; give --out too", command: command) }
            (formats, pdfFiles) = try Self.formats(list, command: command)
        } else {
            formats = DigestCommand.defaultFormats
        }
        week = try parsed.value(OptionTable.week).map { .week($0) } ?? .latestComplete

        let eml = try parsed.value(OptionTable.eml)
        let fromText = try parsed.value(OptionTable.from)
        let toText = try parsed.value(OptionTable.to)
        if let list = try parsed.value(OptionTable.attach) {
            guard eml != nil else { throw UsageError("--attach chooses what the e-mail attaches; give --eml FILE|- too", command: command) }
            attachPDF = try Self.attachesPDF(list, command: command)
        }
        mail = try Self.mail(eml: eml, fromText: fromText, toText: toText, command: command)
        if folder == nil && mail == nil {
            throw UsageError("nothing to write: give --out DIR, --eml FILE|-, or both", command: command)
        }
    }

    /// Whether `--attach csv,pdf` asks for the PDF (the CSV is always attached).
    private static func attachesPDF(_ list: String, command: String) throws -> Bool {
        var pdf = false
        for item in list.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch item {
            case "csv": continue
            case "pdf": pdf = true
            default: throw UsageError("option '--attach': '\(item)' is not csv or pdf (the CSV is always attached)", command: command)
            }
        }
        return pdf
    }

    /// The e-mail `--eml`, `--from` and `--to` describe, or nil without `--eml` (then neither address may be given).
    private static func mail(eml: String?, fromText: String?, toText: String?, command: String) throws -> DigestJob.Mail? {
        guard let eml else {
            if fromText != nil || toText != nil {
                throw UsageError("--from and --to address the e-mail; give --eml FILE|- too", command: command)
            }
            return nil
        }
        guard !eml.isEmpty else { throw UsageError("option '--eml' needs a file name, or - for standard output", command: command) }
        guard let fromText else { throw UsageError("--eml needs --from ADDR, the sender", command: command) }
        guard let toText else { throw UsageError("--eml needs --to ADDR[,ADDR...], the recipients", command: command) }
        let from: MailAddress
        let to: [MailAddress]
        do {
            from = try MailAddress(fromText)
        } catch {
            throw UsageError("option '--from': \(error)", command: command)
        }
        if toText.contains(";") {
            throw UsageError("option '--to': separate recipients with ',', not ';' (got '\(toText)')", command: command)
        }
        do {
            to = try MailAddress.list(toText)
        } catch {
            throw UsageError("option '--to': \(error)", command: command)
        }
        return DigestJob.Mail(destination: OutputFile(path: eml), from: from, to: to)
    }

    /// `md,html,csv` in the order given, without repeats, and whether `pdf` is among them.
    static func formats(_ list: String, command: String) throws -> (formats: [ReportFormat], pdf: Bool) {
        var formats: [ReportFormat] = []
        var pdf = false
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = item.trimmingCharacters(in: .whitespaces)
            if name == "pdf" {
                pdf = true
                continue
            }
            guard let format = ReportFormat(argument: name) else {
                throw UsageError("option '--formats': '\(name)' is not md, html, csv or pdf", command: command)
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return (formats, pdf)
    }
}
