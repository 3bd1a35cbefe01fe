import Foundation
import ParPairModel
import SQLite
import Testing
@testable import ParPairStore

/// The user's files are never touched, rows that live only in the WAL are read, and every read is
/// one consistent snapshot.
@Suite struct SafetyTests {
    static let walFeed = FoodLog(id: StoreFixtures.uuid(0x99), type: .formula, amount: 90, feedingUnit: .milliliters,
                                 startTime: StoreFixtures.date(739_000_000.5), notes: "only in the WAL",
                                 baby: .baby(id: StoreFixtures.mia.id))

    /// A store whose newest feed is committed only in `default.store-wal`.
    static func writeWithWALRow(at path: String) throws {
        try StoreFixtures.writeFull(at: path) { writer throws in
            try writer.keepLaterRowsInWAL()
            try writer.insert(walFeed)
            try writer.commit()
        }
    }

    @Test func aRowPresentOnlyInTheWALIsRead() throws {
        let folder = try FixtureFolder()
        try Self.writeWithWALRow(at: folder.store)
        #expect(try folder.listing() == ["default.store", "default.store-wal"])

        // The main file alone does not have the row.
        let mainOnly = try folder.folder("main-only")
        try FileManager.default.copyItem(atPath: folder.store, toPath: mainOnly + "/default.store")
        #expect(try StoreFixtures.read(mainOnly).foodLogs.count == 4)

        try StoreReader.withReader(path: folder.path) { reader throws in
            let feeds = try reader.readAll().foodLogs
            #expect(feeds.count == 5)
            var expected = Self.walFeed
            expected.rowID = 5
            #expect(feeds.last == expected)
            let info = try reader.info()
            // The WAL holds the feed's transaction and the writer's final Z_MAX update.
            #expect(info.wal?.transactions == 2)
            #expect((info.wal?.frames ?? 0) >= 2)
            #expect(info.wal?.pageSize == 4096)
            #expect(!info.warnings.contains { $0.contains("-wal") })
        }
    }

    @Test func aReadOnlyFolderWithoutShmWorksAndGainsNoFile() throws {
        let folder = try FixtureFolder()
        let store = try folder.folder("locked")
        try Self.writeWithWALRow(at: store + "/default.store")
        let before = try FileManager.default.contentsOfDirectory(atPath: store).sorted()
        #expect(before == ["default.store", "default.store-wal"])
        for name in before { try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store + "/" + name) }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: store)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: store) }

        let contents = try StoreFixtures.read(store)
        #expect(contents.foodLogs.count == 5)
        // Tests run as root, which ignores permissions, so also check the stronger property.
        #expect(try FileManager.default.contentsOfDirectory(atPath: store).sorted() == before)
    }

    @Test func afterReadingTheFilesAreByteIdenticalAndNothingAppeared() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        // The app is running: its connection keeps -wal and -shm beside the store.
        let app = try Database(path: folder.store, mode: .readWrite)
        try app.execute("PRAGMA wal_autocheckpoint = 0")
        try app.execute("INSERT INTO ZDIAPERLOG (ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) VALUES (1, 738999999, '', 'Wet', X'0102030405060708090A0B0C0D0E0F10')")
        let names = try folder.listing()
        #expect(names == ["default.store", "default.store-shm", "default.store-wal"])
        let before = try names.map { try StoreFixtures.bytes(folder.file($0)) }

        try StoreReader.withReader(path: folder.path) { reader throws in
            #expect(try reader.readAll().diaperLogs.count == 4)
            let info = try reader.info()
            #expect(info.shmPresent)
            #expect(info.wal != nil)
        }
        try FamilySource.withSource(path: folder.path) { family in try family.streamLogs { _ in } }

        #expect(try folder.listing() == names)
        let after = try names.map { try StoreFixtures.bytes(folder.file($0)) }
        #expect(after == before)
        app.close()
    }

    @Test func theSnapshotIsPrivateAndAlwaysDeleted() throws {
        let folder = try FixtureFolder()
        let scratch = try folder.folder("scratch")
        try StoreFixtures.writeFull(at: folder.store)
        let reader = try StoreReader(path: folder.store, scratchDirectory: scratch)
        let made = try FileManager.default.contentsOfDirectory(atPath: scratch)
        #expect(made.count == 1)
        let permissions = try FileManager.default.attributesOfItem(atPath: scratch + "/" + made[0])[.posixPermissions] as? Int
        #expect(permissions == 0o700)
        reader.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)

        // Also on error paths: a store that fails after the copy was made.
        let other = try folder.folder("other")
        let database = try Database(path: other + "/default.store", mode: .readWriteCreate)
        try database.execute("CREATE TABLE notes (body TEXT)")
        database.close()
        #expect(StoreFixtures.storeError { _ = try StoreReader(path: other, scratchDirectory: scratch) } != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
        try FileManager.default.removeItem(atPath: other + "/default.store")
        try Data("junk".utf8).write(to: URL(fileURLWithPath: other + "/default.store"))
        #expect(StoreFixtures.storeError { _ = try StoreReader(path: other, scratchDirectory: scratch) } != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
    }

    @Test func everyReadIsAConsistentSnapshotWhileTheAppWrites() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { _ in }
        let stop = StopFlag()
        let done = DispatchSemaphore(value: 0)
        let path = folder.store
        let thread = Thread {
            defer { done.signal() }
            guard let app = try? Database(path: path, mode: .readWrite) else { return }
            try? app.setBusyTimeout(milliseconds: 2000)
            try? app.execute("PRAGMA wal_autocheckpoint = 8")  // checkpoints and WAL restarts while we copy
            var counter: UInt8 = 0
            while !stop.isSet {
                counter &+= 1
                try? app.transaction(.immediate) {
                    let id: SQLiteValue = .blob([counter] + (0..<15).map { _ in UInt8.random(in: 0...255) })
                    // Long notes fill pages quickly, so transactions touch different pages over time.
                    let notes: SQLiteValue = .text(String(repeating: "n", count: 200 + Int(counter)))
                    let food = try app.prepare("INSERT INTO ZFOODLOG (ZBABY, ZSTARTTIME, ZNOTES, ZTYPE, ZID) VALUES (1, 700000000, ?, 'Formula', ?)")
                    try food.bind([notes, id])
                    _ = try food.step()
                    let diaper = try app.prepare("INSERT INTO ZDIAPERLOG (ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) VALUES (1, 700000000, ?, 'Wet', ?)")
                    try diaper.bind([notes, id])
                    _ = try diaper.step()
                }
                stop.count()
                Thread.sleep(forTimeInterval: 0.0005)
            }
        }
        thread.start()
        defer {
            stop.set()
            done.wait()
        }
        while stop.commits < 20 { Thread.sleep(forTimeInterval: 0.002) }
        var seen: Set<Int> = []
        for _ in 0..<25 {
            let counts = try StoreReader.withReader(path: folder.path) { reader throws -> (Int, Int, Int, Int) in
                var food = 0, diapers = 0
                try reader.forEachFoodLog { _ in food += 1 }
                try reader.forEachDiaperLog { _ in diapers += 1 }
                let info = try reader.info()
                return (food, diapers, info.table("ZFOODLOG")?.rows ?? -1, info.table("ZDIAPERLOG")?.rows ?? -1)
            }
            #expect(counts.0 == counts.1, "feeds and diapers are written in one transaction each time")
            #expect(counts.0 == counts.2 && counts.1 == counts.3, "streams and facts come from the same snapshot")
            seen.insert(counts.0)
        }
        #expect(seen.count > 1, "the app kept writing while the store was read")
    }
}
