import Foundation
import ParPairModel
import SQLite

/// Rows holding a value longer than SQLite's length limit (`Database.UntrustedFileLimits`, 64 MiB): SQLite
/// refuses to hand such a value over (`SQLITE_TOOBIG`), at the step that reads it or, when the statement
/// sorts, at its first step. Each is one unreadable row, listed with its column, and left out; the rest of
/// the table is read as usual.
extension StoreReader {
    /// Why an oversized row is left out: `holds a value longer than 64 MiB, the most this tool reads`.
    static let oversizedProblem = "holds a value longer than \(StoreError.valueLimitText), the most this tool reads"

    /// The rows of `kind`'s table to leave out of every statement over it.
    func excludedRows(of kind: LogKind) -> [Int64] { oversizedRows[kind] ?? [] }

    /// Finds every row of `kind`'s table with a value SQLite refuses, lists each as unreadable and leaves it
    /// out of the statements made afterwards. One pass in `Z_PK` order over the columns the streams select;
    /// each refusal names the row after the last one read, and the pass resumes after it.
    ///
    /// - Returns: false when the table had been searched already (the refusal is then not one of a row).
    func findOversizedRows(of kind: LogKind) throws -> Bool {
        guard oversizedRows[kind] == nil, let layout = layouts[kind] else { return false }
        var found: [Int64] = []
        var after = Int64.min
        try readingSQLite {
            try database.withStatement(layout.rowsAfterSelectSQL) { scan in
                while true {
                    try? scan.reset()
                    try scan.bind(after, at: 1)
                    do {
                        while try scan.step() { after = scan.cell(0).int64 ?? after }
                        return
                    } catch let error as SQLiteError where error.category == .tooBig {
                        guard let rowID = try firstRow(of: layout, after: after) else { throw error }
                        found.append(rowID)
                        list(try oversizedRow(rowID, of: kind, layout: layout))
                        after = rowID
                    }
                }
            }
        }
        oversizedRows[kind] = found
        return !found.isEmpty
    }

    /// Runs `read`, which hands the logs of `kind`'s table to its argument in an order that is total (by start
    /// then `Z_PK`, per baby or not, or by `Z_PK`), and passes each to `body`. When SQLite refuses a value the
    /// table's oversized rows are found and `read` runs again without them, told so, and the logs it had
    /// passed on already are passed over: leaving out rows that come later in the order (a refused row's
    /// step failed before anything after it was handed over) leaves the order of those before them as it was.
    func readingPastOversizedRows<Log>(
        of kind: LogKind, _ body: (Log) throws -> Void, _ read: (_ retry: Bool, _ deliver: (Log) throws -> Void) throws -> Void
    ) throws {
        // `deliver` keeps `body` only while `read` runs.
        try withoutActuallyEscaping(body) { body in
            var delivered = 0
            var retry = false
            while true {
                var passOver = delivered
                do {
                    try read(retry) { log in
                        if passOver > 0 {
                            passOver -= 1
                            return
                        }
                        delivered += 1
                        do { try body(log) } catch { throw ConsumerError(error: error) }
                    }
                    return
                } catch let wrapped as ConsumerError {
                    throw wrapped.error
                } catch StoreError.oversizedValue(let path, let detail) {
                    guard try findOversizedRows(of: kind) else { throw StoreError.oversizedValue(path, detail: detail) }
                    retry = true
                }
            }
        }
    }

    /// The smallest `Z_PK` above `after`.
    private func firstRow(of layout: TableLayout, after: Int64) throws -> Int64? {
        try database.withStatement("SELECT min(\(layout.selectList[0])) FROM \(layout.quotedTable) WHERE \(layout.selectList[0]) > ?1") {
            try $0.bind(after, at: 1)
            return try $0.step() ? $0.int64(0) : nil
        }
    }

    /// The unreadable row for `rowID`: the first selected column SQLite refuses, and the log's id when that
    /// column is not the id.
    private func oversizedRow(_ rowID: Int64, of kind: LogKind, layout: TableLayout) throws -> UnreadableRow {
        var refused: String?
        var id: UUID?
        for column in layout.selectList.dropFirst() {
            try database.withStatement("SELECT \(column) FROM \(layout.quotedTable) WHERE \(layout.selectList[0]) = ?1") { statement in
                try statement.bind(rowID, at: 1)
                do {
                    guard try statement.step() else { return }
                    if column == layout.columnName("id").map(Database.quote(identifier:)) { id = RowReader.uuid(statement.cell(0)) }
                } catch let error as SQLiteError where error.category == .tooBig {
                    if refused == nil { refused = statement.columnName(0) }
                }
            }
        }
        return UnreadableRow(kind: kind, table: layout.tableName, column: refused ?? StoreSchema.rowIDColumn, rowID: rowID,
                             problem: StoreReader.oversizedProblem, id: id)
    }
}

/// An error `body` threw inside `readingPastOversizedRows`, carried past its handler unchanged.
private struct ConsumerError: Error {
    let error: any Error
}
