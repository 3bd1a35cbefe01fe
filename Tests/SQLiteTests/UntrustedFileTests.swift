import Foundation
import SQLite
import Testing

/// A database from elsewhere is read with SQLite's defences up.
@Suite struct UntrustedFileTests {
    @Test func aRunawayStatementIsStoppedWithAClearError() throws {
        let folder = try ScratchFolder()
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        var limits = Database.UntrustedFileLimits()
        limits.statementTimeLimit = 0.5
        try database.restrictForUntrustedFile(limits)
        let started = Date()
        // Counts for ever: only the watchdog ends it.
        #expect {
            _ = try database.fetchAll("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
        } throws: { error in
            "\(error)".contains("a statement ran longer than 0.5 s and was stopped")
        }
        // A hang guard, not a speed check: the watchdog's limit is 0.5 s; forty times that tells "stopped" from "ran on".
        #expect(Date().timeIntervalSince(started) < 20)
        // The next statement gets a fresh clock.
        #expect(try database.fetchAll("SELECT 1").first?.first?.integerValue == 1)
    }

    @Test func schemaCodeIsNotTrustedAndTheSchemaNotWritable() throws {
        let folder = try ScratchFolder()
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE t (a)")
        try database.restrictForUntrustedFile()
        // Defensive mode: writable_schema cannot be turned on, so sqlite_master cannot be edited.
        try database.execute("PRAGMA writable_schema = ON")
        #expect(throws: (any Error).self) { try database.execute("UPDATE sqlite_master SET sql = 'x'") }
        // Views are off: a view planted in a hostile file does not run.
        #expect(throws: (any Error).self) {
            try database.execute("CREATE VIEW v AS SELECT * FROM t")
            _ = try database.fetchAll("SELECT * FROM v")
        }
        // A string over the length limit is refused rather than allocated.
        #expect(throws: (any Error).self) { _ = try database.fetchAll("SELECT zeroblob(100000000)") }
    }
}
