import Foundation
import Testing

/// What a hostile or odd store, backup or output name must not do (issue 34's low items): a million babies
/// cost 35 s and 3 GB before a message about the template; a line feed in a name forged lines of `info`; an
/// output name of 225–255 bytes was refused for its partial file's; two phones of one name could not be picked.
@Suite struct StoreTextAndBoundsTests {
    /// Runs SQL on a copy of the sample store with Python's sqlite3 (not the code under test).
    static func edit(_ store: String, _ sql: String) throws {
        _ = try BackupFixture.python(["-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()",
                                      store + "/default.store", sql])
    }

    @Test func moreBabiesThanAStoreHasIsTheStoresFault() async throws {
        let folder = try WorkFolder()
        let store = try folder.copySample()
        // 100,000 more babies, each with a new id (ZID is unique), beside the sample's two: 100,002.
        try Self.edit(store, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
            INSERT INTO ZBABY (Z_ENT, Z_OPT, ZBIRTHDAY, ZNAME, ZID)
            SELECT (SELECT Z_ENT FROM ZBABY LIMIT 1), 1, (SELECT ZBIRTHDAY FROM ZBABY LIMIT 1), 'Twin ' || i, randomblob(16) FROM n;
            """)
        for command in [["info"], ["report", "--format", "csv"]] {
            let run = try await BuiltTool.run([command[0], store] + command.dropFirst() + (command[0] == "info" ? [] : PackageFiles.sampleSettings),
                                              in: folder)
            run.expectFailure(65, mentioning: ["damaged store", "more than 100000 babies"])
            #expect(!run.stderr.contains("template"), "\(run.stderr)")
        }
    }

    @Test func aLineFeedInANameCannotForgeLinesOfInfo() async throws {
        let folder = try WorkFolder()
        let store = try folder.copySample()
        try Self.edit(store, "UPDATE ZBABY SET ZNAME = 'Mia' || char(10) || '  Eve  born 2026-01-01' || char(9) || 'x' WHERE ZNAME = 'Mia';")
        let run = try await BuiltTool.run(["info", store, "--tz", "America/New_York", "--today", "2026-11-20"], in: folder)
        run.expectSuccess()
        let babyLines = run.output.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" born ") }
        #expect(babyLines.count == 2, "\(run.output)")
        #expect(babyLines.contains { $0.hasPrefix("  Mia\\u{A}  Eve  born 2026-01-01\\u{9}x  born ") }, "\(run.output)")
    }

    /// NAME_MAX is 255 bytes: an output name of 250 is a valid name, and its partial file makes room.
    @Test func aLongOutputNameIsWritten() async throws {
        let folder = try WorkFolder()
        let name = String(repeating: "é", count: 60) + String(repeating: "w", count: 127) + ".md"
        #expect(name.utf8.count == 250)
        let run = try await BuiltTool.run(["report", PackageFiles.sampleStore, "--output", folder.file(name)] + PackageFiles.sampleSettings,
                                          in: folder)
        run.expectSuccess()
        #expect(try folder.listing() == [name])
    }

    /// Two phones both named "Ana's iPhone": --device with the name says so and lists both; the UDID picks one.
    @Test func twoDevicesOfOneNameArePickedByUDID() async throws {
        let folder = try WorkFolder()
        let decoy = try BackupFixture.decoyStore(in: folder)
        try BackupFixture.make(["files": BackupFixture.sampleFiles(decoy: decoy), "udid": "AAA1"], out: folder.file("Backup/AAA1"))
        try BackupFixture.make(["files": BackupFixture.sampleFiles(decoy: decoy), "udid": "CCC3"], out: folder.file("Backup/CCC3"))
        let backups = folder.file("Backup")
        let byName = try await BuiltTool.run(["info", backups, "--device", "Ana's iPhone"], in: folder)
        byName.expectFailure(64, mentioning: ["--device 'Ana's iPhone' could be any of 2 devices", "pick one by its UDID", "UDID AAA1", "UDID CCC3"])
        let byUDID = try await BuiltTool.run(["info", backups, "--device", "CCC3"], in: folder)
        byUDID.expectSuccess()
    }
}
