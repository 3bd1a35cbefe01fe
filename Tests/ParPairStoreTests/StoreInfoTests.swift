import Foundation
import ParPairModel
import SQLite
import Testing
@testable import ParPairStore

@Suite struct StoreInfoTests {
    @Test func factsDescribeTheStore() throws {
        let folder = try FixtureFolder()
        try SafetyTests.writeWithWALRow(at: folder.store)
        let info = try StoreReader.withReader(path: folder.path) { try $0.info() }
        #expect(info.path == folder.path)
        #expect(info.storeFile == folder.store)
        #expect(info.frameworkVersion == 1414)
        #expect(info.journalModeWAL)
        #expect(!info.shmPresent)
        #expect(info.babies.map(\.name) == ["Léo", "Mia"])
        #expect(info.babies.first { $0.name == "Mia" }?.logs == ["food": 3, "sleep": 1, "diaper": 2, "activity": 1])
        #expect(info.tables.map(\.table) == ["ZFOODLOG", "ZSLEEPLOG", "ZDIAPERLOG", "ZACTIVITYLOG"])
        #expect(info.tables.map(\.rows) == [5, 2, 3, 3])
        #expect(info.totalLogs == 13)
        #expect(info.table("ZSLEEPLOG")?.withoutEnd == 1)
        #expect(info.table("ZDIAPERLOG")?.withoutEnd == nil)
        #expect(info.firstLogTime == Date(timeIntervalSinceReferenceDate: 738_900_000))
        #expect(info.lastLogTime == SafetyTests.walFeed.startTime)
        #expect(info.table("ZFOODLOG")?.lastTime == SafetyTests.walFeed.startTime)
        #expect(info.orphanLogs == 0)
        #expect(info.warnings.isEmpty, "\(info.warnings)")
    }

    /// `info` scans a store under 30,000 rows on one thread; the same facts come from two threads and connections,
    /// as a larger store is scanned (the sample store: 5,046 logs, every table, orphans and repeated ids).
    @Test func oneThreadAndTwoGiveTheSameFacts() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/default.store").path
        try StoreReader.withReader(path: sample) { reader throws in
            let alone = try reader.info()
            let shared = try reader.info(secondThreadFrom: 0)
            #expect(alone.totalLogs > 5_000)
            #expect(alone.totalLogs < StoreReader.rowsWorthASecondInfoThread)
            #expect(shared == alone)
        }
    }

    @Test func aWALWithoutValidFramesIsIgnoredAndReported() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        try Data(repeating: 0xAB, count: 4096 + 56).write(to: URL(fileURLWithPath: folder.store + "-wal"))
        try StoreReader.withReader(path: folder.store) { reader throws in
            #expect(try reader.readAll().foodLogs == StoreFixtures.expectedFood)
            let info = try reader.info()
            var expected = WALInspection(bytes: 4152, frames: 0, transactions: 0, pageSize: 0)
            // 0xAB… is no WAL magic number (0x377F0682 or 0x377F0683), so SQLite ignores the whole file.
            expected.ignored = "its -wal has a damaged header (not a write-ahead log's), so SQLite ignores all 4152 bytes of it: "
                + "the newest logs may be missing"
            #expect(info.wal == expected)
            #expect(info.warnings == ["the -wal file (4152 bytes) holds no committed transaction SQLite can use"])
        }
    }

    @Test func duplicateIDsAreCounted() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store) { writer throws in
            var copy = StoreFixtures.foodLogs[0]
            copy.startTime = StoreFixtures.date(1)
            try writer.insert(copy)
        }
        let info = try StoreReader.withReader(path: folder.store) { try $0.info() }
        #expect(info.table("ZFOODLOG")?.duplicateIDs == 1)
        #expect(info.warnings.contains("1 FoodLog ids occur on more than one row"))
    }

    /// Ids that are not 16-byte blobs (a hand-edited or foreign store) are told apart by their value and
    /// type: of integers 1, 1, 2, 2, a real 2.0, text '2' and a 3-byte blob, two ids repeat.
    @Test func idsOfOtherTypesRepeatOnlyWhenEqual() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            for (row, id) in ["1", "2", "2.0", "'2'", "X'000102'", "2", "1"].enumerated() {
                try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK, ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) "
                    + "VALUES (\(row + 1), 1, 700000000, '', 'Wet', \(id))")
            }
        }
        let info = try StoreReader.withReader(path: folder.store) { try $0.info() }
        #expect(info.table("ZDIAPERLOG")?.rows == 7)
        // 1 and 2 (integers) repeat; 2.0 is a real ("2.0"), '2' text and the blob, each once.
        #expect(info.table("ZDIAPERLOG")?.duplicateIDs == 2)
    }

    @Test func theJSONHasStableKeysAndRoundTrips() throws {
        let folder = try FixtureFolder()
        try SafetyTests.writeWithWALRow(at: folder.store)
        let info = try StoreReader.withReader(path: folder.store) { try $0.info() }
        let data = try info.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == [
            "path", "storeFile", "sqliteVersion", "frameworkVersion", "entities", "journalModeWAL", "wal", "shmPresent",
            "babies", "tables", "totalLogs", "firstLogTime", "lastLogTime", "orphanLogs", "warnings",
        ])
        let table = try #require((object["tables"] as? [[String: Any]])?.first)
        #expect(Set(table.keys) == [
            "table", "entity", "kind", "present", "rows", "orphansWithoutBaby", "orphansWithMissingBaby", "duplicateIDs",
            "withoutEnd", "firstTime", "lastTime", "enumLayouts", "missingOptionalColumns", "extraColumns",
        ])
        #expect(table["enumLayouts"] as? [String: String] == ["type": "rawValue", "feedingUnit": "rawValue"])
        let baby = try #require((object["babies"] as? [[String: Any]])?.first)
        #expect(Set(baby.keys) == ["rowID", "id", "name", "birthday", "logs"])
        #expect(baby["birthday"] as? String == "2024-02-19T01:46:40.500Z")  // 730000000.5 s after 2001
        #expect(Set((object["wal"] as? [String: Any])?.keys ?? [:].keys) == ["bytes", "frames", "transactions", "pageSize"])
        #expect(object["firstLogTime"] as? String == "2024-06-01T02:00:00.000Z")  // 738900000 s after 2001
        let decoded = try StoreInfo.jsonDecoder().decode(StoreInfo.self, from: data)
        #expect(decoded.tables == info.tables)
        #expect(decoded.babies.map(\.id) == info.babies.map(\.id))
    }
}
