import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairStore
import ParPairSample

/// Every option of `parpair-report`, declared once. Adding an option is one entry here (and a line in
/// `all`); the parser, `--help`, `parpair-report manual` and `parpair-report completions` follow.
enum OptionTable {
    private static let aggregating: Set<CommandName> = [.report, .export, .digest]
    private static let dated: Set<CommandName> = aggregating.union([.info])

    // How logs become figures.
    static let tz = TypedOption<TimeZone>(
        "--tz", "ZONE", "IANA time zone in which days are counted (default: $TZ, else the phone's when STORE is a backup, else the system's)",
        for: dated, parse: AggregationOptions.timeZone(named:))
    static let today = TypedOption<CivilDate>(
        "--today", "YYYY-MM-DD", "the last day covered, and the day ages are given for (default: today in ZONE)",
        for: dated) { text throws(OptionValueError) in
        guard let date = CivilDate(iso: text) else { throw OptionValueError(value: text, expected: "a date YYYY-MM-DD") }
        return date
    }
    static let units = TypedOption<VolumeUnits>("--units", "ml and g, or US fl oz (default: metric)", for: aggregating)
    static let dayStart = TypedOption<ClockTime>(
        "--day-start", "HH:MM", "when a report day begins on the local clock, 00:00 to 12:00 (default: 00:00)",
        for: aggregating) { text throws(OptionValueError) in
        let time = try ClockTime(parsing: text)
        // A day beginning in the afternoon would put most of a calendar day's logs into the day before.
        guard time.minutes <= 12 * 60 else {
            throw OptionValueError(value: text, expected: "a time from 00:00 to 12:00 (a report day beginning later would count "
                + "most of a day's logs in the day before)")
        }
        return time
    }
    static let night = TypedOption<ClockRange>(
        "--night", "HH:MM-HH:MM", "the local clock range counted as night sleep (default: 19:00-07:00)",
        for: aggregating, parse: ClockRange.init(parsing:))
    static let dueDate = TypedOption<CivilDate>(
        "--due-date", "YYYY-MM-DD", "the baby's due date: born before 37 weeks, ages also read corrected and bands use the corrected age",
        for: aggregating) { text throws(OptionValueError) in
        guard let date = CivilDate(iso: text) else { throw OptionValueError(value: text, expected: "a date YYYY-MM-DD") }
        return date
    }
    static let bornAt = TypedOption<BirthTerm>(
        "--born-at", "WwDd", "the gestational age at birth, such as 33w4d (instead of --due-date)",
        for: aggregating) { text throws(OptionValueError) in
        guard let term = BirthTerm(parsingGestationalAge: text), case .gestationalAge(let days) = term,
              BirthTerm.plausibleDays.contains(days)
        else { throw OptionValueError(value: text, expected: "weeks and days of gestation from 22w0d to 44w6d, such as 33w4d or 33+4") }
        return term
    }
    static let since = TypedOption<CivilDate>(
        "--since", "YYYY-MM-DD", "the last check-up (or last-visit: the family file's): only the weeks since, opened by a visit summary of the days since",
        for: [.report]) { text throws(OptionValueError) in
        guard let date = CivilDate(iso: text) else { throw OptionValueError(value: text, expected: "a date YYYY-MM-DD") }
        return date
    }
    static let visitDate = TypedOption<CivilDate>(
        "--visit-date", "YYYY-MM-DD", "the day of the check-up: ages are also given for that day, while the data end with --today",
        for: [.report]) { text throws(OptionValueError) in
        guard let date = CivilDate(iso: text) else { throw OptionValueError(value: text, expected: "a date YYYY-MM-DD") }
        return date
    }
    static let sessionGap = TypedOption<Int>(
        "--session-gap", "MINUTES",
        "feeds starting within MINUTES of the current feeding's end (the latest end of its feeds) are one feeding, 0 to 120 (default: \(AggregationOptions.defaultSessionGapMinutes))",
        for: aggregating) { text throws(OptionValueError) in try whole(text, in: 0...120, "minutes") }
    static let visit = Flag("--visit", "open the report with a visit summary of the last 14 days (see --since)", for: [.report])
    static let weeks = TypedOption<WeekSelection>(
        "--weeks", "A-B", "only age-weeks A to B (week k = days 7k to 7k+6 of life)",
        for: [.report, .export], parse: WeekSelection.init(parsingWeeks:))
    static let last = TypedOption<WeekSelection>(
        "--last", "N", "only the N weeks ending with the week that holds --today",
        for: [.report, .export], parse: WeekSelection.init(parsingLast:))
    static let baby = TypedOption<String>(
        "--baby", "NAME|ID", "only this baby: a name, the id, or the id's first 8 or more hex digits (default: every baby)",
        for: aggregating)

    // Which store, when STORE is a device backup.
    private static let reading: Set<CommandName> = dated
    static let device = TypedOption<String>(
        "--device", "NAME|UDID|FOLDER",
        "the device (its name as typed, a unique start of it, or its UDID) or the backup (its folder's name) to read, when the folder "
            + "holds several; more than once to read several phones as one family", for: reading)
    static let allDevices = Flag(
        "--all-devices", "read every device of each backup folder STORE as one family (each device's newest backup)", for: reading)
    /// Taken out by `FamilyArguments` before the rest is parsed; declared for help, the man page and completions.
    static let family = TypedOption<String>(
        "--family", "[FILE]", "read the phones, babies and settings from a family file (default: $XDG_CONFIG_HOME/parpair/family; "
            + "see docs/two-phones.md); options given here win", for: reading, completion: .file)
    static let staleAfter = TypedOption<Int>(
        "--stale-after", "DAYS", "warn (on stderr and in a digest's text) when a backup is this many days older than today (default: 8)",
        for: [.report, .digest]) { text throws(OptionValueError) in try whole(text, in: 1...3650, "a number of days") }
    static let app = TypedOption<String>(
        "--app", "BUNDLE_ID", "the app (or app group) whose store to read, when a backup holds several", for: reading)
    static let passwordFile = TypedOption<String>(
        "--password-file", "FILE",
        "an encrypted backup's password: the first line of FILE (else $PARPAIR_BACKUP_PASSWORD, else asked); once per store, in "
            + "their order, when several are read",
        for: reading, completion: .file)

    // What is written, and where.
    static let format = TypedOption<ReportTarget>(
        "--format", "output format (default: from the output file's extension, else html)", for: [.report])
    static let pdfEngine = TypedOption<PDFRenderer.Engine>(
        "--pdf-engine", "what prints the PDF: weasyprint, chromium, or the first found (default: auto)", for: [.report, .digest])
    static let pdfTimeout = TypedOption<Double>(
        "--pdf-timeout", "SECONDS", "stop the PDF engine after SECONDS (SIGTERM, then SIGKILL 5 s later; default: 120)",
        for: [.report, .digest]) { text throws(OptionValueError) in
        guard text.count <= 8, let seconds = Double(text), seconds.isFinite, seconds >= 1, seconds <= 86_400 else {
            throw OptionValueError(value: text, expected: "a number of seconds from 1 to 86400")
        }
        return seconds
    }
    static let paper = TypedOption<PDFRenderer.Paper>(
        "--paper", "the PDF's paper (default: from LC_ALL or LC_PAPER, else the phone's region when STORE is a backup, else LANG, else the country of the zone of --tz, TZ or the phone; letter in the US, Canada, Mexico, the Philippines and other Letter countries, else a4)", for: [.report, .digest])
    static let lang = TypedOption<Language>(
        "--lang", "the language of words, dates and figures (default: from LC_ALL, LC_MESSAGES or LANG, else the phone's when STORE is a backup, else en); CSV headers stay English unless --csv-headers human",
        for: [.report, .export, .digest, .columns])
    static let table = TypedOption<ExportTable>("--table", "what to export (required)", for: [.export])
    static let output = TypedOption<String>(
        "--output", "FILE|-", "write to FILE, replaced atomically, or to standard output (default: -)",
        for: [.report, .export], completion: .file)
    static let template = TypedOption<String>(
        "--template", "FILE",
        "your own Mustache template (partials are looked up beside it, then among the built-ins)",
        for: [.report, .export], completion: .file)
    static let csvDialect = TypedOption<CSVDialect>(
        "--csv-dialect", "CSV for machines (rfc4180, the default), for Excel (UTF-8 mark), or for Excel where ';' separates cells (decimal comma)",
        for: [.report, .export, .digest])
    static let csvHeaders = TypedOption<CSVHeaders>(
        "--csv-headers", "the CSV's header line: machine names for scripts (machine, the default) or headings people read, in --lang, for spreadsheets (human); 'parpair-report columns' explains both",
        for: [.report, .export, .digest])
    static let anyExtension = Flag(
        "--any-extension", "write the --format given whatever the output file's extension says", for: [.report])
    static let redact = Flag("--redact", "replace each baby's name with initials everywhere", for: aggregating)
    static let json = Flag("--json", "print the same as JSON, for scripts", for: [.info, .stores])

    // digest
    static let out = TypedOption<String>("--out", "DIR", "write the digest files under DIR", for: [.digest], completion: .directory)
    static let formats = TypedOption<String>(
        "--formats", "LIST", "which files, comma-separated: md, html, csv, pdf (default: md,html,csv)", for: [.digest])
    static let attach = TypedOption<String>(
        "--attach", "LIST", "what the e-mail attaches per baby, comma-separated: csv, pdf (default: csv)", for: [.digest])
    static let week = TypedOption<Int>(
        "--week", "N", "age-week N of every baby instead of each one's latest complete week", for: [.digest]) { text throws(OptionValueError) in
        guard text.count <= 7, !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let week = Int(text) else {
            throw OptionValueError(value: text, expected: "a week number, 0 or more")
        }
        return week
    }
    static let eml = TypedOption<String>("--eml", "FILE|-", "write the e-mail to FILE (atomically) or to standard output", for: [.digest], completion: .file)
    static let from = TypedOption<String>("--from", "ADDR", "the e-mail's sender, e.g. 'ParPair <parpair@example.org>' (required with --eml)", for: [.digest])
    static let to = TypedOption<String>("--to", "ADDR[,ADDR...]", "the e-mail's recipients, separated by ',' (required with --eml)", for: [.digest])
    static let quiet = Flag("--quiet", "print nothing on success (without it, the paths written)", for: [.report, .export, .digest])

    // sample
    static let seed = TypedOption<UInt64>("--seed", "N", "random seed (default: 1)", for: [.sample]) { text throws(OptionValueError) in
        guard let seed = UInt64(text) else { throw OptionValueError(value: text, expected: "a whole number from 0 to 18446744073709551615") }
        return seed
    }
    static let babies = TypedOption<Int>(
        "--babies", "N", "number of babies, \(SampleStore.babyRange.lowerBound) to \(SampleStore.babyRange.upperBound) (default: 1)",
        for: [.sample]) { text throws(OptionValueError) in try whole(text, in: SampleStore.babyRange, "a number of babies") }
    static let days = TypedOption<Int>(
        "--days", "N", "days of logs per baby, \(SampleStore.dayRange.lowerBound) to \(SampleStore.dayRange.upperBound) (default: 90)",
        for: [.sample]) { text throws(OptionValueError) in try whole(text, in: SampleStore.dayRange, "a number of days") }
    static let wal = Flag("--wal", "leave the last day's rows in an uncheckpointed OUTPUT-wal, as a running app does", for: [.sample])

    /// Every option, in the order help lists them.
    static let all: [OptionSpec] = [
        format.spec, pdfEngine.spec, pdfTimeout.spec, paper.spec, lang.spec, table.spec, output.spec, template.spec, out.spec, formats.spec, attach.spec, eml.spec, from.spec, to.spec, week.spec,
        device.spec, allDevices.spec, family.spec, staleAfter.spec, app.spec, passwordFile.spec, tz.spec, today.spec, units.spec, dayStart.spec, night.spec, weeks.spec, last.spec, baby.spec,
        sessionGap.spec, dueDate.spec, bornAt.spec, since.spec, visit.spec, visitDate.spec, csvDialect.spec, csvHeaders.spec, anyExtension.spec, redact.spec, json.spec, quiet.spec, seed.spec, babies.spec, days.spec, wal.spec,
    ]

    /// The options `command` takes, in help order.
    static func options(for command: CommandName) -> [OptionSpec] {
        all.filter { $0.commands.contains(command) }
    }

    private static func whole(_ text: String, in range: ClosedRange<Int>, _ what: String) throws(OptionValueError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw OptionValueError(value: text, expected: "\(what) from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}

extension ExportTable: ArgumentChoice {
    var argument: String { rawValue }
    init?(argument: String) { self.init(rawValue: argument) }
}

/// `--format html|csv|md|pdf`: a report format, or PDF (the HTML report, printed).
enum ReportTarget: String, ArgumentChoice {
    case html, csv, md, pdf

    var argument: String { rawValue }
    init?(argument: String) {
        if argument.lowercased() == "pdf" { self = .pdf; return }
        guard let format = ReportFormat(argument: argument) else { return nil }
        self.init(rawValue: format.rawValue)
    }

    /// The format rendered: PDF is the HTML report, printed.
    var format: ReportFormat { self == .pdf ? .html : ReportFormat(rawValue: rawValue) ?? .html }
}

extension PDFRenderer.Engine: ArgumentChoice {
    var argument: String { rawValue }
    init?(argument: String) { self.init(rawValue: argument) }
}

extension PDFRenderer.Paper: ArgumentChoice {
    var argument: String { rawValue }
    init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension Language: ArgumentChoice {
    var argument: String { rawValue }
    init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension CSVHeaders: ArgumentChoice {
    var argument: String { rawValue }
    init?(argument: String) { self.init(rawValue: argument) }
}

extension CSVDialect: ArgumentChoice {
    var argument: String { rawValue }
    init?(argument: String) { self.init(rawValue: argument) }
}

extension ReportFormat: ArgumentChoice {
    var argument: String { rawValue }
}

extension VolumeUnits: ArgumentChoice {
    var argument: String { rawValue }
    init?(argument: String) { self.init(rawValue: argument) }
}
