import Foundation
import ParPairModel
import SQLite
import Testing
@testable import ParPairStore
@testable import ParPairSample

/// The sample rows of the store-format reference, §10.1, inserted verbatim, decode exactly.
@Suite struct ReferenceRowsTests {
    /// The reference's INSERT statements, copied as they are written there.
    static let referenceSQL = """
        INSERT INTO ZBABY (Z_PK, Z_ENT, Z_OPT, ZBIRTHDAY, ZNAME, ZID)
        VALUES (1, 2, 1, 732153600.0, 'Mia', X'3F2504E04F8941D39A0C0305E82C3301');
        INSERT INTO ZFOODLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZAMOUNT, ZENDTIME, ZSTARTTIME, ZFEEDINGUNIT, ZNOTES, ZTYPE, ZID)
        VALUES (1, 4, 1, 1, 120.0, NULL, 738936330.25, 'ml', '', 'Pumped Milk', X'9B2D6C1E7A4F4E0B8C5D2F1A3B4C5D6E');
        INSERT INTO ZFOODLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZAMOUNT, ZENDTIME, ZSTARTTIME, ZFEEDINGUNIT, ZNOTES, ZTYPE, ZID)
        VALUES (2, 4, 1, 1, NULL, 738924600.0, 738923400.0, NULL, 'left side', 'Breastfeeding', X'D1E2F3A4B5C647D89E0FA1B2C3D4E5F6');
        INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES
          (1, 'ActivityLog', 0, 0), (2, 'Baby', 0, 1), (3, 'DiaperLog', 0, 0), (4, 'FoodLog', 0, 2), (5, 'SleepLog', 0, 0),
          (16001, 'CHANGE', 0, 0), (16002, 'TRANSACTION', 0, 0), (16003, 'TRANSACTIONSTRING', 0, 0);
        """

    /// A hand-built fixture: the reference DDL and rows, without Z_METADATA / Z_MODELCACHE rows.
    static func makeFixture(_ folder: FixtureFolder) throws {
        let writer = try StoreWriter(creatingAt: folder.store, options: .init(includeMetadata: false))
        try writer.executeScript("DELETE FROM Z_PRIMARYKEY;" + referenceSQL)
        try writer.finish()
    }

    @Test func theReferenceRowsDecodeExactly() throws {
        let folder = try FixtureFolder()
        try Self.makeFixture(folder)
        let miaID = UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!
        try StoreReader.withReader(path: folder.path) { reader throws in
            #expect(reader.babies == [Baby(id: miaID, name: "Mia", birthday: ISO8601DateFormatter().date(from: "2024-03-15T00:00:00Z")!, rowID: 1)])
            var logs: [FoodLog] = []
            try reader.forEachFoodLog { logs.append($0) }
            // Ordered by start time: the 08:30 breastfeed comes before the 12:05 bottle.
            #expect(logs == [
                FoodLog(id: UUID(uuidString: "D1E2F3A4-B5C6-47D8-9E0F-A1B2C3D4E5F6")!, type: .breastfeeding, amount: nil,
                        feedingUnit: nil, startTime: Date(timeIntervalSinceReferenceDate: 738_923_400),
                        endTime: Date(timeIntervalSinceReferenceDate: 738_924_600), notes: "left side",
                        baby: .baby(id: miaID), rowID: 2),
                FoodLog(id: UUID(uuidString: "9B2D6C1E-7A4F-4E0B-8C5D-2F1A3B4C5D6E")!, type: .pumpedMilk, amount: 120,
                        feedingUnit: .milliliters, startTime: Date(timeIntervalSinceReferenceDate: 738_936_330.25),
                        endTime: nil, notes: "", baby: .baby(id: miaID), rowID: 1),
            ])
            // 2024-06-01 12:05:30.250 UTC, to the millisecond.
            let start = logs[1].startTime
            #expect(start.timeIntervalSince1970 == 1_717_243_530.25)
            #expect(ISO8601DateFormatter().string(from: logs[0].startTime) == "2024-06-01T08:30:00Z")
            let info = try reader.info()
            #expect(info.frameworkVersion == nil)
            #expect(info.entities == ["ActivityLog", "Baby", "DiaperLog", "FoodLog", "SleepLog", "CHANGE", "TRANSACTION", "TRANSACTIONSTRING"])
            #expect(info.warnings.contains("no -wal file beside the store: if the app is running, recent logs may be missing"))
        }
        let storage = try Database(path: folder.store, mode: .readOnly)
            .fetchAll("SELECT typeof(ZSTARTTIME) FROM ZFOODLOG ORDER BY Z_PK")
        #expect(storage == [[.text("real")], [.text("integer")]])
    }

    @Test func theWriterMakesExactlyTheReferenceSchema() throws {
        let folder = try FixtureFolder()
        try StoreWriter(creatingAt: folder.store).finish()
        let database = try Database(path: folder.store, mode: .readOnly)
        let schema = Set(try database.fetchAll("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL").compactMap { $0[0].textValue })
        // Copied from the reference, §10.
        let expected: Set<String> = [
            "CREATE TABLE ZACTIVITYLOG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBABY INTEGER, ZENDTIME TIMESTAMP, ZSTARTTIME TIMESTAMP, ZNOTES VARCHAR, ZTYPE VARCHAR, ZID BLOB )",
            "CREATE TABLE ZBABY ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBIRTHDAY TIMESTAMP, ZNAME VARCHAR, ZID BLOB )",
            "CREATE TABLE ZDIAPERLOG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBABY INTEGER, ZTIME TIMESTAMP, ZNOTES VARCHAR, ZTYPE VARCHAR, ZID BLOB )",
            "CREATE TABLE ZFOODLOG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBABY INTEGER, ZAMOUNT FLOAT, ZENDTIME TIMESTAMP, ZSTARTTIME TIMESTAMP, ZFEEDINGUNIT VARCHAR, ZNOTES VARCHAR, ZTYPE VARCHAR, ZID BLOB )",
            "CREATE TABLE ZSLEEPLOG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBABY INTEGER, ZENDTIME TIMESTAMP, ZSTARTTIME TIMESTAMP, ZNOTES VARCHAR, ZID BLOB )",
            "CREATE INDEX ZACTIVITYLOG_ZBABY_INDEX ON ZACTIVITYLOG (ZBABY)",
            "CREATE UNIQUE INDEX Z_Baby_UNIQUE_id ON ZBABY (ZID COLLATE BINARY ASC)",
            "CREATE INDEX ZDIAPERLOG_ZBABY_INDEX ON ZDIAPERLOG (ZBABY)",
            "CREATE INDEX ZFOODLOG_ZBABY_INDEX ON ZFOODLOG (ZBABY)",
            "CREATE INDEX ZSLEEPLOG_ZBABY_INDEX ON ZSLEEPLOG (ZBABY)",
            "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
            "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
            "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)",
            "CREATE TABLE ACHANGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, ZENTITY INTEGER, ZENTITYPK INTEGER, ZTRANSACTIONID INTEGER, ZCOLUMNS BLOB )",
            "CREATE TABLE ATRANSACTION ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHORTS INTEGER, ZBUNDLEIDTS INTEGER, ZCONTEXTNAMETS INTEGER, ZPROCESSIDTS INTEGER, ZTIMESTAMP FLOAT, ZAUTHOR VARCHAR, ZBUNDLEID VARCHAR, ZCONTEXTNAME VARCHAR, ZPROCESSID VARCHAR, ZQUERYGEN BLOB )",
            "CREATE TABLE ATRANSACTIONSTRING ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR )",
            "CREATE INDEX ACHANGE_ZTRANSACTIONID_INDEX ON ACHANGE (ZTRANSACTIONID)",
            "CREATE INDEX ATRANSACTION_ZAUTHORTS_INDEX ON ATRANSACTION (ZAUTHORTS)",
            "CREATE INDEX ATRANSACTION_ZBUNDLEIDTS_INDEX ON ATRANSACTION (ZBUNDLEIDTS)",
            "CREATE INDEX ATRANSACTION_ZCONTEXTNAMETS_INDEX ON ATRANSACTION (ZCONTEXTNAMETS)",
            "CREATE INDEX ATRANSACTION_ZPROCESSIDTS_INDEX ON ATRANSACTION (ZPROCESSIDTS)",
            "CREATE INDEX Z_TRANSACTION_TransactionAuthorIndex ON ATRANSACTION (ZAUTHOR COLLATE BINARY ASC)",
            "CREATE INDEX Z_TRANSACTION_TransactionTimestampIndex ON ATRANSACTION (ZTIMESTAMP COLLATE BINARY ASC)",
            "CREATE UNIQUE INDEX Z_TRANSACTIONSTRING_UNIQUE_NAME ON ATRANSACTIONSTRING (ZNAME COLLATE BINARY ASC)",
        ]
        #expect(schema == expected)
        #expect(try database.fetchAll("PRAGMA page_size") == [[.integer(4096)]])
        #expect(try database.fetchAll("PRAGMA auto_vacuum") == [[.integer(2)]])
        #expect(try database.fetchAll("PRAGMA journal_mode") == [[.text("wal")]])
        #expect(try database.fetchAll("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT") == [
            [.integer(1), .text("ActivityLog"), .integer(0), .integer(0)],
            [.integer(2), .text("Baby"), .integer(0), .integer(0)],
            [.integer(3), .text("DiaperLog"), .integer(0), .integer(0)],
            [.integer(4), .text("FoodLog"), .integer(0), .integer(0)],
            [.integer(5), .text("SleepLog"), .integer(0), .integer(0)],
            [.integer(16001), .text("CHANGE"), .integer(0), .integer(0)],
            [.integer(16002), .text("TRANSACTION"), .integer(0), .integer(0)],
            [.integer(16003), .text("TRANSACTIONSTRING"), .integer(0), .integer(0)],
        ])
        #expect(try database.fetchAll("SELECT count(*) FROM Z_MODELCACHE") == [[.integer(1)]])
    }

    @Test func theWriterRecordsZMaxAndTheMetadataPlist() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        let database = try Database(path: folder.store, mode: .readOnly)
        #expect(try database.fetchAll("SELECT Z_NAME, Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT < 16000 ORDER BY Z_ENT") == [
            [.text("ActivityLog"), .integer(3)], [.text("Baby"), .integer(2)], [.text("DiaperLog"), .integer(3)],
            [.text("FoodLog"), .integer(4)], [.text("SleepLog"), .integer(2)],
        ])
        #expect(try database.fetchAll("SELECT DISTINCT Z_ENT, Z_OPT FROM ZFOODLOG") == [[.integer(4), .integer(1)]])
        let row = try database.fetchAll("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA")
        #expect(row.count == 1)
        let plist = try PropertyListSerialization.propertyList(from: Data(row[0][2].blobValue ?? []), format: nil) as? [String: Any]
        #expect((plist?["NSPersistenceFrameworkVersion"] as? NSNumber)?.intValue == 1414)
        #expect(plist?["NSStoreType"] as? String == "SQLite")
        #expect(plist?["_NSAutoVacuumLevel"] as? String == "2")
        #expect(plist?["NSStoreModelVersionIdentifiers"] as? [String] == ["1.0.0"])
        #expect((plist?["NSStoreModelVersionHashes"] as? [String: Data])?.keys.sorted() == ["ActivityLog", "Baby", "DiaperLog", "FoodLog", "SleepLog"])
        #expect(plist?["NSStoreUUID"] as? String == row[0][1].textValue)
        #expect(try StoreReader.withReader(path: folder.store) { $0.frameworkVersion } == 1414)
    }

    @Test func theWriterNeverOverwrites() throws {
        let folder = try FixtureFolder()
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: folder.store))
        let error = StoreFixtures.storeError { _ = try StoreWriter(creatingAt: folder.store) }
        #expect(error == .outputExists(folder.store))
        #expect(error?.kind == .cannotCreate)
        #expect(try StoreFixtures.bytes(folder.store) == Data("keep me".utf8))
        try FileManager.default.removeItem(atPath: folder.store)
        try Data().write(to: URL(fileURLWithPath: folder.store + "-wal"))
        #expect(StoreFixtures.storeError { _ = try StoreWriter(creatingAt: folder.store) } == .outputExists(folder.store + "-wal"))
        #expect(try folder.listing() == ["default.store-wal"])  // no working folder left behind
    }
}
