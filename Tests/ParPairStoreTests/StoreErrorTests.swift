import Foundation
import ParPairModel
import SQLite
import Testing
@testable import ParPairStore

/// Each kind of bad input gives the right `StoreError`, naming the file and the problem on one line.
@Suite struct StoreErrorTests {
    @Test func aMissingPath() throws {
        let folder = try FixtureFolder()
        let path = folder.file("nowhere")
        let error = StoreFixtures.storeError { _ = try StoreReader(path: path) }
        #expect(error == .missingPath(path))
        #expect(error?.kind == .missingInput)
        #expect(error?.description == "\(path): no such file or folder")
    }

    @Test func aFolderWithoutAStore() throws {
        let folder = try FixtureFolder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.file("notes.txt")))
        #expect(StoreFixtures.storeError { _ = try StoreReader(path: folder.path) } == .folderWithoutStore(folder: folder.path, otherStores: []))
        try Data().write(to: URL(fileURLWithPath: folder.file("Backup.store")))
        let error = StoreFixtures.storeError { _ = try StoreReader(path: folder.path) }
        #expect(error == .folderWithoutStore(folder: folder.path, otherStores: ["Backup.store"]))
        #expect(error?.kind == .missingInput)
        #expect(error?.description == "\(folder.path): folder holds no default.store (it holds Backup.store; pass one of them as the store file)")
    }

    @Test func anEmptyFile() throws {
        let folder = try FixtureFolder()
        try Data().write(to: URL(fileURLWithPath: folder.store))
        let error = StoreFixtures.storeError { _ = try StoreReader(path: folder.path) }
        #expect(error == .emptyFile(folder.store))
        #expect(error?.kind == .badData)
    }

    @Test func aFileThatIsNotSQLite() throws {
        let folder = try FixtureFolder()
        try Data("name,age\nMia,1\n".utf8).write(to: URL(fileURLWithPath: folder.store))
        let error = StoreFixtures.storeError { _ = try StoreReader(path: folder.store) }
        #expect(error == .notSQLite(folder.store, found: "text 'name,age\\u{A}Mia,1\\u{A}'"))
        #expect(error?.kind == .badData)
        try FileManager.default.removeItem(atPath: folder.store)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: folder.store))
        #expect(StoreFixtures.storeError { _ = try StoreReader(path: folder.store) } == .notSQLite(folder.store, found: "bytes 89 50 4E 47 0D 0A 1A 0A …"))
    }

    @Test func anotherAppsDatabase() throws {
        let folder = try FixtureFolder()
        let database = try Database(path: folder.store, mode: .readWriteCreate)
        try database.execute("CREATE TABLE notes (body TEXT); CREATE TABLE users (name TEXT)")
        database.close()
        let error = StoreFixtures.storeError { _ = try StoreReader(path: folder.store) }
        #expect(error == .notParPairStore(folder.store, tables: ["notes", "users"]))
        #expect(error?.kind == .badData)
        #expect(error?.description == "\(folder.store): an SQLite database, but not a ParPair store: expected tables ZBABY and "
            + "ZFOODLOG (entities Baby and FoodLog in Z_PRIMARYKEY), found tables notes, users")
    }

    @Test func aTruncatedStore() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        let bytes = try StoreFixtures.bytes(folder.store)
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: folder.store))
        let error = StoreFixtures.storeError { _ = try StoreReader(path: folder.store) }
        guard case .truncated(let path, let detail) = error else {
            Issue.record("expected a truncated store, got \(String(describing: error))")
            return
        }
        #expect(path == folder.store)
        #expect(detail.contains("the header counts"))
        #expect(error?.kind == .badData)
        try bytes.prefix(60).write(to: URL(fileURLWithPath: folder.store))
        #expect(StoreFixtures.storeError { _ = try StoreReader(path: folder.store) }
                == .truncated(folder.store, detail: "the file has 60 bytes, less than SQLite's 100-byte header"))
    }

    @Test func aDamagedStore() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        var bytes = try StoreFixtures.bytes(folder.store)
        // Overwrite everything after page 1 (the schema) with garbage of the same size.
        for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
        try bytes.write(to: URL(fileURLWithPath: folder.store))
        let error = StoreFixtures.storeError { _ = try StoreFixtures.read(folder.store) }
        guard case .corrupt(let path, let detail) = error else {
            Issue.record("expected a damaged store, got \(String(describing: error))")
            return
        }
        #expect(path == folder.store)
        #expect(detail.contains("malformed"))
        #expect(error?.kind == .badData)
    }

    @Test func aNullInARequiredColumnNamesTableColumnAndRow() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            try writer.execute("INSERT INTO ZFOODLOG (Z_PK, ZBABY, ZSTARTTIME, ZNOTES, ZTYPE, ZID) VALUES (41, 1, NULL, '', 'Formula', ?)",
                               [.blob(Array(repeating: 1, count: 16))])
        }
        // One bad row is not the store's failure: it is left out and kept, with table, row and reason.
        try StoreReader.withReader(path: folder.store) { reader throws in
            #expect(try reader.readAll().foodLogs.isEmpty)
            #expect(reader.unreadableRows == [UnreadableRow(kind: .food, table: "ZFOODLOG", column: "ZSTARTTIME", rowID: 41,
                                                            problem: "is NULL, but FoodLog.startTime is required",
                                                            id: UUID(uuidString: "01010101-0101-0101-0101-010101010101"))])
            #expect(reader.unreadableRows.first?.reason
                == "table ZFOODLOG, row Z_PK 41: column ZSTARTTIME is NULL, but FoodLog.startTime is required; left out of every total")
        }
        let error = StoreError.badValue(folder.store, table: "ZFOODLOG", column: "ZSTARTTIME", rowID: 41,
                                        problem: "is NULL, but FoodLog.startTime is required")
        #expect(error.description == "\(folder.store): table ZFOODLOG, column ZSTARTTIME, row Z_PK 41: is NULL, but FoodLog.startTime is required")
    }

    @Test(arguments: [
        ("ZID", "NULL", "is NULL, but DiaperLog.id is required"),
        ("ZTYPE", "NULL", "is NULL, but DiaperLog.type is required"),
        ("ZID", "X'0102'", "holds a BLOB of 2 bytes, expected a 16-byte UUID BLOB"),
        ("ZID", "'3F2504E0-4F89-41D3-9A0C-0305E82C3301'", "holds text '3F2504E0-4F89-41D3-9A0C-0305E82C3301', expected a 16-byte UUID BLOB"),
        ("ZTIME", "'yesterday at noon'", "holds text 'yesterday at noon', expected a date (seconds since 2001-01-01 as a number)"),
        ("ZTIME", "X'00'", "holds a BLOB of 1 bytes, expected a date (seconds since 2001-01-01 as a number)"),
        ("ZTIME", "9e300", "holds 9e+300, which is not a date between the years 0001 and 9999 (seconds since 2001-01-01)"),
        ("ZBABY", "'Mia'", "holds text 'Mia', expected a baby's Z_PK"),
        ("ZNOTES", "X'6869'", "holds a BLOB of 2 bytes, expected text"),
    ])
    func badValuesNameTableColumnAndRow(_ column: String, _ value: String, _ problem: String) throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK, ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) VALUES (7, 1, 700000000, '', 'Wet', ?)",
                               [.blob(Array(repeating: 1, count: 16))])
            try writer.execute("UPDATE ZDIAPERLOG SET \(column) = \(value) WHERE Z_PK = 7")
        }
        try StoreReader.withReader(path: folder.store) { reader throws in
            #expect(try reader.readAll().diaperLogs.isEmpty)
            // The id is kept when it is not the value that failed.
            let id = column == "ZID" ? nil : UUID(uuidString: "01010101-0101-0101-0101-010101010101")
            #expect(reader.unreadableRows == [UnreadableRow(kind: .diaper, table: "ZDIAPERLOG", column: column, rowID: 7, problem: problem, id: id)])
        }
    }

    @Test func longOffendingTextIsCutShortAndKeptOnOneLine() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            try writer.execute("INSERT INTO ZSLEEPLOG (Z_PK, ZBABY, ZSTARTTIME, ZNOTES, ZID) VALUES (3, 1, ?, '', ?)",
                               [.text("line one\nline two " + String(repeating: "x", count: 100)), .blob(Array(repeating: 1, count: 16))])
        }
        let row = try StoreReader.withReader(path: folder.store) { reader throws in
            _ = try reader.readAll()
            return reader.unreadableRows.first
        }
        #expect(row?.reason.contains("\n") == false)
        #expect(row?.problem == "holds text 'line one\\u{A}line two " + String(repeating: "x", count: 22) + "…', expected a date (seconds since 2001-01-01 as a number)")
    }

    @Test func aBabyWithoutANameFailsWhenOpening() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeRaw(at: folder.store) { writer throws in
            try writer.execute("UPDATE ZBABY SET ZNAME = NULL")
        }
        let error = StoreFixtures.storeError { _ = try StoreReader(path: folder.store) }
        #expect(error == .badValue(folder.store, table: "ZBABY", column: "ZNAME", rowID: 1, problem: "is NULL, but Baby.name is required"))
    }

    @Test func aMissingRequiredColumnIsNamed() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store) { writer throws in
            try writer.executeScript("ALTER TABLE ZFOODLOG DROP COLUMN ZSTARTTIME")
        }
        let error = StoreFixtures.storeError { _ = try StoreReader(path: folder.store) }
        #expect(error == .missingColumn(folder.store, table: "ZFOODLOG", column: "ZSTARTTIME", property: "FoodLog.startTime",
                                        available: ["Z_PK", "Z_ENT", "Z_OPT", "ZBABY", "ZAMOUNT", "ZENDTIME", "ZFEEDINGUNIT", "ZNOTES", "ZTYPE", "ZID"]))
        #expect(error?.kind == .badData)
        #expect(error?.description.hasPrefix("\(folder.store): table ZFOODLOG has no column ZSTARTTIME (property FoodLog.startTime); its columns are Z_PK, Z_ENT") == true)
    }

    @Test func aMissingEnumColumnNamesBothLayouts() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store) { writer throws in
            try writer.executeScript("ALTER TABLE ZDIAPERLOG DROP COLUMN ZTYPE")
        }
        let error = StoreFixtures.storeError { _ = try StoreReader(path: folder.store) }
        guard case .missingColumn(_, let table, let column, let property, _) = error else {
            Issue.record("expected a missing column, got \(String(describing: error))")
            return
        }
        #expect(table == "ZDIAPERLOG" && property == "DiaperLog.type")
        #expect(column == "ZTYPE (or per-case columns ZWET, ZDIRTY, ZMIXED, ZDRY)")
    }

    @Test func aMissingFoodTableIsNamed() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store) { writer throws in
            try writer.executeScript("DROP TABLE ZFOODLOG")
        }
        let error = StoreFixtures.storeError { _ = try StoreReader(path: folder.store) }
        #expect(error == .missingTable(folder.store, table: "ZFOODLOG", entity: "FoodLog"))
        #expect(error?.kind == .badData)
    }

    /// An entity table that is a view is named as one (it is never run); a generated column is named too.
    @Test func aViewOrAGeneratedColumnIsNamedAsSuch() throws {
        let view = try FixtureFolder()
        try StoreFixtures.writeFull(at: view.store) { writer throws in
            try writer.executeScript("ALTER TABLE ZSLEEPLOG RENAME TO ZSLEEPDATA; CREATE VIEW ZSLEEPLOG AS SELECT * FROM ZSLEEPDATA")
        }
        let viewError = StoreFixtures.storeError { _ = try StoreReader(path: view.store) }
        #expect(viewError == .notATable(view.store, table: "ZSLEEPLOG", kind: "view"))
        #expect(viewError?.description == "\(view.store): ZSLEEPLOG is a view, not a table; SwiftData writes ParPair's logs to a table of that name")
        #expect(viewError?.kind == .badData)

        let generated = try FixtureFolder()
        try StoreFixtures.writeFull(at: generated.store) { writer throws in
            try writer.executeScript("""
                ALTER TABLE ZFOODLOG RENAME COLUMN ZAMOUNT TO ZSTORED;
                ALTER TABLE ZFOODLOG ADD COLUMN ZAMOUNT FLOAT GENERATED ALWAYS AS (ZSTORED * 1000) VIRTUAL
                """)
        }
        let columnError = StoreFixtures.storeError { _ = try StoreReader(path: generated.store) }
        #expect(columnError == .generatedColumn(generated.store, table: "ZFOODLOG", column: "ZAMOUNT"))
    }

    /// A crafted `Z_METADATA` (10,000 nested arrays, about 150 KB of XML) overflowed the stack in
    /// Foundation's plist scanner; now the store opens and the metadata is noted as unreadable.
    @Test func aDeeplyNestedMetadataListIsANoteNotACrash() throws {
        let folder = try FixtureFolder()
        let depth = 10_000
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</plist>"
        try StoreFixtures.writeFull(at: folder.store) { writer throws in
            let hex = xml.utf8.map { String(format: "%02X", $0) }.joined()
            try writer.executeScript("UPDATE Z_METADATA SET Z_PLIST = X'\(hex)'")
        }
        try StoreReader.withReader(path: folder.store) { reader throws in
            #expect(reader.frameworkVersion == nil)
            #expect(try reader.readAll().foodLogs == StoreFixtures.expectedFood)
            #expect(try reader.info().warnings.contains {
                $0 == "Z_METADATA.Z_PLIST is not a readable property list: a property list nested more than 32 levels deep"
            })
        }
    }

    @Test func aStoreWithoutZPrimaryKeyIsRecognisedByItsTables() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store) { writer throws in
            try writer.executeScript("DROP TABLE Z_PRIMARYKEY; DROP TABLE Z_METADATA; DROP TABLE Z_MODELCACHE")
        }
        try StoreReader.withReader(path: folder.store) { reader throws in
            #expect(reader.entities.isEmpty)
            #expect(try reader.readAll().foodLogs == StoreFixtures.expectedFood)
            #expect(try reader.info().warnings.contains("no Z_PRIMARYKEY table: recognised as a ParPair store by its table names only"))
        }
    }

    @Test(arguments: [
        (StoreError.missingPath("p"), StoreError.Kind.missingInput), (.folderWithoutStore(folder: "f", otherStores: []), .missingInput),
        (.notARegularFile("p", kind: "named pipe (FIFO)"), .missingInput), (.emptyFile("p"), .badData), (.notSQLite("p", found: "x"), .badData),
        (.notParPairStore("p", tables: []), .badData), (.truncated("p", detail: "d"), .badData), (.corrupt("p", detail: "d"), .badData),
        (.unreadable("p", reason: "Permission denied", permission: true), .missingInput),
        (.unreadable("p", reason: "Input/output error", permission: false), .ioFailure), (.locked("p", detail: "d"), .ioFailure),
        (.changedDuringCopy("p", attempts: 3), .ioFailure), (.snapshotFailed("p", reason: "r"), .ioFailure),
        (.missingTable("p", table: "t", entity: "e"), .badData), (.badValue("p", table: "t", column: "c", rowID: 1, problem: "x"), .badData),
        (.oversizedValue("p", detail: "string or blob too big (SQLite 18)"), .badData),
        (.outputExists("p"), .cannotCreate), (.cannotCreate("p", reason: "r"), .cannotCreate), (.internal("bug"), .internalFailure),
    ])
    func everyErrorHasItsKindAndOneLine(_ error: StoreError, _ kind: StoreError.Kind) {
        #expect(error.kind == kind)
        #expect(!error.description.contains("\n"))
        if let path = error.path { #expect(error.description.hasPrefix(path + ": ")) }
    }

    @Test func sqliteFailuresMapToStoreErrors() {
        #expect(StoreError.reading("p", SQLiteError(code: 11, message: "database disk image is malformed"))
                == .corrupt("p", detail: "database disk image is malformed (SQLite 11)"))
        #expect(StoreError.reading("p", SQLiteError(code: 5, message: "database is locked")).kind == .ioFailure)
        #expect(StoreError.reading("p", SQLiteError(code: 3, message: "access permission denied")).kind == .missingInput)
        #expect(StoreError.reading("p", SQLiteError(code: 10, extendedCode: 266, message: "disk I/O error")).kind == .ioFailure)
        #expect(StoreError.reading("p", SQLiteError(code: 26, message: "file is not a database")).kind == .badData)
        #expect(StoreError.reading("p", SQLiteError(code: 1, message: "syntax error", sql: "SELEC")).kind == .internalFailure)
    }
}
