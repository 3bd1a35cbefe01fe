import CSQLite
import Foundation

extension Database {
    /// Settings for a database file that came from somewhere else, as SQLite's "Defense Against the
    /// Dark Arts" advises: defensive mode (no writable schema, no corrupting pragmas), schema code not
    /// trusted (no functions or virtual tables run from views or triggers), conservative limits, and a
    /// time limit on every statement.
    public struct UntrustedFileLimits: Sendable {
        /// The longest string or blob a value may be (notes of 10 MB are real; hundreds are not).
        public var maximumValueBytes: Int32 = 64 << 20
        public var maximumColumns: Int32 = 500
        /// How long one statement may run before it is stopped (a reader's statements take under a few seconds).
        public var statementTimeLimit: Double = 120

        public init() {}
    }

    /// Applies `UntrustedFileLimits` to this connection.
    /// - Throws: `SQLiteError` when a setting cannot be applied.
    public func restrictForUntrustedFile(_ limits: UntrustedFileLimits = UntrustedFileLimits()) throws {
        var result: Int32 = 0
        guard parpair_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_DEFENSIVE, 1, &result) == SQLITE_OK, result == 1,
              parpair_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &result) == SQLITE_OK, result == 0,
              parpair_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &result) == SQLITE_OK,
              parpair_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_ENABLE_VIEW, 0, &result) == SQLITE_OK
        else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "cannot make the connection defensive: \(path)")
        }
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, limits.maximumValueBytes)
        sqlite3_limit(handle, SQLITE_LIMIT_SQL_LENGTH, 100_000)
        sqlite3_limit(handle, SQLITE_LIMIT_COLUMN, limits.maximumColumns)
        sqlite3_limit(handle, SQLITE_LIMIT_EXPR_DEPTH, 100)
        sqlite3_limit(handle, SQLITE_LIMIT_COMPOUND_SELECT, 8)
        sqlite3_limit(handle, SQLITE_LIMIT_VDBE_OP, 25_000)
        sqlite3_limit(handle, SQLITE_LIMIT_FUNCTION_ARG, 8)
        sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
        sqlite3_limit(handle, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100)
        sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, 100)
        sqlite3_limit(handle, SQLITE_LIMIT_TRIGGER_DEPTH, 10)
        watchdog.limit = limits.statementTimeLimit
        let context = Unmanaged.passUnretained(watchdog).toOpaque()
        sqlite3_progress_handler(handle, 100_000, { context in
            guard let context else { return 0 }
            return Unmanaged<StatementWatchdog>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
        }, context)
    }
}

/// Stops one `sqlite3_step` that runs longer than the limit: SQLite calls `shouldStop` every 100,000
/// virtual-machine steps while a step runs. `Statement.step` counts its calls, so the clock restarts
/// for each new step without reading the clock per row. Not `Sendable`: SQLite calls `shouldStop` from
/// inside `sqlite3_step`, on the thread stepping the connection's statement, the only one that uses it.
final class StatementWatchdog {
    var limit: Double = .infinity
    /// Incremented by every `Statement.step`.
    var steps: UInt64 = 0
    private var seenSteps: UInt64 = .max
    private var started: Double = 0
    /// `120 s`, `0.5 s`.
    var limitText: String { limit == limit.rounded() && limit < 1e9 ? "\(Int(limit)) s" : "\(limit) s" }
    /// Set when a step was stopped; the error it returns is then explained.
    private(set) var tripped = false

    func shouldStop() -> Bool {
        let now = ProcessInfo.processInfo.systemUptime
        if steps != seenSteps {
            seenSteps = steps
            started = now
        }
        if now - started > limit {
            tripped = true
            return true
        }
        return false
    }
}
