import Foundation
import Testing

/// Reading the store from an iOS device backup, plain and encrypted, as Finder and idevicebackup2 make them.
@Suite struct BackupTests {
    enum Kind: String, CaseIterable, Sendable {
        case plain, encrypted
    }

    /// A backup of the sample store with a decoy app beside it, and a private TMPDIR for the tool.
    struct Setup {
        let folder: WorkFolder
        let backup: String
        let scratch: String
        var environment: [String: String] { ["TMPDIR": scratch, "PARPAIR_BACKUP_PASSWORD": BackupFixture.password] }

        init(_ kind: Kind, extra: [String: Any] = [:]) throws {
            folder = try WorkFolder()
            var spec: [String: Any] = ["files": BackupFixture.sampleFiles(decoy: try BackupFixture.decoyStore(in: folder))]
            if kind == .encrypted { spec.merge(["encrypted": true, "password": BackupFixture.password]) { _, new in new } }
            spec.merge(extra) { _, new in new }
            backup = try BackupFixture.make(spec, out: folder.file("Backup/00008030-001A2B3C4D5E802E"))
            scratch = folder.file("tmp")
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        }
    }

    static let outputs: [[String]] = [
        ["export", "--table", "weekly"], ["export", "--table", "daily"], ["export", "--table", "events"],
        ["report", "--format", "csv"], ["report", "--format", "md"], ["report", "--format", "html"],
    ]

    /// The same bytes as from the store itself (WAL rows included), the backup left byte for byte
    /// as it was, nothing left in TMPDIR; the Markdown differs only in the line naming the backup.
    @Test(arguments: Kind.allCases)
    func readsAsTheStoreItself(_ kind: Kind) async throws {
        let setup = try Setup(kind)
        let before = try BackupFixture.contents(of: setup.backup)
        for command in Self.outputs {
            let direct = try await BuiltTool.run([command[0], PackageFiles.sampleStore] + command.dropFirst() + PackageFiles.sampleSettings,
                                                 in: setup.folder)
            // The folder above the device backups, as MobileSync/Backup is.
            let fromBackup = try await BuiltTool.run([command[0], setup.folder.file("Backup")] + command.dropFirst() + PackageFiles.sampleSettings,
                                                     in: setup.folder, environment: setup.environment)
            fromBackup.expectSuccess()
            if command.last == "md" || command.last == "html" {
                // The small print names the backup; everything else is the same.
                let apostrophe = command.last == "html" ? "&#39;" : "'"
                let source = "in the backup of Ana\(apostrophe)s iPhone made 2026-11-20 01:30 EST\(kind == .encrypted ? " (encrypted)" : ""), app group group.org.parpair.shared"
                let expected = direct.output.replacingOccurrences(of: "from default.store.", with: "from default.store \(source).")
                #expect(expected != direct.output)
                #expect(fromBackup.output == expected)
            } else {
                #expect(fromBackup.stdout == direct.stdout, "\(command)")
            }
        }
        let redacted = try await BuiltTool.run(["report", setup.backup, "--format", "md", "--redact"] + PackageFiles.sampleSettings,
                                               in: setup.folder, environment: setup.environment)
        redacted.expectSuccess()
        #expect(redacted.output.contains("from default.store in the device backup made 2026-11-20 01:30 EST"))
        #expect(!redacted.output.contains("Ana"), "with --redact the device is not named")
        let info = try await BuiltTool.run(["info", setup.backup, "--json"] + PackageFiles.sampleSettings, in: setup.folder, environment: setup.environment)
        info.expectSuccess()
        let object = try JSONSerialization.jsonObject(with: info.stdout) as? [String: Any]
        let source = object?["source"] as? [String: Any]
        #expect(source?["deviceName"] as? String == "Ana's iPhone")
        #expect(source?["udid"] as? String == "00008030-001A2B3C4D5E802E")
        #expect(source?["encrypted"] as? Bool == (kind == .encrypted))
        #expect(source?["domain"] as? String == BackupFixture.groupDomain)
        #expect(object?["totalLogs"] as? Int == 5046, "the 56 logs only in the -wal count too")
        #expect(try BackupFixture.contents(of: setup.backup) == before, "the backup is never changed")
        #expect(try setup.folder.listing("tmp").isEmpty, "no snapshot or decrypted data left in TMPDIR")
    }

    /// The encrypted fixture is a real backup: the independent `iphone-backup-decrypt` opens it and
    /// extracts the store's bytes.
    @Test func independentDecryptorReadsTheFixture() throws {
        let setup = try Setup(.encrypted)
        let lines = try BackupFixture.python(
            [BackupFixture.scripts.appendingPathComponent("verify_backup.py").path, setup.backup, "-",
             BackupFixture.groupDomain, BackupFixture.storePath, BackupFixture.storePath + "-wal"],
            input: Array((BackupFixture.password + "\n").utf8))
        let sizes = lines.split(separator: "\n").map { $0.split(separator: " ")[1] }
        let expected = try [PackageFiles.sampleStore, PackageFiles.sampleStore + "-wal"].map {
            String((try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? -1)
        }
        #expect(sizes.map(String.init) == expected)
        let hashes = lines.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        let ours = try BackupFixture.python(["-c", "import hashlib,sys; [print(hashlib.sha256(open(p,'rb').read()).hexdigest()) for p in sys.argv[1:]]",
                                             PackageFiles.sampleStore, PackageFiles.sampleStore + "-wal"])
        #expect(hashes == ours.split(separator: "\n").map(String.init))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var kind: Kind
        var spec: [String: String]
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var status: Int32
        var fragments: [String]
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "wrong password", kind: .encrypted, spec: [:], environment: ["PARPAIR_BACKUP_PASSWORD": "tr0ub4dor"],
                status: 77, fragments: ["wrong password for the encrypted backup of Ana's iPhone", "--password-file"]),
        Failure(name: "no password, not a terminal", kind: .encrypted, spec: [:], environment: ["PARPAIR_BACKUP_PASSWORD": ""],
                status: 77, fragments: ["is encrypted; give its password with --password-file FILE or the PARPAIR_BACKUP_PASSWORD"]),
        Failure(name: "backup still being written", kind: .plain, spec: ["snapshotState": "uploading"],
                status: 75, fragments: ["still being written", "'uploading'"]),
        Failure(name: "an app that is not there", kind: .plain, spec: [:], arguments: ["--app", "org.example.other"],
                status: 66, fragments: ["no ParPair store of app 'org.example.other'"]),
        Failure(name: "a truncated Manifest.db", kind: .plain, spec: ["manifestDB": "truncated"], status: 65, fragments: ["Manifest.db"]),
        Failure(name: "an encrypted Manifest.db cut short", kind: .encrypted, spec: ["manifestDB": "truncated"], status: 65,
                fragments: ["damaged backup"]),
        Failure(name: "Manifest.plist not a plist", kind: .plain, spec: ["manifestPlist": "garbage"], status: 65,
                fragments: ["Manifest.plist", "not a property list"]),
        Failure(name: "a garbage keybag", kind: .encrypted, spec: ["keybag": "garbage"], status: 65, fragments: ["keybag"]),
        Failure(name: "a keybag cut in half", kind: .encrypted, spec: ["keybag": "truncated"], status: 65, fragments: ["keybag"]),
        Failure(name: "a keybag without class keys", kind: .encrypted, spec: ["keybag": "noClassKeys"], status: 65, fragments: ["class keys"]),
    ]

    /// `--password-file` is opened without blocking and named for what it is: a FIFO with no writer would hang the run.
    @Test func aPasswordFileThatIsNoneIsNamedForWhatItIs() async throws {
        let setup = try Setup(.encrypted)
        let fifo = setup.folder.file("pw.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let folder = setup.folder.file("pw.d")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cases = [
            (fifo, "it is a FIFO (named pipe), not a regular file"), (folder, "it is a folder, not a file"),
            (try setup.folder.write("pw.empty", ""), "it is empty"), (try setup.folder.write("pw.blank", "\nsecond line\n"), "its first line is empty"),
            (setup.folder.file("nowhere"), "no such file"), ("/dev/null", "it is a device, not a regular file"),
        ]
        for (file, reason) in cases {
            let run = try await BuiltTool.run(["info", setup.backup, "--password-file", file], in: setup.folder,
                                              environment: ["TMPDIR": setup.scratch, "PARPAIR_BACKUP_PASSWORD": ""])
            run.expectFailure(66, mentioning: ["--password-file \(file): \(reason); give a file holding the backup password"])
        }
        #expect(try setup.folder.listing("tmp").isEmpty)
    }

    @Test(arguments: failures)
    func oneLineAndItsExitCode(_ failure: Failure) async throws {
        let setup = try Setup(failure.kind, extra: failure.spec)
        let before = try BackupFixture.contents(of: setup.backup)
        let run = try await BuiltTool.run(["info", setup.backup] + failure.arguments, in: setup.folder,
                                          environment: setup.environment.merging(failure.environment) { _, new in new })
        run.expectFailure(failure.status, mentioning: failure.fragments)
        #expect(try BackupFixture.contents(of: setup.backup) == before)
        #expect(try setup.folder.listing("tmp").isEmpty)
    }

    /// Hostile file records and data files: one error line (65), never a crash, a hang or a read outside the backup.
    @Test(arguments: [
        (["fileID": "../../../../etc/passwd"], "not 40 hex digits"),
        (["record": "huge"], "more than"),
        (["record": "deep"], "nested more than"),
        (["record": "garbage"], "file record"),
        (["truncateData": "1000"], "truncated"),
    ] as [([String: String], String)], Kind.allCases)
    func hostileRecord(_ damage: ([String: String], String), kind: Kind) async throws {
        let (change, fragment) = damage
        let folder = try WorkFolder()
        var store: [String: Any] = ["domain": BackupFixture.groupDomain, "relativePath": BackupFixture.storePath, "source": PackageFiles.sampleStore]
        for (key, value) in change { store[key] = value == "true" ? true : (Int(value).map { $0 as Any } ?? value) }
        var spec: [String: Any] = ["files": [store]]
        if kind == .encrypted { spec.merge(["encrypted": true, "password": BackupFixture.password]) { _, new in new } }
        let backup = try BackupFixture.make(spec, out: folder.file("backup"))
        let before = try BackupFixture.contents(of: backup)
        let run = try await BuiltTool.run(["report", backup, "--format", "csv"], in: folder,
                                          environment: ["PARPAIR_BACKUP_PASSWORD": BackupFixture.password])
        run.expectFailure(65, mentioning: [fragment])
        #expect(try BackupFixture.contents(of: backup) == before)
    }

    /// A folder of several device backups needs --device; a backup with ParPair's store in the app and
    /// in its app group needs --app; each error lists the choices on its one line.
    @Test func devicesAndAppsArePickedByName() async throws {
        let folder = try WorkFolder()
        let decoy = try BackupFixture.decoyStore(in: folder)
        try BackupFixture.make(["files": BackupFixture.sampleFiles(decoy: decoy)], out: folder.file("Backup/AAA1"))
        var twoApps = BackupFixture.sampleFiles(decoy: decoy)
        twoApps += BackupFixture.sampleFiles(domain: BackupFixture.appDomain, decoy: decoy).prefix(2)
        try BackupFixture.make(["files": twoApps, "udid": "BBB2", "deviceName": "Max's iPad", "encrypted": true,
                                "password": BackupFixture.password], out: folder.file("Backup/BBB2"))
        let backups = folder.file("Backup")
        let environment = ["PARPAIR_BACKUP_PASSWORD": BackupFixture.password]

        let several = try await BuiltTool.run(["info", backups], in: folder)
        several.expectFailure(64, mentioning: ["holds backups of 2 devices; when they log the same babies, read them as one family with "
                                               + "--all-devices, else pick one with --device NAME|UDID",
                                               "Ana's iPhone, UDID 00008030-001A2B3C4D5E802E, backed up 2026-11-20 06:30 UTC, not encrypted",
                                               "Max's iPad, UDID BBB2, backed up 2026-11-20 06:30 UTC, encrypted"])
        let unknown = try await BuiltTool.run(["info", backups, "--device", "Pixel"], in: folder)
        unknown.expectFailure(64, mentioning: ["no backup of a device named or with UDID 'Pixel'"])
        let byName = try await BuiltTool.run(["info", backups, "--device", "ana's iphone"], in: folder)
        byName.expectSuccess()
        #expect(byName.output.contains("Source:     backup of Ana's iPhone"))

        let apps = try await BuiltTool.run(["info", backups, "--device", "BBB2"], in: folder, environment: environment)
        apps.expectFailure(64, mentioning: ["holds 2 ParPair stores; pick one with --app BUNDLE_ID: org.parpair.app, group.org.parpair.shared"])
        let picked = try await BuiltTool.run(["export", backups, "--device", "BBB2", "--app", "org.parpair.app", "--table", "weekly"]
                                             + PackageFiles.sampleSettings, in: folder, environment: environment)
        picked.expectSuccess()
        let direct = try await BuiltTool.run(["export", PackageFiles.sampleStore, "--table", "weekly"] + PackageFiles.sampleSettings, in: folder)
        #expect(picked.stdout == direct.stdout)
    }

    /// The digest reads a backup unattended: the same CSV files as from the store.
    @Test func digestFromAnEncryptedBackup() async throws {
        let setup = try Setup(.encrypted)
        let settings = ["--tz", "America/New_York", "--today", "2026-11-23", "--formats", "csv"]
        let fromBackup = try await BuiltTool.run(["digest", setup.backup, "--out", setup.folder.file("a")] + settings,
                                                 in: setup.folder, environment: setup.environment)
        fromBackup.expectSuccess()
        let direct = try await BuiltTool.run(["digest", PackageFiles.sampleStore, "--out", setup.folder.file("b")] + settings, in: setup.folder)
        direct.expectSuccess()
        let a = try BackupFixture.contents(of: setup.folder.file("a"))
        #expect(!a.isEmpty)
        #expect(a == (try BackupFixture.contents(of: setup.folder.file("b"))))
        #expect(try setup.folder.listing("tmp").isEmpty)
    }

    /// `stores` lists what it finds, with the argument to pass: a plain backup by domain, an encrypted one
    /// without its password, a Mac app container by its bundle id; another app's container is left out.
    @Test func storesListsWhatItFinds() async throws {
        let folder = try WorkFolder()
        let decoy = try BackupFixture.decoyStore(in: folder)
        let plain = try BackupFixture.make(["files": BackupFixture.sampleFiles(decoy: decoy)], out: folder.file("Backup/AAA1"))
        let encrypted = try BackupFixture.make(["files": BackupFixture.sampleFiles(decoy: decoy), "udid": "BBB2", "deviceName": "Max's iPad",
                                                "encrypted": true, "password": BackupFixture.password], out: folder.file("Backup/BBB2"))
        for (name, store, bundle) in [("C0FFEE", PackageFiles.sampleStore, "org.parpair.app"), ("DECAF", decoy, "com.example.notes")] {
            let support = folder.file("Containers/\(name)/Data/Library/Application Support")
            try FileManager.default.createDirectory(atPath: support, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: store, toPath: support + "/default.store")
            _ = try BackupFixture.python(["-c", "import plistlib,sys; plistlib.dump({'MCMMetadataIdentifier': sys.argv[2]}, open(sys.argv[1], 'wb'))",
                                          folder.file("Containers/\(name)/.com.apple.containermanagerd.metadata.plist"), bundle])
        }
        // Backup times on the family's clock (TZ's), 06:30 UTC being 01:30 in New York.
        let run = try await BuiltTool.run(["stores", folder.file("Backup"), folder.file("Containers")], in: folder,
                                          environment: ["TZ": "America/New_York"])
        run.expectSuccess()
        #expect(run.output == """
            \(plain)
                backup of Ana's iPhone (UDID 00008030-001A2B3C4D5E802E), 2026-11-20 01:30 EST, not encrypted, app group group.org.parpair.shared
            \(encrypted) --password-file FILE
                backup of Max's iPad (UDID BBB2), 2026-11-20 01:30 EST, encrypted; its stores are read once its password is given
            '\(folder.file("Containers/C0FFEE/Data/Library/Application Support"))'
                Mac app container of org.parpair.app
            \(folder.file("Backup")) --all-devices
                the 2 phones backed up there as one family (each holds the logs made on it)

            """)
        let json = try await BuiltTool.run(["stores", folder.file("Backup"), "--json"], in: folder)
        let entries = try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]]
        #expect(entries?.map { $0["udid"] as? String } == ["00008030-001A2B3C4D5E802E", "BBB2"])
        #expect(entries?.first?["domain"] as? String == BackupFixture.groupDomain)
    }

    /// Nothing is ever written inside a backup: an output there is refused before the backup is read.
    @Test func noOutputInsideTheBackup() async throws {
        let setup = try Setup(.plain)
        let before = try BackupFixture.contents(of: setup.backup)
        for (command, target) in [(["report", "--output"], setup.backup + "/report.html"),
                                  (["export", "--table", "events", "--output"], setup.backup + "/00/events.csv"),
                                  (["digest", "--out"], setup.backup)] {
            let run = try await BuiltTool.run([command[0], setup.backup] + command.dropFirst() + [target, "--tz", "America/New_York"],
                                              in: setup.folder)
            run.expectFailure(64, mentioning: ["inside the backup it is read from"])
        }
        #expect(try BackupFixture.contents(of: setup.backup) == before)
    }
}
