import Foundation
import ParPairModel
import SQLite
import Testing
@testable import ParPairStore
@testable import ParPairSample

/// Every decoded field of stores in both enum layouts.
@Suite struct DecodingTests {
    @Test(arguments: [StoreLayoutSQL.EnumStyle.rawValue, .perCase])
    func everyFieldRoundTrips(_ style: StoreLayoutSQL.EnumStyle) throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store, style: style)
        let contents = try StoreFixtures.read(folder.path)
        #expect(contents.babies == [StoreFixtures.leo, StoreFixtures.mia])  // by birthday
        #expect(contents.foodLogs == StoreFixtures.expectedFood)
        #expect(contents.sleepLogs == StoreFixtures.expectedSleep)
        #expect(contents.diaperLogs == StoreFixtures.expectedDiaper)
        #expect(contents.activityLogs == StoreFixtures.expectedActivity)
    }

    @Test func thePerCaseLayoutIsDetectedAndReported() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store, style: .perCase)
        let columns = try Database(path: folder.store, mode: .readOnly).columns(in: "ZFOODLOG").map(\.name)
        #expect(columns.contains("ZPUMPEDMILK") && columns.contains("ZOZ") && !columns.contains("ZTYPE"))
        try StoreReader.withReader(path: folder.store) { reader throws in
            #expect(reader.enumLayouts["ZFOODLOG"] == ["type": .perCase, "feedingUnit": .perCase])
            #expect(reader.enumLayouts["ZDIAPERLOG"] == ["type": .perCase])
            #expect(try reader.info().table("ZACTIVITYLOG")?.enumLayouts == ["type": .perCase])
        }
        // The case column holds the Swift case name.
        let raw = try Database(path: folder.store, mode: .readOnly)
            .fetchAll("SELECT ZPUMPEDMILK, ZFORMULA, ZML FROM ZFOODLOG WHERE Z_PK = 1")
        #expect(raw == [[.text("pumpedMilk"), .null, .text("ml")]])
    }

    @Test func aWholeSecondTimestampIsStoredAsIntegerAndDecodesExactly() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        let types = try Database(path: folder.store, mode: .readOnly)
            .fetchAll("SELECT typeof(ZSTARTTIME), typeof(ZENDTIME) FROM ZFOODLOG WHERE Z_PK = 2")
        #expect(types == [[.text("integer"), .text("integer")]])
        let log = try StoreFixtures.read(folder.store).foodLogs.first { $0.rowID == 2 }
        #expect(log?.startTime == Date(timeIntervalSinceReferenceDate: 738_923_400))
        #expect(log?.endTime == Date(timeIntervalSinceReferenceDate: 738_924_600))
    }

    @Test func unknownRawValuesBecomeOther() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            try writer.execute("""
                INSERT INTO ZFOODLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZAMOUNT, ZSTARTTIME, ZFEEDINGUNIT, ZNOTES, ZTYPE, ZID)
                VALUES (1, 4, 1, 1, 2, 700000000, 'tbsp', '', 'Cow Milk', ?)
                """, [.blob(Array(repeating: 1, count: 16))])
            try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK, ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) VALUES (1, 1, 700000000, '', 'Green', ?)",
                               [.blob(Array(repeating: 2, count: 16))])
            try writer.execute("INSERT INTO ZACTIVITYLOG (Z_PK, ZBABY, ZSTARTTIME, ZNOTES, ZTYPE, ZID) VALUES (1, 1, 700000000, '', 'Swim', ?)",
                               [.blob(Array(repeating: 3, count: 16))])
        }
        let contents = try StoreFixtures.read(folder.store)
        #expect(contents.foodLogs.first?.type == .other("Cow Milk"))
        #expect(contents.foodLogs.first?.feedingUnit == .other("tbsp"))
        #expect(contents.diaperLogs.first?.type == .other("Green"))
        #expect(contents.activityLogs.first?.type == .other("Swim"))
    }

    @Test func unknownCaseNamesInThePerCaseLayoutBecomeOther() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store, style: .perCase) { writer throws in
            try writer.execute("""
                INSERT INTO ZFOODLOG (Z_PK, ZBABY, ZSTARTTIME, ZNOTES, ZFORMULA, ZML, ZID)
                VALUES (1, 1, 700000000, '', 'formulaV2', 'ml', ?)
                """, [.blob(Array(repeating: 1, count: 16))])
            try writer.execute("""
                INSERT INTO ZFOODLOG (Z_PK, ZBABY, ZSTARTTIME, ZNOTES, ZSOLIDS, ZID)
                VALUES (2, 1, 700000001, '', 'solids', ?)
                """, [.blob(Array(repeating: 2, count: 16))])
        }
        let logs = try StoreFixtures.read(folder.store).foodLogs
        #expect(logs.map(\.type) == [.other("formulaV2"), .solids])
        #expect(logs.map(\.feedingUnit) == [.milliliters, nil])
    }

    @Test func nullsInOptionalColumnsAreNilAndNullNotesAreEmpty() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            try writer.execute("""
                INSERT INTO ZFOODLOG (Z_PK, ZBABY, ZAMOUNT, ZENDTIME, ZSTARTTIME, ZFEEDINGUNIT, ZNOTES, ZTYPE, ZID)
                VALUES (1, 1, NULL, NULL, 700000000.5, NULL, NULL, 'Formula', ?)
                """, [.blob(Array(repeating: 7, count: 16))])
            try writer.execute("INSERT INTO ZSLEEPLOG (Z_PK, ZBABY, ZSTARTTIME, ZENDTIME, ZNOTES, ZID) VALUES (1, 1, 700000000, NULL, NULL, ?)",
                               [.blob(Array(repeating: 8, count: 16))])
        }
        let contents = try StoreFixtures.read(folder.store)
        let feed = try #require(contents.foodLogs.first)
        #expect(feed.amount == nil && feed.feedingUnit == nil && feed.endTime == nil && feed.notes == "")
        #expect(feed.startTime == Date(timeIntervalSinceReferenceDate: 700_000_000.5))
        #expect(feed.id == UUID(uuid: (7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7)))
        #expect(contents.sleepLogs.first?.endTime == nil)
        #expect(contents.sleepLogs.first?.notes == "")
    }

    @Test func infiniteAmountsPassThrough() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            try writer.insert(FoodLog(id: StoreFixtures.uuid(1), type: .formula, amount: .infinity, feedingUnit: .milliliters,
                                      startTime: StoreFixtures.date(1), baby: .baby(id: StoreFixtures.mia.id)))
            try writer.insert(FoodLog(id: StoreFixtures.uuid(2), type: .formula, amount: -.infinity, feedingUnit: .milliliters,
                                      startTime: StoreFixtures.date(2), baby: .baby(id: StoreFixtures.mia.id)))
            try writer.insert(FoodLog(id: StoreFixtures.uuid(3), type: .formula, amount: .nan, feedingUnit: .milliliters,
                                      startTime: StoreFixtures.date(3), baby: .baby(id: StoreFixtures.mia.id)))
        }
        let amounts = try StoreFixtures.read(folder.store).foodLogs.map(\.amount)
        #expect(amounts == [.infinity, -.infinity, nil])  // SQLite stores NaN as NULL
    }

    @Test func orphanLogsAreKeptAndCounted() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            try writer.insert(FoodLog(id: StoreFixtures.uuid(1), type: .formula, startTime: StoreFixtures.date(10), baby: .none))
            try writer.insert(FoodLog(id: StoreFixtures.uuid(2), type: .formula, startTime: StoreFixtures.date(20), baby: .dangling(rowID: 99)))
            try writer.insert(FoodLog(id: StoreFixtures.uuid(3), type: .formula, startTime: StoreFixtures.date(30),
                                      baby: .baby(id: StoreFixtures.mia.id)))
            try writer.insert(DiaperLog(id: StoreFixtures.uuid(4), type: .wet, time: StoreFixtures.date(40), baby: .dangling(rowID: 7)))
        }
        try StoreReader.withReader(path: folder.store) { reader throws in
            let contents = try reader.readAll()
            #expect(contents.foodLogs.map(\.baby) == [.none, .dangling(rowID: 99), .baby(id: StoreFixtures.mia.id)])
            #expect(contents.diaperLogs.map(\.baby) == [.dangling(rowID: 7)])
            let info = try reader.info()
            #expect(info.table("ZFOODLOG")?.orphansWithoutBaby == 1)
            #expect(info.table("ZFOODLOG")?.orphansWithMissingBaby == 1)
            #expect(info.table("ZDIAPERLOG")?.orphansWithMissingBaby == 1)
            #expect(info.orphanLogs == 3)
            #expect(info.warnings.contains("1 FoodLog rows belong to no baby (ZBABY is NULL)"))
            #expect(info.warnings.contains("1 DiaperLog rows point at a baby row that does not exist"))
            #expect(info.babies.first?.logs == ["food": 1])
        }
    }

    @Test func extraColumnsAndTablesAreTolerated() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store) { writer throws in
            try writer.executeScript("""
                ALTER TABLE ZFOODLOG ADD COLUMN ZFAVORITE INTEGER;
                ALTER TABLE ZBABY ADD COLUMN ZPHOTO BLOB;
                UPDATE ZFOODLOG SET ZFAVORITE = 1;
                CREATE TABLE ZGROWTHLOG (Z_PK INTEGER PRIMARY KEY, ZWEIGHT FLOAT);
                """)
        }
        try StoreReader.withReader(path: folder.store) { reader throws in
            #expect(try reader.readAll().foodLogs == StoreFixtures.expectedFood)
            #expect(try reader.info().table("ZFOODLOG")?.extraColumns == ["ZFAVORITE"])
        }
    }

    @Test func aMissingOptionalColumnReadsAsNilAndIsNoted() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store) { writer throws in
            try writer.executeScript("ALTER TABLE ZFOODLOG DROP COLUMN ZAMOUNT; ALTER TABLE ZSLEEPLOG DROP COLUMN ZENDTIME")
        }
        try StoreReader.withReader(path: folder.store) { reader throws in
            let contents = try reader.readAll()
            #expect(contents.foodLogs.allSatisfy { $0.amount == nil })
            #expect(contents.sleepLogs.allSatisfy { $0.endTime == nil })
            let info = try reader.info()
            #expect(info.table("ZFOODLOG")?.missingOptionalColumns == ["ZAMOUNT"])
            #expect(info.warnings.contains("ZSLEEPLOG lacks column(s) ZENDTIME: read as empty"))
        }
    }

    @Test func absentLogTablesReadAsEmptyAndAreNoted() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store) { writer throws in
            try writer.executeScript("DROP TABLE ZSLEEPLOG; DROP TABLE ZACTIVITYLOG")
        }
        try StoreReader.withReader(path: folder.store) { reader throws in
            #expect(!reader.hasTable(for: .sleep))
            let contents = try reader.readAll()
            #expect(contents.sleepLogs.isEmpty && contents.activityLogs.isEmpty)
            #expect(contents.diaperLogs == StoreFixtures.expectedDiaper)
            let info = try reader.info()
            #expect(info.table("ZSLEEPLOG")?.present == false)
            #expect(info.warnings.contains("no ZSLEEPLOG table: the store has no SleepLog rows"))
        }
    }

    @Test func theMergedStreamIsChronologicalWithKindsInOrderOnTies() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            let mia = BabyReference.baby(id: StoreFixtures.mia.id)
            try writer.insert(DiaperLog(id: StoreFixtures.uuid(1), type: .wet, time: StoreFixtures.date(100), baby: mia))
            try writer.insert(SleepLog(id: StoreFixtures.uuid(2), startTime: StoreFixtures.date(100), baby: mia))
            try writer.insert(FoodLog(id: StoreFixtures.uuid(3), type: .formula, startTime: StoreFixtures.date(100), baby: mia))
            try writer.insert(ActivityLog(id: StoreFixtures.uuid(4), type: .play, startTime: StoreFixtures.date(50), baby: mia))
            try writer.insert(FoodLog(id: StoreFixtures.uuid(5), type: .formula, startTime: StoreFixtures.date(200), baby: mia))
            try writer.insert(FoodLog(id: StoreFixtures.uuid(6), type: .formula, startTime: StoreFixtures.date(100), baby: mia))
        }
        var order: [UUID] = []
        try FamilySource.withSource(path: folder.store) { family in
            try family.streamLogs { order.append($0.record.id) }
        }
        #expect(order == [4, 3, 6, 2, 1, 5].map { StoreFixtures.uuid($0) })
    }

    @Test func streamsCanRunAgainButNotInsideThemselves() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        try StoreReader.withReader(path: folder.store) { reader throws in
            var first = 0, second = 0
            try reader.forEachFoodLog { _ in first += 1 }
            try reader.forEachFoodLog { _ in second += 1 }
            #expect(first == 4 && second == 4)
            let error = StoreFixtures.storeError {
                try reader.forEachFoodLog { _ in try reader.forEachFoodLog { _ in } }
            }
            #expect(error?.kind == .internalFailure)
            var third = 0
            try reader.forEachFoodLog { _ in third += 1 }  // usable after the refused nesting
            #expect(third == 4)
        }
    }

    @Test func errorsFromTheCallerPassThroughUnchanged() throws {
        struct Stop: Error, Equatable {}
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        try StoreReader.withReader(path: folder.store) { reader throws in
            #expect(throws: Stop()) { try reader.forEachDiaperLog { _ in throw Stop() } }
            #expect(try reader.readAll().diaperLogs.count == 3)
        }
    }
}
