import CSQLite

/// A compiled SQL statement; owns the `sqlite3_stmt *` and finalizes it in `deinit`.
///
/// Bind values by 1-based index, call `step()` until it returns false, and read the current row
/// with the column accessors (0-based), which check the storage class and never trap.
public final class Statement {
    private var handle: OpaquePointer?
    /// Keeps the connection alive while the statement exists.
    private let database: Database
    /// The SQL text this statement was compiled from.
    public let sql: String

    init(handle: OpaquePointer, database: Database, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Releases the compiled statement now; later calls throw.
    public func finalize() {
        sqlite3_finalize(handle)
        handle = nil
    }

    // MARK: - Binding (1-based indexes)

    /// Binds a 64-bit integer.
    public func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(try requireHandle(), index, value))
    }

    /// Binds a double (a whole number lands as INTEGER in a column with NUMERIC affinity).
    public func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(try requireHandle(), index, value))
    }

    /// Binds text; SQLite copies it (`SQLITE_TRANSIENT`), so the string may go away afterwards.
    public func bind(_ value: String, at index: Int32) throws {
        let statement = try requireHandle()
        var text = value
        let code = text.withUTF8 { bytes -> Int32 in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(statement, index, "", 0, Statement.transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                sqlite3_bind_text64(statement, index, chars, UInt64(bytes.count), Statement.transient, UInt8(SQLITE_UTF8))
            }
        }
        try check(code)
    }

    /// Binds bytes as a BLOB (copied).
    public func bind(blob bytes: [UInt8], at index: Int32) throws {
        let statement = try requireHandle()
        let code = bytes.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return sqlite3_bind_zeroblob(statement, index, 0)
            }
            return sqlite3_bind_blob64(statement, index, base, UInt64(buffer.count), Statement.transient)
        }
        try check(code)
    }

    /// Binds bytes as a BLOB without making an array first (copied by SQLite).
    public func bind(blob bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        let statement = try requireHandle()
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            try check(sqlite3_bind_zeroblob(statement, index, 0))
            return
        }
        try check(sqlite3_bind_blob64(statement, index, base, UInt64(bytes.count), Statement.transient))
    }

    /// Binds SQL NULL.
    public func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(try requireHandle(), index))
    }

    /// Binds any value.
    public func bind(_ value: SQLiteValue, at index: Int32) throws {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let number): try bind(number, at: index)
        case .real(let number): try bind(number, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(blob: bytes, at: index)
        }
    }

    /// Binds values to parameters 1…n in order.
    public func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() throws {
        try check(sqlite3_clear_bindings(try requireHandle()))
    }

    /// The number of parameters (`?`) in the SQL.
    public var parameterCount: Int32 {
        handle.map { sqlite3_bind_parameter_count($0) } ?? 0
    }

    // MARK: - Stepping

    /// Moves to the next row: true when a row is available, false when the statement is done.
    ///
    /// - Throws: `SQLiteError` naming this statement's SQL.
    public func step() throws -> Bool {
        database.watchdog.steps &+= 1
        let code = sqlite3_step(try requireHandle())
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case SQLITE_INTERRUPT where database.watchdog.tripped:
            throw SQLiteError(code: code, message: "a statement ran longer than \(database.watchdog.limitText) and was stopped "
                + "(the file may be built to make queries run for ever): \(sql.prefix(80))")
        default: throw database.error(code: code, sql: sql)
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    public func reset() throws {
        try check(sqlite3_reset(try requireHandle()))
    }

    // MARK: - Internals

    func requireHandle() throws -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the statement is finalized", sql: sql)
        }
        return handle
    }

    /// The live handle, for column reads (which must not throw per value).
    var rawHandle: OpaquePointer? { handle }

    private func check(_ code: Int32) throws {
        guard code != SQLITE_OK else { return }
        throw database.error(code: code, sql: sql)
    }

    /// SQLite's `SQLITE_TRANSIENT`: "copy the bytes now".
    static var transient: sqlite3_destructor_type {
        unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    }
}
