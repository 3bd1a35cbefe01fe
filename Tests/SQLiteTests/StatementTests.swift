import Foundation
import Testing
@testable import SQLite

@Suite struct StatementTests {
    let folder: ScratchFolder
    let database: Database

    init() throws {
        folder = try ScratchFolder("statement")
        database = try Database(path: folder.file("t.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, i INTEGER, r REAL, s TEXT, b BLOB, n NUMERIC, stamp TIMESTAMP)")
    }

    @Test func bindsEveryKindAndReadsItBackWithItsStorageClass() throws {
        try database.withStatement("INSERT INTO t (i, r, s, b, n) VALUES (?, ?, ?, ?, ?)") { statement throws in
            try statement.bind(Int64.min, at: 1)
            try statement.bind(-0.5, at: 2)
            try statement.bind("O'Brien \"quoted\" 😊 Léo", at: 3)
            try statement.bind(blob: [0x00, 0xFF, 0x10], at: 4)
            try statement.bindNull(at: 5)
            #expect(try statement.step() == false)
        }
        try database.withStatement("SELECT i, r, s, b, n FROM t") { statement throws in
            #expect(try statement.step())
            #expect(statement.columnNames == ["i", "r", "s", "b", "n"])
            #expect(statement.columnType(0) == .integer)
            #expect(statement.int64(0) == Int64.min)
            #expect(statement.columnType(1) == .real)
            #expect(statement.double(1) == -0.5)
            #expect(statement.text(2) == "O'Brien \"quoted\" 😊 Léo")
            #expect(statement.blob(3) == [0x00, 0xFF, 0x10])
            #expect(statement.isNull(4))
            #expect(statement.int64(4) == nil)
            #expect(statement.text(4) == nil)
            #expect(statement.value(at: 3) == .blob([0x00, 0xFF, 0x10]))
            #expect(try statement.step() == false)
        }
    }

    /// A cell reads what the two-call readers read, from one `sqlite3_column_value`.
    @Test func cellsReadEachStorageClassWithOneFetch() throws {
        try database.execute("""
            INSERT INTO t (i, r, s, b, n, stamp) VALUES (7, 2.5, 'Léo', X'00FF10', NULL, 3.0);
            INSERT INTO t (i, r, s, b, n, stamp) VALUES (-1, 3.0, '', X'', 12, CAST(X'41FF42' AS TEXT))
            """)
        try database.withStatement("SELECT i, r, s, b, n, stamp, 99 FROM t ORDER BY id") { statement throws in
            #expect(try statement.step())
            #expect(statement.cell(0).type == .integer)
            #expect(statement.cell(0).int64 == 7)
            #expect(statement.cell(0).double == 7.0)
            #expect(statement.cell(1).type == .real)
            #expect(statement.cell(1).double == 2.5)
            #expect(statement.cell(1).int64 == nil)  // not a whole number
            #expect(statement.cell(2).type == .text)
            #expect(statement.cell(2).text == "Léo")
            #expect(statement.cell(2).withTextBytes { Array($0) } == Array("Léo".utf8))
            #expect(statement.cell(2).withBlobBytes { $0.count } == nil)
            #expect(statement.cell(2).double == nil)
            #expect(statement.cell(3).type == .blob)
            #expect(statement.cell(3).withBlobBytes { Array($0) } == [0x00, 0xFF, 0x10])
            #expect(statement.cell(3).text == nil)
            #expect(statement.cell(4).type == .null)
            #expect(statement.cell(4).int64 == nil && statement.cell(4).double == nil && statement.cell(4).text == nil)
            #expect(statement.cell(5).type == .integer)  // NUMERIC affinity (TIMESTAMP) stored 3.0 as 3
            #expect(statement.cell(5).double == 3.0)
            #expect(statement.cell(6).int64 == 99)
            #expect(statement.cell(42).type == .null)  // out of range
            #expect(try statement.step())
            #expect(statement.cell(0).int64 == -1)
            #expect(statement.cell(1).type == .real)
            #expect(statement.cell(1).int64 == 3)  // a whole REAL converts exactly
            #expect(statement.cell(2).text == "")
            #expect(statement.cell(2).withTextBytes { $0.count } == 0)
            #expect(statement.cell(3).withBlobBytes { $0.count } == 0)
            #expect(statement.cell(4).type == .integer)  // NUMERIC affinity made '12' an integer
            #expect(statement.cell(5).type == .text)
            #expect(statement.cell(5).text == "A\u{FFFD}B")  // invalid UTF-8 repaired, never a trap
        }
    }

    /// A TEXT cell is found among byte patterns by its exact bytes: the first equal one, never a prefix or a
    /// longer pattern; other storage classes match nothing.
    @Test func textIndexFindsTheFirstPatternWithTheSameBytes() throws {
        try database.execute("""
            INSERT INTO t (i, s, b) VALUES (1, 'Léo', X'4C656F');
            INSERT INTO t (i, s, b) VALUES (2, '', NULL)
            """)
        // "Léo" is 4C C3 A9 6F in UTF-8; the BLOB holds "Leo".
        let patterns: [[UInt8]] = [[0x4C, 0x65, 0x6F], [0x4C, 0xC3, 0xA9], [0x4C, 0xC3, 0xA9, 0x6F, 0x21],
                                   [0x4C, 0xC3, 0xA9, 0x6F], [], [0x4C, 0xC3, 0xA9, 0x6F]]
        try database.withStatement("SELECT s, b, i FROM t ORDER BY id") { statement throws in
            #expect(try statement.step())
            #expect(statement.cell(0).textIndex(in: patterns) == 3)
            #expect(statement.cell(0).textIndex(in: Array(patterns[0..<3])) == nil)
            #expect(statement.cell(1).textIndex(in: patterns) == nil)  // a BLOB, even with a pattern's bytes
            #expect(statement.cell(2).textIndex(in: [[0x31]]) == nil)  // an INTEGER, though SQLite would render "1"
            #expect(try statement.step())
            #expect(statement.cell(0).textIndex(in: patterns) == 4)  // the empty text
            #expect(statement.cell(1).textIndex(in: [[]]) == nil)  // NULL
        }
    }

    @Test func emptyTextAndEmptyBlobAreNotNull() throws {
        try database.withStatement("INSERT INTO t (s, b) VALUES (?, ?)") { statement throws in
            try statement.bind("", at: 1)
            try statement.bind(blob: [], at: 2)
            _ = try statement.step()
        }
        let row = try database.fetchAll("SELECT typeof(s), typeof(b), s, b FROM t")[0]
        #expect(row == [.text("text"), .text("blob"), .text(""), .blob([])])
    }

    @Test func textWithANulByteKeepsItsFullLength() throws {
        try database.withStatement("INSERT INTO t (s) VALUES (?)") { try $0.bind("a\u{0}b", at: 1); _ = try $0.step() }
        #expect(try database.fetchAll("SELECT length(CAST(s AS BLOB)) FROM t")[0] == [.integer(3)])
    }

    @Test func invalidUTF8IsRepairedNotATrap() throws {
        try database.execute("INSERT INTO t (s) VALUES (CAST(X'41FF42C3' AS TEXT))")
        try database.withStatement("SELECT s FROM t") { statement throws in
            #expect(try statement.step())
            #expect(statement.columnType(0) == .text)
            #expect(statement.textIsValidUTF8(0) == false)
            #expect(statement.text(0) == "A\u{FFFD}B\u{FFFD}")
            #expect(statement.blob(0) == [0x41, 0xFF, 0x42, 0xC3])
        }
    }

    @Test func numericAccessorsCheckTheStorageClass() throws {
        try database.execute("INSERT INTO t (i, r, s, b) VALUES (7, 2.5, 'x', X'01')")
        try database.execute("INSERT INTO t (stamp) VALUES (738923400.0)")
        try database.withStatement("SELECT i, r, s, b, stamp FROM t ORDER BY id") { statement throws in
            #expect(try statement.step())
            #expect(statement.double(0) == 7)
            #expect(statement.int64(1) == nil)      // 2.5 is not a whole number
            #expect(statement.int64(2) == nil)      // text
            #expect(statement.double(2) == nil)
            #expect(statement.double(3) == nil)     // blob
            #expect(statement.text(3) == nil)
            #expect(statement.text(0) == "7")
            #expect(try statement.step())
            // A whole-second timestamp bound as a double is stored as INTEGER (NUMERIC affinity).
            #expect(statement.columnType(4) == .integer)
            #expect(statement.double(4) == 738_923_400)
        }
    }

    @Test func outOfRangeColumnsReadAsNull() throws {
        try database.execute("INSERT INTO t (i) VALUES (1)")
        try database.withStatement("SELECT i FROM t") { statement throws in
            #expect(try statement.step())
            #expect(statement.columnType(5) == .null)
            #expect(statement.int64(-1) == nil)
            #expect(statement.text(99) == nil)
            #expect(statement.columnName(42) == "")
        }
    }

    @Test func resetKeepsBindings() throws {
        let statement = try database.prepare("INSERT INTO t (i) VALUES (?)")
        try statement.bind(Int64(5), at: 1)
        _ = try statement.step()
        try statement.reset()
        _ = try statement.step()
        #expect(try database.fetchAll("SELECT count(*) FROM t WHERE i = 5")[0] == [.integer(2)])
    }

    @Test func aBadBindIndexThrows() throws {
        let statement = try database.prepare("SELECT ?")
        #expect(throws: SQLiteError.self) { try statement.bind(Int64(1), at: 2) }
        #expect(statement.parameterCount == 1)
    }

    @Test func aFinalizedStatementThrowsInsteadOfTrapping() throws {
        let statement = try database.prepare("SELECT 1")
        statement.finalize()
        #expect(throws: SQLiteError.self) { try statement.step() }
        #expect(statement.columnType(0) == .null)
        #expect(statement.columnCount == 0)
    }
}
