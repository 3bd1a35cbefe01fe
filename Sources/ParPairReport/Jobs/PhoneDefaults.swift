import DeviceBackup
import Foundation
import ParPairAggregation
import ParPairModel
import ParPairStore

/// Which settings the user left to their defaults, so that a device backup's phone settings may decide
/// them: a digest from a backup under cron then needs no `TZ`. An option or variable the user set always wins.
public struct PhoneDefaults: Sendable {
    /// Neither `--tz` nor `TZ`: the phone's zone counts the days.
    public var timeZone = false
    /// No `--today`: today is the day in the zone that counts.
    public var today = false
    /// Neither `--lang` nor a language in `LC_ALL`, `LC_MESSAGES` or `LANG`.
    public var language = false
    /// Neither `--paper` nor a region in `LC_ALL` or `LC_PAPER`.
    public var paper = false
    /// Neither `--paper` nor a region in `LC_ALL`, `LC_PAPER` or `LANG`: when the phone names no region either,
    /// the paper is that of the country of the zone that counts the days, if `--tz`, `TZ` or the phone named it.
    public var paperFromZone = false

    /// No `--units`: a phone set to a region that measures in US units (the United States, Liberia, Myanmar)
    /// gets fl oz, as its paper follows the region.
    public var units = false

    /// The regions whose phones get US units.
    public static let imperialRegions: Set<String> = ["US", "LR", "MM"]

    public init(timeZone: Bool = false, today: Bool = false, language: Bool = false, paper: Bool = false, paperFromZone: Bool = false) {
        self.timeZone = timeZone
        self.today = today
        self.language = language
        self.paper = paper
        self.paperFromZone = paperFromZone
    }

    /// The settings a run goes by once its store is open.
    public struct Resolved: Sendable {
        public var options: AggregationOptions
        public var language: Language
        public var paper: PDFRenderer.Paper?
        /// Whether the zone is the phone's (the small print and `info` say so).
        public var zoneFromPhone = false
    }

    /// The user's settings, with the defaults replaced by the phone's where the store came from a backup
    /// that has them; a `--tz` an hour or more off the phone's zone at the time of the backup is warned about.
    /// The paper: `--paper`, else `LC_ALL` or `LC_PAPER`, else the phone's region, else `LANG`'s (all in `paper`
    /// but the phone's), else the country of the zone (`--tz`, `TZ` or the phone's), else A4. `countries` is read
    /// only for that last question (the system's table is a file to read and parse).
    public func resolve(
        options: AggregationOptions, language: Language, paper: PDFRenderer.Paper?, origin: BackupOrigin?,
        now: Date = Date(), countries: @autoclosure () -> ZoneCountries = .system, warn: (String) -> Void
    ) -> Resolved {
        var resolved = resolvePhone(options: options, language: language, paper: paper, origin: origin, now: now, warn: warn)
        let regionFromPhone = origin?.phone.region != nil && self.paper
        if paperFromZone, !regionFromPhone, paper != nil, !timeZone || resolved.zoneFromPhone,
           let fromZone = PDFRenderer.Paper(zone: resolved.options.timeZone.identifier, countries: countries()) {
            resolved.paper = fromZone
        }
        return resolved
    }

    private func resolvePhone(
        options: AggregationOptions, language: Language, paper: PDFRenderer.Paper?, origin: BackupOrigin?,
        now: Date, warn: (String) -> Void
    ) -> Resolved {
        var resolved = Resolved(options: options, language: language, paper: paper)
        guard let origin else { return resolved }
        let phone = origin.phone
        if let name = phone.timeZone, let zone = TimeZone(identifier: name) {
            if timeZone {
                resolved.options.timeZone = zone
                resolved.zoneFromPhone = true
                if today { resolved.options.today = LifeCalendar(timeZone: zone).civilDate(of: now) }
            } else {
                let moment = origin.date ?? now
                let given = options.timeZone
                if given.secondsFromGMT(for: moment) != zone.secondsFromGMT(for: moment) {
                    warn("the time zone \(given.identifier) is \(Self.offset(given, at: moment)) at the time of the backup, but "
                        + "the phone was set to \(zone.identifier) (\(Self.offset(zone, at: moment))); days are counted in "
                        + "\(given.identifier) as asked; leave out --tz and TZ to count them in the phone's zone")
                }
            }
        }
        if self.language, let first = phone.languages.first, let phoneLanguage = Language(localeName: first) {
            resolved.language = phoneLanguage
        }
        if units, let region = phone.region, Self.imperialRegions.contains(region.uppercased()) {
            resolved.options.units = .imperial
        }
        if self.paper, paper != nil, let region = phone.region {
            resolved.paper = PDFRenderer.Paper(region: region)
        }
        return resolved
    }

    /// `UTC+1`, `UTC−5`, `UTC+5:30`.
    static func offset(_ zone: TimeZone, at moment: Date) -> String {
        let seconds = zone.secondsFromGMT(for: moment)
        let minutes = abs(seconds) / 60
        let sign = seconds < 0 ? "−" : "+"
        return "UTC\(sign)\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":" + Localizer.twoDigits(minutes % 60))
    }
}
