import CSQLite

/// A connection to an SQLite database file; owns the `sqlite3 *` handle and closes it in `deinit`.
///
/// Only bound parameters carry values into SQL. Names that must be spliced into SQL text go through
/// `Database.quote(identifier:)`.
///
/// ```swift
/// let database = try Database(path: "/tmp/x.sqlite", mode: .readOnly)
/// let count = try database.withStatement("SELECT count(*) FROM t WHERE a > ?") { statement in
///     try statement.bind(Int64(3), at: 1)
///     _ = try statement.step()
///     return statement.int64(0) ?? 0
/// }
/// ```
///
/// A `Database` is not `Sendable`: use each connection from one thread at a time.
public final class Database {
    var handle: OpaquePointer?
    /// Stops runaway statements once `restrictForUntrustedFile` set a limit.
    let watchdog = StatementWatchdog()
    /// The file path this connection was opened on (not the URI).
    public let path: String
    /// How the file was opened.
    public let mode: OpenMode

    /// Opens a database file.
    ///
    /// - Parameters:
    ///   - path: a file path; it is turned into a percent-encoded `file:` URI, so `?`, `#`, `%`
    ///     and spaces in names are safe.
    ///   - mode: `.readOnly` opens with `mode=ro`; `.readWrite` needs an existing file;
    ///     `.readWriteCreate` creates the file when it is missing.
    /// - Throws: `SQLiteError` when SQLite cannot open the file.
    public init(path: String, mode: OpenMode) throws {
        self.path = path
        self.mode = mode
        var uri = Database.fileURI(forPath: path)
        if mode == .readOnly { uri += "?mode=ro" }
        var opened: OpaquePointer?
        let flags = mode.flags | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(uri, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            let extended = opened.map { sqlite3_extended_errcode($0) } ?? code
            sqlite3_close_v2(opened)
            throw SQLiteError(code: code, extendedCode: extended, message: "\(message): \(path)")
        }
        sqlite3_extended_result_codes(opened, 1)
        handle = opened
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Closes the connection now. Statements still alive keep working until they are released
    /// (SQLite's `close_v2` defers the close), but the connection can no longer prepare anything.
    public func close() {
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// True until `close()`.
    public var isOpen: Bool { handle != nil }

    /// The SQLite library version, e.g. `3.40.1`.
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Waits up to this long for a lock held by another connection before failing with `busy`.
    public func setBusyTimeout(milliseconds: Int32) throws {
        let connection = try requireHandle()
        try check(sqlite3_busy_timeout(connection, milliseconds), sql: nil)
    }

    /// Runs one or more SQL statements that return no rows you need (`PRAGMA`, `CREATE`, `BEGIN`).
    public func execute(_ sql: String) throws {
        let connection = try requireHandle()
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, sql, nil, nil, &errorMessage)
        defer { sqlite3_free(errorMessage) }
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(connection))
            throw SQLiteError(code: code, extendedCode: sqlite3_extended_errcode(connection), message: message, sql: sql)
        }
    }

    /// Compiles exactly one SQL statement.
    ///
    /// - Throws: `SQLiteError` for bad SQL, or when `sql` holds more than one statement.
    public func prepare(_ sql: String) throws -> Statement {
        let connection = try requireHandle()
        var statement: OpaquePointer?
        var trailing = false
        var utf8 = sql
        let code = utf8.withUTF8 { bytes -> Int32 in
            bytes.withMemoryRebound(to: CChar.self) { chars -> Int32 in
                var tail: UnsafePointer<CChar>?
                guard let base = chars.baseAddress else { return SQLITE_OK }
                let result = sqlite3_prepare_v2(connection, base, Int32(clamping: chars.count), &statement, &tail)
                if result == SQLITE_OK, let tail {
                    let consumed = base.distance(to: tail)
                    trailing = chars[consumed...].contains { !Database.isSpaceOrSemicolon(UInt8(bitPattern: $0)) }
                }
                return result
            }
        }
        if code != SQLITE_OK {
            sqlite3_finalize(statement)
            throw SQLiteError(code: code, extendedCode: sqlite3_extended_errcode(connection),
                              message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no SQL statement to prepare", sql: sql)
        }
        if trailing {
            sqlite3_finalize(statement)
            throw SQLiteError(code: SQLITE_MISUSE, message: "more than one SQL statement given to prepare", sql: sql)
        }
        return Statement(handle: statement, database: self, sql: sql)
    }

    /// Prepares a statement, hands it to `body`, and finalizes it afterwards.
    public func withStatement<Result>(_ sql: String, _ body: (Statement) throws -> Result) throws -> Result {
        let statement = try prepare(sql)
        defer { statement.finalize() }
        return try body(statement)
    }

    /// The rowid of the last row inserted through this connection.
    public var lastInsertRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// True when no transaction is open.
    public var isAutocommit: Bool {
        handle.map { sqlite3_get_autocommit($0) != 0 } ?? true
    }

    // MARK: - Internals shared with Statement

    func requireHandle() throws -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed")
        }
        return handle
    }

    func check(_ code: Int32, sql: String?) throws {
        guard code != SQLITE_OK else { return }
        throw error(code: code, sql: sql)
    }

    func error(code: Int32, sql: String?) -> SQLiteError {
        guard let handle else {
            return SQLiteError(code: code, message: String(cString: sqlite3_errstr(code)), sql: sql)
        }
        return SQLiteError(code: code, extendedCode: sqlite3_extended_errcode(handle),
                           message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    private static func isSpaceOrSemicolon(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x3B || byte == 0
    }
}
