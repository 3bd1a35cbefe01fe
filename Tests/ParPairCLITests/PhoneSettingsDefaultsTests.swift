import DeviceBackup
import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairStore
import Platform
import Testing
@testable import ParPairCLI

/// Which settings a backup's phone settings may decide, and what they become: worked out by hand from the rules
/// (an option or variable always wins; C and POSIX name no language; Letter in the Letter countries).
@Suite struct PhoneSettingsDefaultsTests {
    static func defaults(_ arguments: [String], environment: [String: String]) throws -> PhoneDefaults {
        let parsed = try Arguments(["samples/default.store"] + arguments, command: .report)
        return try AggregationArguments(parsed, environment: environment).phoneDefaults
    }

    @Test func whatTheUserLeftToTheDefaults() throws {
        let none = try Self.defaults([], environment: [:])
        #expect(none.timeZone && none.today && none.language && none.paper)
        let cron = try Self.defaults([], environment: ["LANG": "C.UTF-8", "LC_ALL": "POSIX"])
        #expect(cron.language, "C and POSIX say nothing of the user")
        let given = try Self.defaults(["--tz", "Europe/Paris", "--today", "2026-11-20", "--lang", "fr", "--paper", "a4"], environment: [:])
        #expect(!given.timeZone && !given.today && !given.language && !given.paper)
        let environment = try Self.defaults([], environment: ["TZ": "Europe/Paris", "LANG": "fr_FR.UTF-8", "LC_PAPER": "fr_FR.UTF-8"])
        #expect(!environment.timeZone && !environment.language && !environment.paper)
        let langOnly = try Self.defaults([], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(langOnly.paper, "LANG alone leaves the paper to the phone (only LC_ALL and LC_PAPER name it)")
    }

    static func origin(_ phone: PhoneSettings) -> BackupOrigin {
        var origin = BackupOrigin(backupPath: "/b", deviceName: "Ana's iPhone", udid: "U", date: Date(timeIntervalSince1970: 1_795_156_200),
                                  encrypted: false, domain: "AppDomain-org.parpair.app")
        origin.phone = phone
        return origin
    }

    @Test func thePhoneDecidesWhatWasLeft() throws {
        let utc = try #require(TimeZone(identifier: "Europe/London"))
        let options = AggregationOptions(timeZone: utc, today: CivilDate(year: 2026, month: 11, day: 20))
        let phone = PhoneSettings(timeZone: "America/New_York", zoneSource: .localtime, languages: ["es-MX", "en-US"], locale: "es_MX")
        // 2026-12-01 03:00 UTC is still 2026-11-30 in New York (UTC−5).
        let now = Date(timeIntervalSince1970: 1_796_094_000)
        let all = PhoneDefaults(timeZone: true, today: true, language: true, paper: true)
        var warnings: [String] = []
        let resolved = all.resolve(options: options, language: .english, paper: .a4, origin: Self.origin(phone), now: now) { warnings.append($0) }
        #expect(resolved.options.timeZone.identifier == "America/New_York")
        #expect(resolved.zoneFromPhone)
        #expect(resolved.options.today == CivilDate(year: 2026, month: 11, day: 30))
        #expect(resolved.language == .spanish)
        #expect(resolved.paper == .letter, "Mexico prints on Letter")
        #expect(warnings.isEmpty)

        let kept = PhoneDefaults().resolve(options: options, language: .german, paper: .a4, origin: Self.origin(phone), now: now) {
            warnings.append($0)
        }
        #expect(kept.options.timeZone == utc && kept.language == .german && kept.paper == .a4 && !kept.zoneFromPhone)
        #expect(warnings == ["the time zone Europe/London is UTC+0 at the time of the backup, but the phone was set to America/New_York (UTC−5); "
            + "days are counted in Europe/London as asked; leave out --tz and TZ to count them in the phone's zone"])

        let japanese = PhoneSettings(timeZone: "Asia/Tokyo", languages: ["ja-JP"], locale: "ja_JP@calendar=japanese")
        let tokyo = all.resolve(options: options, language: .english, paper: .letter, origin: Self.origin(japanese), now: now) { _ in }
        #expect(tokyo.language == .english, "no catalog for Japanese: the default stays")
        #expect(tokyo.paper == .a4)
        #expect(PhoneSettings(locale: "en_US@calendar=gregorian").region == "US")
        #expect(PhoneSettings(locale: "de").region == nil)
    }

    /// Paper from the place: with no paper named by `--paper`, `LC_ALL`, `LC_PAPER`, `LANG` or the phone, the
    /// country of the zone that counts the days (`--tz`, `TZ` or the phone's) decides; a zone the system chose does not.
    @Test func thePaperFollowsTheCountryOfTheZone() throws {
        #expect(try Self.defaults(["--tz", "America/New_York"], environment: ["LANG": "C.UTF-8"]).paperFromZone)
        #expect(try !Self.defaults(["--tz", "America/New_York"], environment: ["LANG": "en_GB.UTF-8"]).paperFromZone)
        #expect(try !Self.defaults(["--paper", "a4"], environment: [:]).paperFromZone)
        #expect(try !Self.defaults([], environment: ["LC_PAPER": "de_DE.UTF-8"]).paperFromZone)

        // zone1970.tab's layout; Europe/Zurich is shared by three countries, the first one's counts.
        let table = ZoneCountries(table: """
            # comment\tXX\tNot/AZone
            US\t+404251-0740023\tAmerica/New_York\tEastern (most areas)
            CA\t+4339-07923\tAmerica/Toronto\tEastern - ON & QC (most areas)
            CH,DE,LI\t+4723+00832\tEurope/Zurich
            PA,CA,KY\t+0858-07932\tAmerica/Panama
            DE,DK,NO,SE,SJ\t+5230+01322\tEurope/Berlin\tmost of Germany

            """)
        #expect(table.country(of: "America/Panama") == "PA" && table.country(of: "Europe/Zurich") == "CH")
        #expect(table.country(of: "UTC") == nil && table.country(of: "Not/AZone") == nil)
        func zone(_ name: String) throws -> TimeZone { try #require(TimeZone(identifier: name)) }
        let today = CivilDate(year: 2026, month: 11, day: 20)
        func paper(_ defaults: PhoneDefaults, _ zoneName: String, _ origin: BackupOrigin? = nil, given: PDFRenderer.Paper? = .a4) throws
            -> PDFRenderer.Paper? {
            defaults.resolve(options: AggregationOptions(timeZone: try zone(zoneName), today: today), language: .english, paper: given,
                             origin: origin, countries: table) { _ in }.paper
        }
        let named = PhoneDefaults(timeZone: false, paper: true, paperFromZone: true)  // --tz or TZ given, no paper anywhere
        #expect(try paper(named, "America/New_York") == .letter)
        #expect(try paper(named, "America/Panama") == .letter)
        #expect(try paper(named, "Europe/Berlin") == .a4)
        #expect(try paper(named, "Europe/Zurich") == .a4)
        #expect(try paper(named, "UTC") == .a4)
        #expect(try paper(named, "America/New_York", given: nil) == nil, "a command that prints no PDF has no paper")
        // LANG named a region (en_GB): its paper stands.
        #expect(try paper(PhoneDefaults(timeZone: false, paper: true, paperFromZone: false), "America/New_York") == .a4)
        // The zone is the system's (no --tz, no TZ, no phone): no country to go by.
        #expect(try paper(PhoneDefaults(timeZone: true, paper: true, paperFromZone: true), "America/New_York") == .a4)
        // A backup: the phone's region comes first; without one, the phone's zone's country.
        let german = Self.origin(PhoneSettings(timeZone: "Europe/Berlin", languages: ["de-DE"], locale: "de_DE"))
        #expect(try paper(named, "America/New_York", german) == .a4, "the phone's region (DE) before the zone's country")
        let noRegion = Self.origin(PhoneSettings(timeZone: "America/Toronto", languages: ["en"], locale: "en"))
        #expect(try paper(PhoneDefaults(timeZone: true, paper: true, paperFromZone: true), "Europe/London", noRegion) == .letter,
                "the phone's zone, America/Toronto, is Canada's")
        // No zone1970.tab: A4.
        #expect(PDFRenderer.Paper(zone: "America/New_York", countries: ZoneCountries(table: "")) == nil)
    }

    /// The system's tzdata, read as the tool reads it (skipped where the file is missing).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/zone1970.tab")))
    func theSystemTableNamesTheLetterCountries() {
        let system = ZoneCountries.system
        #expect(system.country(of: "America/New_York") == "US" && system.country(of: "Asia/Manila") == "PH")
        #expect(system.country(of: "America/Mexico_City") == "MX" && system.country(of: "Europe/Paris") == "FR")
        #expect(PDFRenderer.Paper(zone: "America/Chicago") == .letter && PDFRenderer.Paper(zone: "Europe/Berlin") == .a4)
    }

    /// The seam that keeps secrets out of core files: in this process, as the tool does once it holds a password.
    @Test func coreDumpsGoOff() {
        ProcessProtection.disableCoreDumps()
        #expect(ProcessProtection.coreDumpsDisabled)
    }

    /// Units follow the phone's region as the paper does: the United States, Liberia and Myanmar measure in US
    /// units; `--units` always wins.
    @Test(arguments: [("en_US", VolumeUnits.imperial), ("en_LR", .imperial), ("my_MM", .imperial), ("en_GB", .metric), ("es_MX", .metric)])
    func unitsFollowThePhonesRegion(_ locale: String, _ expected: VolumeUnits) throws {
        let options = AggregationOptions(timeZone: TimeZone(identifier: "UTC")!, today: CivilDate(year: 2026, month: 11, day: 20))
        let origin = Self.origin(PhoneSettings(locale: locale))
        let left = try Self.defaults([], environment: [:])
        #expect(left.units)
        #expect(left.resolve(options: options, language: .english, paper: nil, origin: origin) { _ in }.options.units == expected)
        let given = try Self.defaults(["--units", "metric"], environment: [:])
        #expect(!given.units)
        #expect(given.resolve(options: options, language: .english, paper: nil, origin: origin) { _ in }.options.units == .metric)
    }
}

/// The environment as the program reads it at start, against Foundation's reading of the same process and
/// against lists worked out by hand.
@Suite struct ProcessEnvironmentTests {
    @Test func readsWhatFoundationReads() {
        #expect(ProcessEnvironment.variables() == ProcessInfo.processInfo.environment)
    }

    @Test func splitsAtTheFirstEqualsSignAndTheLastEntryOfANameWins() {
        let entries = ["A=1", "B=x=y", "NO_EQUALS", "A=2", "E=", "=lead", "LANG=fr_FR.UTF-8", "NAME=Zoë ★"]
        var list: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) }
        // Not UTF-8: a lone 0xFF byte, repaired as String(cString:) repairs it.
        let raw: [UInt8] = Array("RAW=a".utf8) + [0xFF] + Array("b".utf8) + [0]
        list.append(raw.withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) })
        list.append(nil)
        defer { list.forEach { free($0) } }
        let variables = list.withUnsafeBufferPointer { ProcessEnvironment.variables(from: $0.baseAddress!) }
        #expect(variables == [
            "A": "2", "B": "x=y", "E": "", "": "lead", "LANG": "fr_FR.UTF-8", "NAME": "Zoë ★", "RAW": "a\u{FFFD}b",
        ])
    }
}
