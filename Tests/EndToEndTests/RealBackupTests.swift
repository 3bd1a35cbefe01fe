import Foundation
import Testing

/// Backups shaped as iPhones really write them (shared/reference/ios-backup-format.md §4–5, checked against the
/// public iOS 14 backup in mvt-project/mvt): empty files with keys, partial backups, Manifest.db in WAL mode,
/// Finder's archives, the phone's zone and language, and what is not a backup at all.
@Suite struct RealBackupTests {
    static let store = BackupFixture.storePath
    static let weekly = ["export", "--table", "weekly", "--today", "2026-11-20"]

    /// The sample store checkpointed (its -wal's rows moved into the database), as iOS backs up a store the app
    /// checkpointed: `default.store` and a 0-byte `default.store-wal`. Made by Python's sqlite3, not by us.
    static func checkpointedStore(in folder: WorkFolder) throws -> String {
        let copy = try folder.copySample(into: "checkpointed")
        let out = folder.file("checkpointed.store")
        _ = try BackupFixture.python(["-c", """
            import shutil, sqlite3, sys
            con = sqlite3.connect(sys.argv[1])
            con.execute('PRAGMA wal_checkpoint(TRUNCATE)')
            shutil.copyfile(sys.argv[1], sys.argv[2])
            con.close()
            """, copy + "/default.store", out])
        return out
    }

    /// The store's own weekly CSV, read directly (read in another zone than the family's, it may warn of that).
    static func direct(_ arguments: [String], in folder: WorkFolder) async throws -> ToolRun {
        let run = try await BuiltTool.run([arguments[0], PackageFiles.sampleStore] + arguments.dropFirst(), in: folder)
        #expect(run.status == 0, "\(run)")
        return run
    }

    /// The sample's family lives in New York: read in Berlin, its sleep centres 6 h off the night, and the tool says so.
    static let berlinSleepWarning = "the logs look like they were made about 6 hours west of Europe/Berlin; check --tz (or TZ)\n"

    /// An encrypted backup of a checkpointed store with its 0-byte `-wal` keyed (as all 24 empty records of the
    /// real backup are), then the same with that `-wal`'s data file missing, then a plain one whose Manifest.db is
    /// in WAL mode with its rows in a `-wal` beside it: the store's own weekly CSV, byte for byte, each time.
    @Test func checkpointedStoresReadAsTheStoreItself() async throws {
        let folder = try WorkFolder()
        let checkpointed = try Self.checkpointedStore(in: folder)
        let expected = try await Self.direct(Self.weekly + ["--tz", "America/New_York"], in: folder)
        let environment = ["PARPAIR_BACKUP_PASSWORD": BackupFixture.password]
        // A partial backup's -wal: its record says 4,152 bytes (a checkpointed WAL keeps its old frames), its data never came.
        func files(walData: Bool) -> [[String: Any]] {
            [["relativePath": Self.store, "source": checkpointed],
             walData ? ["relativePath": Self.store + "-wal", "text": ""]
                : ["relativePath": Self.store + "-wal", "text": "", "size": 4152, "omitData": true]]
        }

        let keyed = try BackupFixture.make(["files": files(walData: true), "encrypted": true, "password": BackupFixture.password,
                                            "manifestWAL": true], out: folder.file("keyed"))
        let header = try BackupFixture.python(["-c", "import sys; d=open(sys.argv[1],'rb').read(); print(len(d))",
                                               keyed + "/" + Self.dataPath(BackupFixture.groupDomain, Self.store + "-wal")])
        #expect(header == "0\n", "the -wal's data file is 0 bytes, not one padding block")
        let fromKeyed = try await BuiltTool.run([Self.weekly[0], keyed] + Self.weekly.dropFirst() + ["--tz", "America/New_York"],
                                                in: folder, environment: environment)
        fromKeyed.expectSuccess()
        #expect(fromKeyed.stdout == expected.stdout)

        let partial = try BackupFixture.make(["files": files(walData: false), "encrypted": true, "password": BackupFixture.password],
                                             out: folder.file("partial"))
        let fromPartial = try await BuiltTool.run([Self.weekly[0], partial] + Self.weekly.dropFirst() + ["--tz", "America/New_York"],
                                                  in: folder, environment: environment)
        #expect(fromPartial.status == 0)
        #expect(fromPartial.stdout == expected.stdout)
        let warnings = fromPartial.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "one warning: \(fromPartial.stderr)")
        #expect(warnings.first?.hasPrefix("parpair-report: warning: ") == true)
        #expect(fromPartial.stderr.contains("default.store-wal") && fromPartial.stderr.contains("data file is missing")
            && fromPartial.stderr.contains("last logs written before the backup may be missing"))

        // The sample store with its own -wal, in a plain backup whose Manifest.db keeps its rows in Manifest.db-wal.
        let walManifest = try BackupFixture.make(["files": BackupFixture.sampleFiles(decoy: try BackupFixture.decoyStore(in: folder)),
                                                  "manifestWAL": "withFile"], out: folder.file("walmanifest"))
        let manifestHeader = try BackupFixture.python(["-c", "import sys; d=open(sys.argv[1],'rb').read(); print(d[18], d[19])",
                                                       walManifest + "/Manifest.db"])
        #expect(manifestHeader == "2 2\n", "Manifest.db is in WAL mode")
        #expect(FileManager.default.fileExists(atPath: walManifest + "/Manifest.db-wal"))
        let before = try BackupFixture.contents(of: walManifest)
        let fromWAL = try await BuiltTool.run([Self.weekly[0], walManifest] + Self.weekly.dropFirst() + ["--tz", "America/New_York"],
                                              in: folder)
        fromWAL.expectSuccess()
        #expect(fromWAL.stdout == expected.stdout)
        #expect(try BackupFixture.contents(of: walManifest) == before, "nothing written beside Manifest.db")
    }

    static func dataPath(_ domain: String, _ relativePath: String) -> String {
        let id = Insecure.sha1Hex(domain + "-" + relativePath)
        return String(id.prefix(2)) + "/" + id
    }

    /// Finder's "Archive" beside the backup it updates: the newest is read, with one line naming the older one;
    /// `--device` takes the UDID, the name or a folder's name; the archive's folder read directly is the archive.
    @Test func finderArchivesBesideTheCurrentBackup() async throws {
        let folder = try WorkFolder()
        let udid = "00008030-001A2B3C4D5E802E"
        let decoy = try BackupFixture.decoyStore(in: folder)
        try BackupFixture.make(["files": BackupFixture.sampleFiles(decoy: decoy)], out: folder.file("Backup/\(udid)"))
        // The archive is older and lacks the -wal's 56 logs, so which one was read shows in the log count.
        try BackupFixture.make(["files": [["relativePath": Self.store, "source": PackageFiles.sampleStore]], "date": "2026-11-01T06:30:00Z"],
                               out: folder.file("Backup/\(udid)-20261101-073000"))
        func logs(_ run: ToolRun) throws -> Int? {
            (try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])?["totalLogs"] as? Int
        }
        let newest = try await BuiltTool.run(["info", folder.file("Backup"), "--json"], in: folder)
        #expect(newest.status == 0, "\(newest)")
        #expect(try logs(newest) == 5046)
        #expect(newest.stderr == "parpair-report: reading the newest backup of Ana's iPhone (2026-11-20 06:30 UTC, folder \(udid)); "
            + "also 1 older backup of Ana's iPhone, 2026-11-01; pass a backup's folder to read it\n")
        for device in [udid, "Ana's iPhone"] {
            let run = try await BuiltTool.run(["info", folder.file("Backup"), "--json", "--device", device], in: folder)
            #expect(run.status == 0, "\(run)")
            #expect(try logs(run) == 5046)
        }
        let byFolder = try await BuiltTool.run(["info", folder.file("Backup"), "--json", "--device", "\(udid)-20261101-073000"], in: folder)
        byFolder.expectSuccess()
        #expect(try logs(byFolder) == 4990)
        let archive = try await BuiltTool.run(["info", folder.file("Backup/\(udid)-20261101-073000"), "--json"], in: folder)
        archive.expectSuccess()
        #expect(try logs(archive) == 4990)

        // On New York's clock (Python's zoneinfo: 06:30 UTC on 1 November 2026 is half an hour after summer time ended).
        let stores = try await BuiltTool.run(["stores", folder.file("Backup")], in: folder, environment: ["TZ": "America/New_York"])
        stores.expectSuccess()
        #expect(stores.output.contains("    archived backup of Ana's iPhone (UDID \(udid)), 2026-11-01 01:30 EST, not encrypted"))
        #expect(stores.output.contains("    backup of Ana's iPhone (UDID \(udid)), 2026-11-20 01:30 EST, not encrypted"))
    }

    /// The zone link and the language a phone set to Berlin and German leaves in its backup.
    static func berlinPhone(zoneLink: Bool = true) -> [[String: Any]] {
        var files: [[String: Any]] = [
            ["domain": "HomeDomain", "relativePath": "Library/Preferences/.GlobalPreferences.plist",
             "plist": ["AppleLanguages": ["de-DE", "en-US"], "AppleLocale": "de_DE"]],
        ]
        if zoneLink {
            files.append(["domain": "DatabaseDomain", "relativePath": "timezone/localtime",
                          "symlinkTarget": "/var/db/timezone/zoneinfo/Europe/Berlin"])
        } else {
            files.append(["domain": "HomeDomain", "relativePath": "Library/Preferences/com.apple.AppStore.plist",
                          "plist": ["lastBootstrapTimeZone": "Europe/Berlin"]])
        }
        return files
    }

    /// With no --tz, --lang, TZ, LANG or LC_* (BuiltTool leaves them out), a Berlin phone's backup counts days in
    /// Berlin and speaks German; --tz still wins, with one warning that it is not the phone's offset. (The sample's
    /// logs were made in New York, so counted in Berlin they also get the sleep-centre warning: one line.)
    @Test func thePhonesZoneAndLanguageAreTheDefaults() async throws {
        let folder = try WorkFolder()
        let files = BackupFixture.sampleFiles(decoy: try BackupFixture.decoyStore(in: folder)) + Self.berlinPhone()
        let backup = try BackupFixture.make(["files": files, "encrypted": true, "password": BackupFixture.password], out: folder.file("b"))
        let environment = ["PARPAIR_BACKUP_PASSWORD": BackupFixture.password]
        let berlin = try await Self.direct(Self.weekly + ["--tz", "Europe/Berlin"], in: folder)
        let newYork = try await Self.direct(Self.weekly + ["--tz", "America/New_York"], in: folder)
        #expect(berlin.stdout != newYork.stdout, "the zone changes the figures of this store")

        let phone = try await BuiltTool.run([Self.weekly[0], backup] + Self.weekly.dropFirst(), in: folder, environment: environment)
        #expect(phone.status == 0)
        #expect(phone.stderr.split(separator: "\n").count == 1 && phone.stderr.hasSuffix(Self.berlinSleepWarning), "\(phone.stderr)")
        #expect(phone.stdout == berlin.stdout)
        let report = try await BuiltTool.run(["report", backup, "--format", "md", "--today", "2026-11-20"], in: folder, environment: environment)
        #expect(report.status == 0)
        #expect(report.stderr.hasSuffix(Self.berlinSleepWarning))
        #expect(report.output.contains("Zeitzone Europe/Berlin, aus den Einstellungen des Telefons"), "\(report.output.prefix(600))")

        let given = try await BuiltTool.run([Self.weekly[0], backup] + Self.weekly.dropFirst() + ["--tz", "America/New_York"],
                                            in: folder, environment: environment)
        #expect(given.status == 0)
        #expect(given.stdout == newYork.stdout)
        #expect(given.stderr == "parpair-report: warning: the time zone America/New_York is UTC−5 at the time of the backup, but the "
            + "phone was set to Europe/Berlin (UTC+1); days are counted in America/New_York as asked; leave out --tz and TZ to "
            + "count them in the phone's zone\n")
        let english = try await BuiltTool.run(["report", backup, "--format", "md", "--today", "2026-11-20"], in: folder,
                                              environment: environment.merging(["LANG": "en_US.UTF-8"]) { $1 })
        #expect(english.output.contains("time zone Europe/Berlin, from the phone's settings"), "LANG chooses the language, the phone the zone")
    }

    /// Without the zone link (older iOS, or a backup that lacks it), the App Store's last zone is the fallback.
    @Test func theAppStoreZoneIsTheFallback() async throws {
        let folder = try WorkFolder()
        let files = [["relativePath": Self.store, "source": PackageFiles.sampleStore] as [String: Any]] + Self.berlinPhone(zoneLink: false)
        let backup = try BackupFixture.make(["files": files], out: folder.file("b"))
        let info = try await BuiltTool.run(["info", backup, "--today", "2026-11-20"], in: folder)
        info.expectSuccess()
        #expect(info.output.contains("Time zone:  Europe/Berlin (from the phone's settings), ages on 2026-11-20"))
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var spec: [String: String]
        var encrypted = false
        var status: Int32
        var fragments: [String]
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "no Status.plist", spec: ["statusPlist": "false"], status: 75, fragments: ["not a finished backup", "no Status.plist"]),
        Refusal(name: "an empty Status.plist", spec: ["statusPlist": "empty"], status: 65, fragments: ["Status.plist is empty"]),
        Refusal(name: "a Status.plist cut short", spec: ["statusPlist": "truncated"], status: 65, fragments: ["Status.plist", "finished backup"]),
        Refusal(name: "a Status.plist of garbage", spec: ["statusPlist": "garbage"], status: 65, fragments: ["Status.plist", "finished backup"]),
        Refusal(name: "a Status.plist that is a link", spec: ["statusPlist": "symlink"], status: 65, fragments: ["Status.plist", "symbolic link"]),
        Refusal(name: "a Status.plist without SnapshotState", spec: ["statusPlist": "noState"], status: 65, fragments: ["no SnapshotState"]),
        Refusal(name: "iOS 9's Manifest.mbdb", spec: ["mbdb": "true", "productVersion": "9.3.5"], status: 65,
                fragments: ["Manifest.mbdb", "iOS 9 or older (iOS 9.3.5)", "ParPair needs iOS 17"]),
        Refusal(name: "iOS 10.1's encryption", spec: ["omitManifestKey": "true", "productVersion": "10.1"], encrypted: true, status: 65,
                fragments: ["without a ManifestKey", "older than 10.2 (iOS 10.1)", "ParPair needs iOS 17"]),
        Refusal(name: "the store's data file missing", spec: ["omitStoreData": "true"], status: 66,
                fragments: ["default.store", "data file is missing", "partial backup"]),
        Refusal(name: "the store a link record", spec: ["storeLink": "true"], status: 66, fragments: ["no ParPair store in this backup"]),
    ]

    @Test(arguments: refusals)
    func whatABackupIsNot(_ refusal: Refusal) async throws {
        let folder = try WorkFolder()
        var spec: [String: Any] = [:]
        var store: [String: Any] = ["relativePath": Self.store, "source": PackageFiles.sampleStore]
        for (key, value) in refusal.spec {
            if key == "omitStoreData" { store["omitData"] = true; continue }
            // A link record (flags 4) whose Target points at the store elsewhere: never restored as a file.
            if key == "storeLink" { store = ["relativePath": Self.store, "symlinkTarget": PackageFiles.sampleStore]; continue }
            spec[key] = value == "true" ? true as Any : value == "false" ? false as Any : value as Any
        }
        spec["files"] = [store]
        if refusal.encrypted { spec.merge(["encrypted": true, "password": BackupFixture.password]) { $1 } }
        let backup = try BackupFixture.make(spec, out: folder.file("b"))
        try FileManager.default.createDirectory(atPath: folder.file("tmp"), withIntermediateDirectories: true)
        let run = try await BuiltTool.run(["report", backup, "--format", "csv"], in: folder,
                                          environment: ["PARPAIR_BACKUP_PASSWORD": BackupFixture.password, "TMPDIR": folder.file("tmp")])
        run.expectFailure(refusal.status, mentioning: refusal.fragments)
        #expect(try folder.listing("tmp").isEmpty)
    }

    /// `--password-file` must be a non-empty regular file: a folder, a FIFO with no writer, a device or an empty
    /// file is exit 66 saying which, never "wrong password" and never a hang; one others may read is used, with a warning.
    @Test func passwordFilesThatAreNotPasswords() async throws {
        let folder = try WorkFolder()
        let backup = try BackupFixture.make(["files": [["relativePath": Self.store, "source": PackageFiles.sampleStore]],
                                             "encrypted": true, "password": BackupFixture.password], out: folder.file("b"))
        try FileManager.default.createDirectory(atPath: folder.file("folder"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
        try folder.write("empty", "")
        try folder.write("blank", "\nsecret\n")
        for (file, fragment) in [(folder.file("folder"), "it is a folder"), (folder.file("fifo"), "it is a FIFO"),
                                 ("/dev/null", "it is a device"), (folder.file("empty"), "it is empty"),
                                 (folder.file("blank"), "its first line is empty"), (folder.file("absent"), "no such file")] {
            let run = try await BuiltTool.run(["info", backup, "--password-file", file], in: folder)
            run.expectFailure(66, mentioning: ["--password-file \(file): \(fragment)"])
        }
        let shared = try folder.write("shared", BackupFixture.password + "\n")
        #expect(chmod(shared, 0o644) == 0)
        let run = try await BuiltTool.run(["info", backup, "--password-file", shared], in: folder)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "parpair-report: warning: --password-file \(shared) can be read by other users (mode 644); "
            + "make it private with chmod 600 '\(shared)'\n")
        #expect(chmod(shared, 0o600) == 0)
        let quiet = try await BuiltTool.run(["info", backup, "--password-file", shared], in: folder)
        quiet.expectSuccess()
    }
}

/// SHA-1 in hex through Python's hashlib, for the fileIDs fixtures are stored under (nothing of ours).
enum Insecure {
    static func sha1Hex(_ text: String) -> String {
        (try? BackupFixture.python(["-c", "import hashlib,sys; print(hashlib.sha1(sys.argv[1].encode()).hexdigest())", text]))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }
}

/// A backup whose keybag holds a real phone's class-1 entry (password `75966`, 10,000,000 SHA-256 rounds): it opens
/// with the double PBKDF2 at the real counts, shows its progress on a terminal only, and keeps core dumps off while
/// the password is held. The independent decryptor opens it too.
@Suite struct RealKeybagTests {
    @Test func aRealKeybagUnlocks() async throws {
        let folder = try WorkFolder()
        let backup = try BackupFixture.make(["files": BackupFixture.sampleFiles(decoy: try BackupFixture.decoyStore(in: folder)),
                                             "encrypted": true, "password": "75966", "realKeybag": "75966"], out: folder.file("b"))
        let arguments = ["export", backup, "--table", "weekly"] + PackageFiles.sampleSettings
        let direct = try await BuiltTool.run(["export", PackageFiles.sampleStore, "--table", "weekly"] + PackageFiles.sampleSettings, in: folder)
        let limits = Limits()
        let run = try await BuiltTool.run(arguments, in: folder, environment: ["PARPAIR_BACKUP_PASSWORD": "75966"]) { pid in
            limits.read(pid)
        }
        run.expectSuccess()
        #expect(run.stdout == direct.stdout)
        #expect(limits.sawNoCoreDumps, "while it ran, /proc/PID/limits said 'Max core file size 0 0'")

        // On a terminal (script(1) gives it one), one line while the key is derived, erased when done.
        let password = try folder.write("password", "75966\n")
        #expect(chmod(password, 0o600) == 0)
        let command = ([try BuiltTool.executable.get()] + arguments + ["--password-file", password, "--output", folder.file("w.csv")])
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let terminal = try await BuiltTool.run(["-qec", command, "/dev/null"], in: folder, executable: "/usr/bin/script")
        #expect(terminal.status == 0, "\(terminal)")
        let shown = terminal.output
        #expect(shown.contains("\rUnlocking the backup of Ana's iPhone (10,000,000 rounds, about "), "\(shown.debugDescription)")
        #expect(shown.contains(" s)…\r\u{1B}[K"), "\(shown.debugDescription)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("w.csv"))) == direct.stdout)

        let lines = try BackupFixture.python([BackupFixture.scripts.appendingPathComponent("verify_backup.py").path, backup, "-",
                                              BackupFixture.groupDomain, BackupFixture.storePath], input: Array("75966\n".utf8))
        let size = try FileManager.default.attributesOfItem(atPath: PackageFiles.sampleStore)[.size] as? Int
        #expect(lines.split(separator: " ").dropFirst().first.map(String.init) == size.map(String.init))
    }

    /// What `/proc/PID/limits` said while the tool ran.
    final class Limits: @unchecked Sendable {
        private let lock = NSLock()
        private var seen = false
        var sawNoCoreDumps: Bool { lock.withLock { seen } }

        func read(_ pid: Int32) {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8) else { return }
            let line = text.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
            let fields = line?.split(separator: " ", omittingEmptySubsequences: true) ?? []
            if fields.count >= 6, fields[4] == "0", fields[5] == "0" { lock.withLock { seen = true } }
        }
    }
}
