import Foundation
import ParPairModel
import ParPairSample
import Testing

/// Two parents' phones, one baby: Mom's backup encrypted, Dad's plain, in one Backup folder. Each phone holds
/// part of Nora's days and four events both parents logged; read together, every event counts once.
@Suite struct TwoPhonesTests {
    static let zone = TimeZone(identifier: "UTC")!
    static let settings = ["--tz", "UTC", "--today", "2026-10-20"]
    static let mom = "Mom\u{2019}s iPhone"
    static let dad = "Dad\u{2019}s iPhone"

    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: 2026, month: 10, day: day, hour: hour, minute: minute))!
    }

    static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", n))! }

    /// The same child on both phones, under different ids (each phone made its own), born 2026-10-01 06:00 UTC.
    static let momNora = Baby(id: UUID(uuidString: "A1A1A1A1-0000-4000-8000-000000000001")!, name: "Nora", birthday: at(1, 6), rowID: 1)
    static let dadNora = Baby(id: UUID(uuidString: "B1B1B1B1-0000-4000-8000-000000000001")!, name: "Nora", birthday: at(1, 6), rowID: 1)

    /// Mom's phone: 5 logs.
    static func momLogs(_ baby: BabyReference) -> [LogRecord] {
        [
            .diaper(DiaperLog(id: id(0x101), type: .wet, time: at(2, 10, 0), baby: baby, rowID: 1)),
            .diaper(DiaperLog(id: id(0x102), type: .dirty, time: at(3, 9, 0), baby: baby, rowID: 2)),
            .food(FoodLog(id: id(0x103), type: .formula, amount: 90, feedingUnit: .milliliters, startTime: at(2, 12, 0),
                          endTime: at(2, 12, 15), baby: baby, rowID: 1)),
            .sleep(SleepLog(id: id(0x104), startTime: at(2, 13, 0), endTime: at(2, 15, 0), baby: baby, rowID: 1)),
            .diaper(DiaperLog(id: id(0x105), type: .wet, time: at(9, 8, 0), baby: baby, rowID: 3)),
        ]
    }

    /// Dad's phone: 7 logs, 4 of them the same events as Mom's (marked "double").
    static func dadLogs(_ baby: BabyReference) -> [LogRecord] {
        [
            .diaper(DiaperLog(id: id(0x201), type: .wet, time: at(2, 10, 2), baby: baby, rowID: 1)),  // double of 0x101
            .diaper(DiaperLog(id: id(0x202), type: .wet, time: at(2, 10, 22), baby: baby, rowID: 2)),  // a second diaper, 20 minutes later
            .food(FoodLog(id: id(0x203), type: .formula, amount: 95, feedingUnit: .milliliters, startTime: at(2, 12, 3),
                          endTime: at(2, 12, 20), baby: baby, rowID: 1)),  // double of 0x103 (5 ml apart)
            .food(FoodLog(id: id(0x204), type: .formula, amount: 60, feedingUnit: .milliliters, startTime: at(2, 16, 0),
                          endTime: at(2, 16, 10), baby: baby, rowID: 2)),
            .sleep(SleepLog(id: id(0x205), startTime: at(2, 13, 10), endTime: at(2, 15, 5), baby: baby, rowID: 1)),  // double of 0x104
            .diaper(DiaperLog(id: id(0x206), type: .dirty, time: at(3, 9, 30), baby: baby, rowID: 3)),
            .diaper(DiaperLog(id: id(0x207), type: .wet, time: at(9, 8, 3), baby: baby, rowID: 4)),  // double of 0x105
        ]
    }

    struct Setup {
        let folder: WorkFolder
        let backups: String
        let passwordFile: String

        /// - Parameter phoneFiles: files of the phones' own settings, in both backups (`RealBackupTests.berlinPhone()`).
        /// - Parameter dadBackedUp: when Dad's phone was last backed up (Mom's: 2026-10-20 06:00 UTC).
        init(extraMomLogs: [LogRecord] = [], phoneFiles: [[String: Any]] = [], dadBackedUp: String = "2026-10-20T06:00:00Z") throws {
            folder = try WorkFolder()
            backups = folder.file("Backup")
            passwordFile = try folder.write("mom.pw", BackupFixture.password + "\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passwordFile)
            for (name, baby, logs, udid, encrypted, date) in [
                (TwoPhonesTests.mom, TwoPhonesTests.momNora, TwoPhonesTests.momLogs(.baby(id: TwoPhonesTests.momNora.id)) + extraMomLogs,
                 "00008030-0000000000000A0A", true, "2026-10-20T06:00:00Z"),
                (TwoPhonesTests.dad, TwoPhonesTests.dadNora, TwoPhonesTests.dadLogs(.baby(id: TwoPhonesTests.dadNora.id)),
                 "00008030-0000000000000B0B", false, dadBackedUp),
            ] {
                let store = folder.file("\(udid).store")
                let writer = try StoreWriter(creatingAt: store)
                try writer.insert(baby)
                for log in logs { try writer.insert(log) }
                try writer.finish()
                var spec: [String: Any] = [
                    "udid": udid, "deviceName": name, "date": date,
                    "files": [["domain": BackupFixture.groupDomain, "relativePath": BackupFixture.storePath, "source": store]] + phoneFiles,
                ]
                if encrypted { spec.merge(["encrypted": true, "password": BackupFixture.password]) { _, new in new } }
                try BackupFixture.make(spec, out: backups + "/" + udid)
            }
        }
    }

    /// `name,week,...` rows of a CSV keyed by week, each a dictionary of column → cell.
    static func weeks(_ csv: String) -> [Int: [String: String]] {
        let lines = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [:] }
        var result: [Int: [String: String]] = [:]
        for line in lines.dropFirst() where line.count == header.count {
            let row = Dictionary(uniqueKeysWithValues: zip(header, line))
            if let week = row["week"].flatMap(Int.init) { result[week] = row }
        }
        return result
    }

    @Test func theMergedWeeksCountEachEventOnce() async throws {
        let setup = try Setup()
        // As people type them: a plain apostrophe for U+2019, and a start of the name in lower case.
        let run = try await BuiltTool.run(
            ["export", setup.backups, "--device", "Mom's iPhone", "--device", "dad", "--password-file", setup.passwordFile,
             "--table", "weekly"] + Self.settings, in: setup.folder)
        #expect(run.status == 0, "\(run.stderr)")
        // Which babies were matched is the report's note, not a line on stderr.
        #expect(run.stderr == "")
        let merged = Self.weeks(run.output)

        // Each phone alone, week 0 (2026-10-01 to 10-07) and week 1, counted by hand from the logs above:
        //   Mom: wet 1 (10-02 10:00), dirty 1, formula 1 feed of 90 ml, sleep 13:00-15:00 = 2 h;  week 1: wet 1.
        //   Dad: wet 2 (10:02, 10:22), dirty 1, formula 2 feeds of 95 + 60 ml, sleep 13:10-15:05 = 115 min; week 1: wet 1.
        // Planted double entries (Dad's, each later than Mom's): the wet diaper at 10:02, the 95 ml bottle, the sleep,
        // and week 1's wet diaper. The wet diaper at 10:22 is a second diaper and stays.
        let wet0 = 1 + 2 - 1, dirty0 = 1 + 1, formula0 = 1 + 2 - 1, milliliters0 = 90 + 95 + 60 - 95
        let sleepHours0 = (120.0 + 115.0 - 115.0) / 60, wet1 = 1 + 1 - 1
        let week0 = try #require(merged[0], "\(run.output)")
        #expect(week0["wet"].flatMap(Int.init) == wet0)
        #expect(week0["dirty"].flatMap(Int.init) == dirty0)
        #expect(week0["formula"].flatMap(Int.init) == formula0)
        #expect(week0["formula_ml"].flatMap(Double.init) == Double(milliliters0))
        #expect(week0["sleep_h"].flatMap(Double.init) == sleepHours0)
        #expect(merged[1]?["wet"].flatMap(Int.init) == wet1)

        // The order the phones are named in changes nothing.
        let reversed = try await BuiltTool.run(
            ["export", setup.backups, "--device", "dad", "--device", "mom", "--password-file", setup.passwordFile,
             "--table", "weekly"] + Self.settings, in: setup.folder)
        #expect(reversed.status == 0, "\(reversed.stderr)")
        #expect(reversed.stdout == run.stdout)
        let all = try await BuiltTool.run(
            ["export", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--table", "weekly"] + Self.settings,
            in: setup.folder)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout == run.stdout)
    }

    /// The same phone named twice, in any spelling, is refused (exit 64) naming both spellings; two backups of one
    /// device (a backup and its Finder archive) also say which is newer.
    @Test func theSamePhoneTwiceIsRefused() async throws {
        let setup = try Setup()
        // Mom's phone backed up again five days later into Finder's archive folder.
        try BackupFixture.make([
            "udid": "00008030-0000000000000A0A", "deviceName": Self.mom, "date": "2026-10-25T06:00:00Z", "encrypted": true,
            "password": BackupFixture.password,
            "files": [["domain": BackupFixture.groupDomain, "relativePath": BackupFixture.storePath,
                       "source": setup.folder.file("00008030-0000000000000A0A.store")]],
        ], out: setup.folder.file("Archive/00008030-0000000000000A0A"))
        let momPath = "Backup/00008030-0000000000000A0A"
        let archived = "Archive/00008030-0000000000000A0A"
        for (stores, first, second, newer) in [
            (["Backup", "--device", "mom", "--device", "Mom's iPhone"], "Backup --device mom", "Backup --device Mom's iPhone", nil as String?),
            ([momPath, momPath + "/"], momPath, momPath + "/", nil),
            ([momPath, setup.folder.file(momPath)], momPath, setup.folder.file(momPath), nil),
            ([momPath, archived], momPath, archived, archived),
        ] {
            let run = try await BuiltTool.run(["report"] + stores + ["--password-file", setup.passwordFile, "--format", "md"] + Self.settings,
                                              in: setup.folder)
            #expect(run.status == 64, "\(stores): \(run.stderr)")
            let line = "\(first) and \(second) are the same phone" + (newer.map { "; \($0) is the newer backup" } ?? "")
            #expect(run.stderr.contains(line), "\(stores): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        }
    }

    @Test func copiesAreSaidOncePerBabyAndListedInTheEventsExport() async throws {
        let setup = try Setup()
        let report = try await BuiltTool.run(
            ["report", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--format", "md"] + Self.settings,
            in: setup.folder)
        #expect(report.status == 0, "\(report.stderr)")
        // The 4 events both parents logged are one line of Nora's, not a finding each.
        #expect(!report.output.contains("logged on both phones?"), "\(report.output)")
        #expect(report.output.components(separatedBy: "Events logged on more than one phone, each counted once: 4.").count == 2,
                "\(report.output)")
        #expect(report.output.contains("Nora (born 2026-10-01) on \(Self.dad) is Nora on \(Self.mom): the same name and birthday."),
                "\(report.output.prefix(600))")
        // The header lists both phones with their backups' dates.
        #expect(report.output.contains("\(Self.mom) (backed up 2026-10-20 06:00 UTC); \(Self.dad) (backed up 2026-10-20 06:00 UTC)"), "phones by UDID")

        let events = try await BuiltTool.run(
            ["export", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--table", "events"] + Self.settings,
            in: setup.folder)
        #expect(events.status == 0, "\(events.stderr)")
        #expect(events.stderr == "", "nothing left out, nothing to say")
        let rows = events.output.split(separator: "\r\n")
        #expect(rows.first?.hasSuffix(",id,phone,copy_of") == true)
        // Every log of both phones: Dad's 4 copies name the log of Mom's that counts in their place.
        #expect(rows.count - 1 == 5 + 7)
        #expect(rows.contains { $0.hasSuffix(Self.id(0x202).uuidString + "," + Self.dad + ",") })
        #expect(rows.contains { $0.hasSuffix(Self.id(0x101).uuidString + "," + Self.mom + ",") })
        for (copy, counted) in [(0x201, 0x101), (0x203, 0x103), (0x205, 0x104), (0x207, 0x105)] {
            #expect(rows.contains { $0.hasSuffix(Self.id(copy).uuidString + "," + Self.dad + "," + Self.id(counted).uuidString) })
        }

        // With names redacted, the phones are numbered in the family's order (by UDID: Mom's first).
        let redacted = try await BuiltTool.run(
            ["report", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--format", "md", "--redact"] + Self.settings,
            in: setup.folder)
        #expect(redacted.status == 0, "\(redacted.stderr)")
        #expect(!redacted.output.contains("iPhone"), "no device named")
        #expect(redacted.output.contains("Logs of phone 1 (backed up 2026-10-20 06:00 UTC); phone 2 (backed up 2026-10-20 06:00 UTC)"))
        #expect(!redacted.output.contains("Nora (born"), "no matching note names the babies")

        // info: each phone's store in turn.
        let info = try await BuiltTool.run(
            ["info", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--json"] + Self.settings, in: setup.folder)
        #expect(info.status == 0, "\(info.stderr)")
        let objects = try JSONSerialization.jsonObject(with: info.stdout) as? [[String: Any]]
        #expect(objects?.compactMap { ($0["source"] as? [String: Any])?["deviceName"] as? String } == [Self.mom, Self.dad])
        #expect(objects?.compactMap { $0["totalLogs"] as? Int } == [5, 7])
    }

    /// Every file under `folder`, with its bytes.
    static func files(_ folder: String) throws -> [String: Data] { try BackupFixture.contents(of: folder) }

    @Test func oneDigestPerPhoneIntoOneFolderNeverReplacesTheOther() async throws {
        let setup = try Setup()
        let out = setup.folder.file("digests")
        let mom = try await BuiltTool.run(
            ["digest", setup.backups, "--device", "mom", "--password-file", setup.passwordFile, "--out", out, "--quiet"] + Self.settings,
            in: setup.folder)
        #expect(mom.status == 0, "\(mom.stderr)")
        let before = try Self.files(out)
        #expect(before.keys.sorted() == ["nora-a1a1a1a1/week-001.csv", "nora-a1a1a1a1/week-001.html", "nora-a1a1a1a1/week-001.md"])
        // Dad's Nora has another id, so her folder has another name: both phones' digests are kept.
        let dad = try await BuiltTool.run(["digest", setup.backups, "--device", "dad", "--out", out, "--quiet"] + Self.settings, in: setup.folder)
        #expect(dad.status == 0, "\(dad.stderr)")
        let both = try Self.files(out)
        #expect(both.keys.sorted() == before.keys.sorted() + ["nora-b1b1b1b1/week-001.csv", "nora-b1b1b1b1/week-001.html", "nora-b1b1b1b1/week-001.md"])
        #expect(both.filter { before.keys.contains($0.key) } == before, "Mom's digests are left as they were")

        // A folder of the right name whose CSV is another baby's (ids alike in their first 8 hex digits) is refused.
        let impostor = setup.folder.file("impostor")
        try FileManager.default.createDirectory(atPath: impostor + "/nora-b1b1b1b1", withIntermediateDirectories: true)
        let foreign = String(decoding: both["nora-a1a1a1a1/week-001.csv"] ?? Data(), as: UTF8.self).replacingOccurrences(of: "a1a1a1a1", with: "b1b1b1b1")
        try Data(foreign.utf8).write(to: URL(fileURLWithPath: impostor + "/nora-b1b1b1b1/week-000.csv"))
        let refused = try await BuiltTool.run(["digest", setup.backups, "--device", "dad", "--out", impostor] + Self.settings, in: setup.folder)
        #expect(refused.status == 0, "same id prefix, same baby: \(refused.stderr)")
        let other = foreign.replacingOccurrences(of: "b1b1b1b1", with: "b1b1b1b2")
        try Data(other.utf8).write(to: URL(fileURLWithPath: impostor + "/nora-b1b1b1b1/week-000.csv"))
        let collision = try await BuiltTool.run(["digest", setup.backups, "--device", "dad", "--out", impostor] + Self.settings, in: setup.folder)
        #expect(collision.status == 73)
        #expect(collision.stderr.contains("holds the digests of another baby (id b1b1b1b2…, in week-000.csv)"), "\(collision.stderr)")

        // Both phones in one run: one digest of the family's Nora; again, byte for byte the same.
        let family = setup.folder.file("family-digests")
        let arguments = ["digest", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--out", family, "--quiet"] + Self.settings
        let first = try await BuiltTool.run(arguments, in: setup.folder)
        #expect(first.status == 0, "\(first.stderr)")
        let written = try Self.files(family)
        #expect(written.keys.sorted() == ["nora-a1a1a1a1/week-001.csv", "nora-a1a1a1a1/week-001.html", "nora-a1a1a1a1/week-001.md"])
        let markdown = String(decoding: written["nora-a1a1a1a1/week-001.md"] ?? Data(), as: UTF8.self)
        #expect(markdown.contains("Logs of \(Self.mom) (backed up 2026-10-20 06:00 UTC); \(Self.dad)"), "\(markdown.prefix(400))")
        let second = try await BuiltTool.run(arguments, in: setup.folder)
        #expect(second.status == 0)
        #expect(try Self.files(family) == written)
    }

    /// Two phones set to Berlin and German: `info` of both speaks the family's zone, as the reports do, and the digest's
    /// CSV is the one a German spreadsheet opens (semicolons, decimal commas, headings people read), with no option.
    @Test func theFamilysPhonesSettleTheZoneAndTheDigestsCSV() async throws {
        let setup = try Setup(phoneFiles: RealBackupTests.berlinPhone())
        let info = try await BuiltTool.run(["info", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--today", "2026-10-20"],
                                           in: setup.folder)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.output.contains("Europe/Berlin") && !info.output.contains("UTC"), "\(info.output)")
        let out = setup.folder.file("digests")
        let digest = try await BuiltTool.run(["digest", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--out", out,
                                              "--today", "2026-10-20", "--quiet"], in: setup.folder)
        #expect(digest.status == 0 && digest.stderr == "", "\(digest.stderr)")
        let csv = try Data(contentsOf: URL(fileURLWithPath: out + "/nora-a1a1a1a1/week-001.csv"))
        let text = String(decoding: csv.dropFirst(3), as: UTF8.self)
        #expect(Array(csv.prefix(3)) == [0xEF, 0xBB, 0xBF], "the mark that tells Excel the file is UTF-8")
        let header = text.split(separator: "\r\n").first ?? ""
        #expect(header.contains(";") && !header.contains("baby,week"), "\(header)")
        // An option still wins.
        let machine = setup.folder.file("machine")
        let plain = try await BuiltTool.run(["digest", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--out", machine,
                                             "--today", "2026-10-20", "--quiet", "--csv-dialect", "rfc4180", "--csv-headers", "machine"],
                                            in: setup.folder)
        #expect(plain.status == 0, "\(plain.stderr)")
        let machineCSV = try String(contentsOfFile: machine + "/nora-a1a1a1a1/week-001.csv", encoding: .utf8)
        #expect(machineCSV.hasPrefix("baby,"), "\(machineCSV.prefix(80))")
    }

    /// Dad's phone last backed up on 2026-10-03 at 06:00: from that day on, the family's days hold Mom's logs only. They
    /// are shown and marked, left out of the per-day figures and never judged: the first month's days 2 and later
    /// read "fewer phones", and no week is compared.
    @Test func theDaysAfterAStalePhonesBackupAreMarkedAndNotJudged() async throws {
        let setup = try Setup(dadBackedUp: "2026-10-03T06:00:00Z")
        let report = try await BuiltTool.run(
            ["report", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--format", "md", "--quiet"] + Self.settings,
            in: setup.folder)
        #expect(report.status == 0 && report.stderr == "", "\(report.stderr)")
        #expect(report.output.contains("The days after 2026-10-03 06:00 UTC, when a phone was last backed up, hold only the other phones’ logs"),
                "\(report.output.prefix(800))")
        let lines = report.output.split(separator: "\n")
        // The weeks shown are 0 and 1 (to the last log's): of their first-month days, 2 (2026-10-03, the day of the
        // backup) to 13 are marked, days 0 and 1 are not.
        let marked = lines.filter { $0.contains("fewer phones") }
        #expect(marked.count == 12 && marked.first?.hasPrefix("| D+2 | Sat 2026-10-03 (fewer phones)") == true, "\(marked)")
        #expect(!lines.contains { $0.contains("2026-10-02") && $0.contains("fewer phones") })
        // Both weeks shown are marked, and neither is compared with the other.
        #expect(lines.filter { $0.hasPrefix("| 0 (after a phone’s backup)") || $0.hasPrefix("| 1 (after a phone’s backup)") }.count == 2,
                "\(lines.filter { $0.hasPrefix("| ") })")
        #expect(!report.output.contains("▼") && !report.output.contains("▲"))
    }

    /// One phone of a folder that holds two: the report says so on its first page, and every place that lists the
    /// phones (the error without --device, `stores`) names --all-devices.
    @Test func onePhoneOfAFamilyPointsToAllDevices() async throws {
        let setup = try Setup()
        let one = try await BuiltTool.run(["report", setup.backups, "--device", "mom", "--password-file", setup.passwordFile, "--format", "md"]
                                          + Self.settings, in: setup.folder)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.output.contains("Read from one phone; the backup folder also holds \(Self.dad). A family that logs on several phones"),
                "\(one.output.prefix(600))")
        let both = try await BuiltTool.run(["report", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--format", "md"]
                                           + Self.settings, in: setup.folder)
        #expect(!both.output.contains("Read from one phone"))
        let neither = try await BuiltTool.run(["report", setup.backups, "--format", "md"] + Self.settings, in: setup.folder)
        #expect(neither.status == 64)
        #expect(neither.stderr.contains("read them as one family with --all-devices, else pick one with --device"), "\(neither.stderr)")
        let stores = try await BuiltTool.run(["stores", setup.backups], in: setup.folder)
        #expect(stores.status == 0)
        #expect(stores.output.contains("\(setup.backups) --all-devices\n    the 2 phones backed up there as one family"), "\(stores.output)")
    }

    @Test func anEightDayOldBackupIsToldOnce() async throws {
        let setup = try Setup()
        let out = setup.folder.file("digests")
        // Both backups are from 2026-10-20; 2026-10-28 is 8 days later.
        let run = try await BuiltTool.run(
            ["digest", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--out", out, "--tz", "UTC",
             "--today", "2026-10-28"], in: setup.folder)
        #expect(run.status == 0, "\(run.stderr)")
        for phone in [Self.mom, Self.dad] {
            let line = "warning: the backup of \(phone) is from 2026-10-20, 8 days before the report's today"
            #expect(run.stderr.components(separatedBy: line).count == 2, "once: \(run.stderr)")
        }
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: out + "/nora-a1a1a1a1").first { $0.hasSuffix(".md") })
        let markdown = try String(contentsOfFile: out + "/nora-a1a1a1a1/" + name, encoding: .utf8)
        #expect(markdown.contains("the backup of \(Self.mom) is from"), "\(markdown.prefix(600))")
        // --quiet: nothing on stderr; the digest says it.
        let quiet = try await BuiltTool.run(
            ["digest", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--out", setup.folder.file("quiet"), "--tz", "UTC",
             "--today", "2026-10-28", "--quiet"], in: setup.folder)
        #expect(quiet.status == 0 && quiet.stderr == "" && quiet.stdout.isEmpty, "\(quiet.stderr)")
        let fresh = try await BuiltTool.run(
            ["digest", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--out", out, "--tz", "UTC",
             "--today", "2026-10-27"], in: setup.folder)
        #expect(!fresh.stderr.contains("days before the report's today"), "7 days is not stale: \(fresh.stderr)")
    }

    @Test func aFamilyFileDrivesReportAndDigestAlone() async throws {
        let setup = try Setup()
        let text = """
            # Nora's family. Settings before any section are everyone's.
            backups = Backup
            tz = UTC
            last-visit = 2026-10-08   # the 1-week check-up

            [phone Mom's iPhone]
            password-file = mom.pw

            [phone dad]
            """
        let family = try setup.folder.write("family", text)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: family)
        let report = try await BuiltTool.run(["report", "--family", family, "--since", "last-visit", "--today", "2026-10-20", "--format", "md"],
                                             in: setup.folder)
        #expect(report.status == 0, "\(report.stderr)")
        let listed = report.output.split(separator: "\n").filter { $0.contains("each counted once") }
        // In the visit summary and on Nora's pages: since 2026-10-08, only week 1's diaper logged on both phones.
        #expect(listed.count == 2 && listed.allSatisfy { $0.hasSuffix("each counted once: 1.") }, "\(listed)")
        let viaArguments = try await BuiltTool.run(
            ["report", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--since", "2026-10-08", "--format", "md"]
                + Self.settings, in: setup.folder)
        #expect(report.stdout == viaArguments.stdout, "the family file says what the options say")

        let digest = try await BuiltTool.run(["digest", "--family", family, "--out", setup.folder.file("d"), "--today", "2026-10-20"],
                                             in: setup.folder)
        #expect(digest.status == 0, "\(digest.stderr)")

        // An editor's byte order mark and CRLF line ends read the same.
        let windows = try setup.folder.write("family-crlf", "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: windows)
        let crlf = try await BuiltTool.run(["report", "--family", windows, "--since", "last-visit", "--today", "2026-10-20", "--format", "md"],
                                           in: setup.folder)
        #expect(crlf.status == 0, "\(crlf.stderr)")
        #expect(crlf.stdout == report.stdout)
        // A section or a key given twice is refused, whichever it is.
        for (twice, line) in [("backups = Backup\n[baby Nora]\ndue-date = 2026-10-10\n[baby Nora]\ndue-date = 2026-10-20\n", 4),
                              ("backups = Backup\n[phone dad]\nstore = Backup\nstore = Backup\n", 4),
                              ("backups = Backup\ntz = UTC\ntz = UTC\n", 3)] {
            let file = try setup.folder.write("twice-family", twice)
            let run = try await BuiltTool.run(["report", "--family", file, "--format", "md"], in: setup.folder)
            #expect(run.status == 65, "\(twice): \(run.stderr)")
            #expect(run.stderr.contains("\(file):\(line): ") && run.stderr.contains("given twice"), "\(run.stderr)")
        }

        // Errors name the file, the line and the key.
        let bad = try setup.folder.write("bad-family", "backups = Backup\nunits = furlongs\n[phone x]\ncolour = red\n")
        let badRun = try await BuiltTool.run(["report", "--family", bad, "--format", "md"], in: setup.folder)
        #expect(badRun.status == 65)
        #expect(badRun.stderr.contains("\(bad):4: colour: unknown key"), "\(badRun.stderr)")
        // A family file naming password files that others can read is refused.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: family)
        let open = try await BuiltTool.run(["report", "--family", family, "--format", "md"], in: setup.folder)
        #expect(open.status == 77)
        #expect(open.stderr.contains("\(family):7: password-file: the file names password files but others can read it"), "\(open.stderr)")
    }

    @Test func eachFindingNamesItsPhone() async throws {
        // A diaper the day before the birth: a finding of Mom's phone, counted nowhere.
        let early = LogRecord.diaper(DiaperLog(id: Self.id(0x301), type: .wet, time: Self.at(1, 6).addingTimeInterval(-86_400), baby: .baby(id: Self.momNora.id),
                                               rowID: 9))
        let setup = try Setup(extraMomLogs: [early])
        let report = try await BuiltTool.run(
            ["report", setup.backups, "--all-devices", "--password-file", setup.passwordFile, "--format", "md"] + Self.settings,
            in: setup.folder)
        #expect(report.status == 0, "\(report.stderr)")
        let line = report.output.split(separator: "\n").first { $0.contains(Self.id(0x301).uuidString) }
        #expect(line?.contains("before the birthday") == true && line?.contains("(on \(Self.mom))") == true, "\(line ?? "")")
    }

    // MARK: docs/two-phones.md, as written

    /// A home holding the two phones' backups where the recipes look for them (Finder's folder and `~/Backup`) and
    /// the password files of `~/.config/parpair`.
    static func recipeHome(_ setup: Setup) throws -> String {
        let home = setup.folder.file("home")
        let manager = FileManager.default
        try manager.createDirectory(atPath: home + "/Library/Application Support/MobileSync", withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: home + "/Library/Application Support/MobileSync/Backup", withDestinationPath: setup.backups)
        try manager.createSymbolicLink(atPath: home + "/Backup", withDestinationPath: setup.backups)
        try manager.createDirectory(atPath: home + "/.config/parpair", withIntermediateDirectories: true)
        try manager.copyItem(atPath: setup.passwordFile, toPath: home + "/.config/parpair/mom.pw")
        try Data("Dad's backup is not encrypted: this file is never read\n".utf8).write(to: URL(fileURLWithPath: home + "/.config/parpair/dad.pw"))
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: home + "/.config/parpair/dad.pw")
        return home
    }

    /// A recipe's line with the zone and the day the fixture's logs need put after the command's name.
    static func pinned(_ line: String, today: String) -> String {
        guard let command = ["report", "digest", "export"].first(where: { line.hasPrefix("parpair-report \($0) ") }) else { return line }
        return "parpair-report \(command) --tz UTC --today \(today) " + line.dropFirst("parpair-report \(command) ".count)
    }

    @Test func theTwoPhonesRecipeRunsAsWritten() async throws {
        let setup = try Setup()
        let home = try Self.recipeHome(setup)
        let lines = try RecipeTests.commands("two phones").filter { !$0.hasPrefix("#") }
        #expect(lines.count == 3)
        var outputs: [ToolRun] = []
        for line in lines {
            let run = try await RecipeTests.bash(Self.pinned(line, today: "2026-10-20"), in: setup.folder, directory: home, home: home)
            #expect(run.status == 0, "\(line): \(run.stderr)")
            outputs.append(run)
        }
        #expect(RecipeTests.isPDF(home + "/family.pdf"))
        #expect(try Self.files(home + "/digests").keys.sorted()
            == ["nora-a1a1a1a1/week-001.csv", "nora-a1a1a1a1/week-001.html", "nora-a1a1a1a1/week-001.md"])
        let events = outputs.last?.output.split(separator: "\r\n") ?? []
        #expect(events.first?.hasSuffix(",phone,copy_of") == true, "\(events.first ?? "")")
        // 12 logs on the two phones, 4 of them logged on both: a row for each log with its phone, the 4 copies (Dad's, the
        // later of each pair) naming the log that counts, so nothing is dropped unsaid.
        #expect(events.count - 1 == 12, "\(events.count - 1) rows")
        #expect(events.filter { $0.hasSuffix(",\(Self.mom),") }.count == 5)
        #expect(events.filter { $0.contains(",\(Self.dad),") && !$0.hasSuffix(",") }.count == 4)
        #expect(outputs.last?.stderr == "")
    }

    @Test func theFamilyFileRecipeDrivesTheRunsAlone() async throws {
        let setup = try Setup()
        let home = try Self.recipeHome(setup)
        let settings = try RecipeTests.block("family settings")
        for path in [home + "/.config/parpair/family", home + "/family"] {
            try Data(settings.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        }
        let lines = try RecipeTests.commands("family commands")
        #expect(lines.count == 2)
        for line in lines {
            let run = try await RecipeTests.bash(Self.pinned(line, today: "2026-11-20"), in: setup.folder, directory: home, home: home)
            #expect(run.status == 0, "\(line): \(run.stderr)")
            #expect(!run.stderr.contains("matched across phones"), "a note of the report's, not a line on stderr: \(run.stderr)")
        }
        // Born 2026-10-01, Nora is on day 50 on 2026-11-20: week 6 (days 42-48) is the latest complete one.
        #expect(try Self.files(home + "/digests").keys.sorted()
            == ["nora-a1a1a1a1/week-006.csv", "nora-a1a1a1a1/week-006.html", "nora-a1a1a1a1/week-006.md"])
        #expect(RecipeTests.isPDF(home + "/visit.pdf"))
    }
}
