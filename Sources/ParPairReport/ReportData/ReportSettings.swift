import Foundation
import ParPairStore
import ParPairAggregation
import ParPairModel

/// What a report shows beyond the aggregation: how names appear and where the data came from.
public struct ReportSettings: Sendable {
    /// Replace each baby's name with initials everywhere.
    public var redact: Bool
    /// The store's file name (never the full path, which may hold a user name), for the footer.
    public var storeName: String
    /// The tool's version, for the footer.
    public var toolVersion: String

    /// Where the store came from when it was read from a device backup (device and date), for the small print.
    public var backupSource: String?

    /// The language of words, dates and figures (English unless `--lang` or the locale asks otherwise).
    public var localizer: Localizer = .english

    /// The CSV header line: the machine names (the default) or the headings people read, in `localizer`'s language.
    public var csvHeaders: CSVHeaders = .machine

    /// A visit summary before everything else (`--since`, `--visit`); nil for none.
    public var visit: VisitPeriod?

    /// The day of the check-up (`--visit-date`): each baby's age is also given for it; nil for none.
    public var visitDate: CivilDate?

    /// The phones a family's report was read from, each with when its backup was made; empty for a single store.
    public var phones: [PhoneLine] = []

    /// Which babies were matched across phones and whose phones disagree on the birth time (none with names redacted).
    public var matchNotes: [MatchNote] = []

    /// The other phones backed up in the folder a phone was picked from (none with names redacted: their number).
    public var phonesLeftOut: [String] = []

    /// The backups read that are older than `--stale-after` days at the report's today.
    public var staleBackups: [BackupAge] = []

    /// Whether the zone days are counted in is the phone's, from its backup (the small print says so).
    public var zoneFromPhone = false

    /// The settings for a report of an open store: its file name, and the backup it came from, made at a time on
    /// the clock of `zone`, the report's (without the device's name when names are redacted).
    public init(source: some LogSource, redact: Bool, toolVersion: String, zone: TimeZone) {
        let origin = source.origin
        var backup = origin?.summary(in: zone)
        if redact, let origin { backup = backup?.replacingOccurrences(of: "backup of \(origin.deviceName)", with: "device backup") }
        self.init(redact: redact, storeName: source.storeName, toolVersion: toolVersion, backupSource: backup)
        phonesLeftOut = redact ? source.phonesLeftOut.indices.map { source.shownName(ofPhone: source.phones.count + $0, redact: true) }
            : source.phonesLeftOut
        let family = source.phones
        if family.count > 1 {
            backupSource = nil
            phones = family.indices.map { index in
                PhoneLine(name: source.shownName(ofPhone: index, redact: redact),
                          backupDate: family[index].origin?.date.map { BackupOrigin.localText($0, in: zone) })
            }
            matchNotes = redact ? [] : source.matchNotes
        }
    }

    /// One phone of a family's report: `Dad’s iPhone`, backed up `2026-11-20 06:30 UTC` (nil for a store read directly).
    public struct PhoneLine: Sendable, Hashable {
        public var name: String
        public var backupDate: String?
    }

    public init(redact: Bool = false, storeName: String, toolVersion: String, backupSource: String? = nil) {
        self.redact = redact
        self.storeName = storeName
        self.toolVersion = toolVersion
        self.backupSource = backupSource
    }
}
