extension Database {
    /// When a transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Locks are taken by the first read or write (a read snapshot starts at the first read).
        case deferred = "DEFERRED"
        /// The write lock is taken at once.
        case immediate = "IMMEDIATE"
        /// Exclusive access at once.
        case exclusive = "EXCLUSIVE"
    }

    /// Opens a transaction; pair it with `commit()` or `rollback()`.
    public func begin(_ kind: TransactionKind = .deferred) throws {
        try execute("BEGIN \(kind.rawValue)")
    }

    /// Commits the open transaction.
    public func commit() throws {
        try execute("COMMIT")
    }

    /// Rolls the open transaction back; does nothing when none is open.
    public func rollback() throws {
        guard !isAutocommit else { return }
        try execute("ROLLBACK")
    }

    /// Runs `body` inside a transaction: committed when it returns, rolled back when it throws.
    public func transaction<Result>(_ kind: TransactionKind = .deferred, _ body: () throws -> Result) throws -> Result {
        try begin(kind)
        let result: Result
        do {
            result = try body()
        } catch {
            try? rollback()
            throw error
        }
        try commit()
        return result
    }

    /// How `checkpoint(_:)` moves WAL content into the database file.
    public enum CheckpointMode: Sendable {
        case passive, full, restart, truncate
    }

    /// Copies the write-ahead log into the database file (only on a read-write connection).
    public func checkpoint(_ mode: CheckpointMode) throws {
        let statement: String
        switch mode {
        case .passive: statement = "PRAGMA wal_checkpoint(PASSIVE)"
        case .full: statement = "PRAGMA wal_checkpoint(FULL)"
        case .restart: statement = "PRAGMA wal_checkpoint(RESTART)"
        case .truncate: statement = "PRAGMA wal_checkpoint(TRUNCATE)"
        }
        let rows = try fetchAll(statement)
        if let first = rows.first, case .integer(let busy) = first.first, busy != 0 {
            throw SQLiteError(code: 5, message: "checkpoint could not finish: another connection is reading", sql: statement)
        }
    }
}
