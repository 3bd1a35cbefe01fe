import Foundation
import Testing
@testable import SQLite

@Suite struct DatabaseTests {
    @Test func prepareRejectsSeveralStatements() throws {
        let folder = try ScratchFolder("prepare")
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        let error = #expect(throws: SQLiteError.self) { try database.prepare("SELECT 1; SELECT 2") }
        #expect(error?.message.contains("more than one") == true)
        _ = try database.prepare("SELECT 1;  \n")
    }

    @Test func anSQLErrorNamesCodeMessageAndSQL() throws {
        let folder = try ScratchFolder("error")
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        let error = #expect(throws: SQLiteError.self) { try database.prepare("SELECT * FROM missing_table") }
        #expect(error?.code == 1)
        #expect(error?.category == .sql)
        #expect(error?.sql == "SELECT * FROM missing_table")
        #expect(error?.description == "SQLite error 1: no such table: missing_table, while running: SELECT * FROM missing_table")
    }

    /// One read of the schema answers as a query for each name does; SQLite's own `NOCASE` lookup is the
    /// reference, and it folds ASCII letters only.
    @Test func schemaKindsAnswerAsALookupByNameDoes() throws {
        let folder = try ScratchFolder("kinds")
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        try database.execute("""
            CREATE TABLE Plain (a); CREATE VIEW Seen AS SELECT a FROM Plain; CREATE INDEX plain_a ON Plain (a);
            CREATE TRIGGER fired AFTER INSERT ON Plain BEGIN SELECT 1; END;
            CREATE VIRTUAL TABLE Words USING fts5(w); CREATE VIEW "Ünder" AS SELECT 1
            """)
        let kinds = try database.schemaKinds()
        let expected: [(String, String?)] = [
            ("Plain", nil), ("PLAIN", nil), ("seen", "view"), ("PLAIN_A", "index"), ("Fired", "trigger"),
            ("words", "virtual table"), ("Words_data", nil), ("Ünder", "view"), ("üNDER", nil), ("missing", nil),
        ]
        for (name, kind) in expected {
            #expect(kinds.nonTableKind(of: name) == kind, "\(name)")
            let lookup = try database.fetchAll("SELECT type, sql FROM sqlite_master WHERE name = ?1 COLLATE NOCASE", [.text(name)])
            let type = lookup.first?[0].textValue
            let reference = type == "table" ? ((lookup.first?[1].textValue ?? "").hasPrefix("CREATE VIRTUAL TABLE") ? "virtual table" : nil) : type
            #expect(kinds.nonTableKind(of: name) == reference, "\(name)")
        }
    }

    @Test func extendedCodesAreKept() throws {
        let folder = try ScratchFolder("constraint")
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE u (a UNIQUE)")
        try database.execute("INSERT INTO u VALUES (1)")
        let error = #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO u VALUES (1)") }
        #expect(error?.code == 19)
        #expect(error?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error?.category == .constraint)
    }

    @Test func readOnlyConnectionsCannotWrite() throws {
        let folder = try ScratchFolder("readonly")
        let path = folder.file("x.sqlite")
        try Database(path: path, mode: .readWriteCreate).execute("CREATE TABLE t (a)")
        let database = try Database(path: path, mode: .readOnly)
        let error = #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO t VALUES (1)") }
        #expect(error?.category == .readOnly)
        #expect(try database.tableNames() == ["t"])
    }

    @Test func readOnlyOpenOfAMissingFileFailsWithoutCreatingIt() throws {
        let folder = try ScratchFolder("missing")
        let path = folder.file("absent.sqlite")
        let error = #expect(throws: SQLiteError.self) { try Database(path: path, mode: .readOnly) }
        #expect(error?.category == .cantOpen)
        #expect(error?.message.contains(path) == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFileThatIsNotADatabaseIsReported() throws {
        let folder = try ScratchFolder("notadb")
        let path = folder.file("text.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let database = try Database(path: path, mode: .readOnly)
        let error = #expect(throws: SQLiteError.self) { try database.tableNames() }
        #expect(error?.category == .notADatabase)
    }

    @Test(arguments: ["plain", "with space", "what?", "hash#tag", "100%", "é and ü", "a%20b"])
    func pathsWithSpecialCharactersOpenTheRightFile(_ name: String) throws {
        let folder = try ScratchFolder("uri")
        let directory = folder.file(name)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/db?.sqlite"
        let writer = try Database(path: path, mode: .readWriteCreate)
        try writer.execute("CREATE TABLE marker (name TEXT); INSERT INTO marker VALUES ('here')")
        writer.close()
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
        let reader = try Database(path: path, mode: .readOnly)
        #expect(try reader.fetchAll("SELECT name FROM marker") == [[.text("here")]])
    }

    @Test func fileURIsPercentEncodeEverythingButSafeCharacters() {
        #expect(Database.fileURI(forPath: "/a b/c?d#e%f.store") == "file:///a%20b/c%3Fd%23e%25f.store")
        #expect(Database.fileURI(forPath: "//srv/x") == "file:////srv/x")
        #expect(Database.fileURI(forPath: "rel/é") == "file:rel/%C3%A9")
    }

    @Test func identifiersAreQuotedWithDoubledQuotes() throws {
        #expect(Database.quote(identifier: "ZFOODLOG") == "\"ZFOODLOG\"")
        #expect(Database.quote(identifier: "a\"b") == "\"a\"\"b\"")
        let folder = try ScratchFolder("quote")
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        let odd = "we\"ird; DROP TABLE x"
        try database.execute("CREATE TABLE \(Database.quote(identifier: odd)) (\(Database.quote(identifier: "c\"1")) INTEGER)")
        #expect(try database.tableNames() == [odd])
        #expect(try database.columns(in: odd).map(\.name) == ["c\"1"])
        #expect(try database.columns(in: "no such table").isEmpty)
    }

    @Test func transactionsRollBackWhenTheBodyThrows() throws {
        struct Stop: Error {}
        let folder = try ScratchFolder("transaction")
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE t (a)")
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(database.isAutocommit)
        try database.transaction(.immediate) { try database.execute("INSERT INTO t VALUES (2)") }
        #expect(try database.fetchAll("SELECT a FROM t") == [[.integer(2)]])
    }

    @Test func columnsDescribeTheSchema() throws {
        let folder = try ScratchFolder("columns")
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE ZBABY ( Z_PK INTEGER PRIMARY KEY, ZBIRTHDAY TIMESTAMP, ZNAME VARCHAR NOT NULL )")
        let columns = try database.columns(in: "ZBABY")
        #expect(columns == [
            Database.ColumnInfo(name: "Z_PK", declaredType: "INTEGER", notNull: false, primaryKeyPosition: 1),
            Database.ColumnInfo(name: "ZBIRTHDAY", declaredType: "TIMESTAMP"),
            Database.ColumnInfo(name: "ZNAME", declaredType: "VARCHAR", notNull: true),
        ])
    }

    @Test func aClosedConnectionThrows() throws {
        let folder = try ScratchFolder("closed")
        let database = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        database.close()
        #expect(!database.isOpen)
        #expect(throws: SQLiteError.self) { try database.execute("SELECT 1") }
        #expect(throws: SQLiteError.self) { try database.prepare("SELECT 1") }
    }

    @Test func statementsKeepTheirConnectionAlive() throws {
        let folder = try ScratchFolder("lifetime")
        var database: Database? = try Database(path: folder.file("x.sqlite"), mode: .readWriteCreate)
        let statement = try database!.prepare("SELECT 42")
        database = nil
        #expect(try statement.step())
        #expect(statement.int64(0) == 42)
    }

    @Test func errorDescriptionsStayOnOneLine() {
        let error = SQLiteError(code: 11, message: "database disk image is malformed", sql: "SELECT a,\n  b\nFROM t")
        #expect(error.description == "SQLite error 11: database disk image is malformed, while running: SELECT a, b FROM t")
        #expect(error.category == .corrupt)
        #expect(SQLiteError(code: 522, message: "short read").code == 10)
        #expect(SQLiteError(code: 522, message: "short read").category == .ioError)
    }
}
