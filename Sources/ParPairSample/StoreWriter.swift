import ParPairStore
import Foundation
import ParPairModel
import Platform
import SQLite

/// Writes a new store in SwiftData's exact layout, for test fixtures and sample stores.
///
/// The schema comes from `StoreLayoutSQL` (entity tables, indexes, `Z_PRIMARYKEY` with `Z_MAX`,
/// `Z_METADATA` with a binary plist, `Z_MODELCACHE`, the history tables), with `page_size` 4096,
/// incremental auto-vacuum and WAL journal mode. Dates are bound as doubles, so whole seconds land
/// as INTEGER like Core Data's. The store is built in a private folder beside the destination and
/// only moved into place by `finish()`; an existing file is never overwritten.
///
/// ```swift
/// let writer = try StoreWriter(creatingAt: "/tmp/x/default.store")
/// try writer.insert(baby)
/// try writer.insert(feed)
/// try writer.keepLaterRowsInWAL()        // rows from here on stay only in default.store-wal
/// try writer.insert(lastFeed)
/// try writer.finish()
/// ```
public final class StoreWriter {
    /// Choices about the store's shape.
    public struct Options: Sendable {
        /// Raw-value enum columns (iOS 18) or one column per case.
        public var enumStyle: StoreLayoutSQL.EnumStyle
        /// `NSPersistenceFrameworkVersion` written to `Z_METADATA` (1414 ≈ iOS 18).
        public var frameworkVersion: Int
        /// `Z_METADATA.Z_UUID` and `NSStoreUUID`: Core Data gives every store its own (a new one by default, so two
        /// stores written are two phones).
        public var storeUUID: UUID
        /// False to leave `Z_METADATA` and `Z_MODELCACHE` empty, like a hand-built fixture.
        public var includeMetadata: Bool
        /// Inserts per transaction when the caller does not commit itself.
        public var batchSize: Int

        public init(
            enumStyle: StoreLayoutSQL.EnumStyle = .rawValue, frameworkVersion: Int = 1414,
            storeUUID: UUID = UUID(),
            includeMetadata: Bool = true, batchSize: Int = 50_000
        ) {
            self.enumStyle = enumStyle
            self.frameworkVersion = frameworkVersion
            self.storeUUID = storeUUID
            self.includeMetadata = includeMetadata
            self.batchSize = batchSize
        }
    }

    /// Where the store will be.
    public let destination: String
    public let options: Options
    /// The connection to the store being built: an escape hatch for tests that need hostile rows
    /// (text in a date column, …). Do not close it.
    public let database: Database
    private let workingDirectory: String
    private let workingFile: String
    private var plans: [String: InsertPlan] = [:]
    private var babyRowIDs: [UUID: Int64] = [:]
    private var insertsInTransaction = 0
    private var walOnly = false
    private var finished = false

    /// Starts a new store.
    ///
    /// - Parameter path: the store file to create (its folder must exist); neither it nor its
    ///   `-wal` / `-shm` may exist.
    /// - Throws: `StoreError.outputExists`, `.cannotCreate`.
    public init(creatingAt path: String, options: Options = Options()) throws {
        destination = path
        self.options = options
        for existing in [path, path + "-wal", path + "-shm"] where (try? FileStatus.of(existing)) != nil {
            throw StoreError.outputExists(existing)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            workingDirectory = try POSIXFile.makeTemporaryDirectory(template: POSIXFile.join(folder, ".parpair-writing-XXXXXX"))
        } catch let failure as FileError {
            throw StoreError.cannotCreate(path, reason: "\(folder): \(failure.reason)")
        }
        workingFile = POSIXFile.join(workingDirectory, StoreLocation.defaultFileName)
        do {
            database = try Database(path: workingFile, mode: .readWriteCreate)
            try database.execute("PRAGMA page_size = 4096; PRAGMA auto_vacuum = INCREMENTAL; PRAGMA encoding = 'UTF-8'")
            try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF")
            try database.transaction {
                for statement in StoreLayoutSQL.schema(style: options.enumStyle) { try database.execute(statement) }
                try writeBookkeeping()
            }
        } catch {
            try? FileManager.default.removeItem(atPath: workingDirectory)
            if let error = error as? SQLiteError { throw StoreError.cannotCreate(path, reason: error.description) }
            throw error
        }
    }

    deinit {
        if !finished { abandon() }
    }

    // MARK: - Inserting model values

    /// Inserts a baby; its `rowID` is used as `Z_PK` when positive. Returns the `Z_PK`.
    @discardableResult
    public func insert(_ baby: Baby) throws -> Int64 {
        let plan = try plan(StoreSchema.baby)
        try bindRowID(baby.rowID, plan)
        try plan.bind(uuid: baby.id, "id")
        try plan.bind(text: baby.name, "name")
        try plan.bind(date: baby.birthday, "birthday")
        let rowID = try run(plan)
        babyRowIDs[baby.id] = rowID
        return rowID
    }

    /// Inserts a feed. `baby: .baby(id:)` must name a baby inserted before; `.dangling(rowID:)`
    /// writes that `Z_PK` as is. Returns the `Z_PK`.
    @discardableResult
    public func insert(_ log: FoodLog) throws -> Int64 {
        try insertLog(StoreSchema.foodLog, rowID: log.rowID, id: log.id, notes: log.notes, baby: log.baby) { plan in
            try plan.bind(enumeration: log.type, "type")
            try plan.bind(double: log.amount, "amount")
            try plan.bind(enumeration: log.feedingUnit, "feedingUnit")
            try plan.bind(date: log.startTime, "startTime")
            try plan.bind(date: log.endTime, "endTime")
        }
    }

    /// Inserts a sleep. Returns the `Z_PK`.
    @discardableResult
    public func insert(_ log: SleepLog) throws -> Int64 {
        try insertLog(StoreSchema.sleepLog, rowID: log.rowID, id: log.id, notes: log.notes, baby: log.baby) { plan in
            try plan.bind(date: log.startTime, "startTime")
            try plan.bind(date: log.endTime, "endTime")
        }
    }

    /// Inserts a diaper change. Returns the `Z_PK`.
    @discardableResult
    public func insert(_ log: DiaperLog) throws -> Int64 {
        try insertLog(StoreSchema.diaperLog, rowID: log.rowID, id: log.id, notes: log.notes, baby: log.baby) { plan in
            try plan.bind(enumeration: log.type, "type")
            try plan.bind(date: log.time, "time")
        }
    }

    /// Inserts an activity. Returns the `Z_PK`.
    @discardableResult
    public func insert(_ log: ActivityLog) throws -> Int64 {
        try insertLog(StoreSchema.activityLog, rowID: log.rowID, id: log.id, notes: log.notes, baby: log.baby) { plan in
            try plan.bind(enumeration: log.type, "type")
            try plan.bind(date: log.startTime, "startTime")
            try plan.bind(date: log.endTime, "endTime")
        }
    }

    /// What every log insert shares: the row id, the log's id, its notes and its baby around the
    /// fields of its own kind.
    private func insertLog(
        _ mapping: EntityMapping, rowID: Int64, id: UUID, notes: String, baby: BabyReference,
        _ bindFields: (InsertPlan) throws -> Void
    ) throws -> Int64 {
        let plan = try plan(mapping)
        try bindRowID(rowID, plan)
        try plan.bind(uuid: id, "id")
        try bindFields(plan)
        try plan.bind(text: notes, "notes")
        try bindBaby(baby, plan)
        return try run(plan)
    }

    /// Inserts any log. Returns the `Z_PK`.
    @discardableResult
    public func insert(_ record: LogRecord) throws -> Int64 {
        switch record {
        case .food(let log): try insert(log)
        case .sleep(let log): try insert(log)
        case .diaper(let log): try insert(log)
        case .activity(let log): try insert(log)
        }
    }

    // MARK: - Raw SQL, transactions, WAL, finishing

    /// Runs one SQL statement with bound values (for hostile fixture rows); joins the open transaction.
    public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws {
        try ensureTransaction()
        try wrap {
            try database.withStatement(sql) { statement in
                try statement.bind(bindings)
                while try statement.step() {}
            }
        }
    }

    /// Runs several SQL statements (no values) in the open transaction, e.g. the §10.1 fixture rows.
    public func executeScript(_ sql: String) throws {
        try ensureTransaction()
        try wrap { try database.execute(sql) }
    }

    /// Commits the rows inserted so far as one transaction (one "save" of the app).
    public func commit() throws {
        guard !database.isAutocommit else { return }
        try wrap { try database.commit() }
        insertsInTransaction = 0
    }

    /// Moves everything written so far into the main file; rows written after this stay only in
    /// the `-wal` file of the finished store, as when the app has not checkpointed yet.
    public func keepLaterRowsInWAL() throws {
        try commit()
        try wrap {
            try database.transaction { try updatePrimaryKeys() }
            try database.checkpoint(.truncate)
            try database.execute("PRAGMA wal_autocheckpoint = 0")
        }
        walOnly = true
    }

    /// Commits, updates `Z_PRIMARYKEY.Z_MAX`, and puts the store (and its `-wal`, after
    /// `keepLaterRowsInWAL()`) at the destination.
    ///
    /// - Throws: `StoreError.outputExists` if something appeared at the destination meanwhile,
    ///   `.cannotCreate` when the files cannot be written.
    public func finish() throws {
        guard !finished else { return }
        try commit()
        try wrap { try database.transaction { try updatePrimaryKeys() } }
        finished = true
        defer { try? FileManager.default.removeItem(atPath: workingDirectory) }
        for statement in plans.values { statement.statement.finalize() }
        plans.removeAll()
        if walOnly {
            // Copy while the connection is open: closing it would checkpoint the WAL into the file.
            try place(workingFile, at: destination, link: false)
            do {
                try place(workingFile + "-wal", at: destination + "-wal", link: false)
            } catch {
                POSIXFile.remove(destination)
                throw error
            }
            database.close()
        } else {
            try wrap { try database.checkpoint(.truncate) }
            database.close()
            try place(workingFile, at: destination, link: true)
        }
    }

    // MARK: - Internals

    private func abandon() {
        for statement in plans.values { statement.statement.finalize() }
        database.close()
        try? FileManager.default.removeItem(atPath: workingDirectory)
    }

    private func place(_ source: String, at target: String, link: Bool) throws {
        if link {
            do {
                try POSIXFile.link(source, target)
                return
            } catch let failure as FileError where failure.code == EEXIST {
                throw StoreError.outputExists(target)
            } catch {
                // No hard links on this file system: copy instead.
            }
        }
        do {
            _ = try FileCopy.copy(from: source, to: target, mode: 0o644)
        } catch let failure where failure.path == source {
            throw StoreError.cannotCreate(target, reason: "\(failure.path): \(failure.reason)")
        } catch let failure {
            if failure.code == EEXIST { throw StoreError.outputExists(target) }
            POSIXFile.remove(target)
            throw StoreError.cannotCreate(target, reason: failure.reason)
        }
    }

    private func writeBookkeeping() throws {
        let numbers = StoreLayoutSQL.entityNumbers
        try database.withStatement("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, 0, 0)") { statement in
            let rows = numbers.sorted { $0.value < $1.value }.map { ($0.value, $0.key) } + StoreLayoutSQL.historyEntities
            for (number, name) in rows {
                try statement.bind([.integer(number), .text(name)])
                _ = try statement.step()
                try statement.reset()
            }
        }
        guard options.includeMetadata else { return }
        try database.withStatement("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)") { statement in
            try statement.bind([.text(options.storeUUID.uuidString), .blob(StoreMetadata.plist(options: options))])
            _ = try statement.step()
        }
        try database.execute("INSERT INTO Z_MODELCACHE (Z_CONTENT) VALUES (X'')")
    }

    private func updatePrimaryKeys() throws {
        let tables = Set(try database.tableNames())
        guard tables.contains("Z_PRIMARYKEY") else { return }
        let numbers = StoreLayoutSQL.entityNumbers
        for mapping in StoreSchema.entities where tables.contains(mapping.table) {
            guard let number = numbers[mapping.entity] else { continue }
            try database.withStatement(
                "UPDATE Z_PRIMARYKEY SET Z_MAX = (SELECT coalesce(max(Z_PK), 0) FROM \(Database.quote(identifier: mapping.table))) WHERE Z_ENT = ?"
            ) { statement in
                try statement.bind(number, at: 1)
                _ = try statement.step()
            }
        }
    }

    private func plan(_ mapping: EntityMapping) throws -> InsertPlan {
        if let plan = plans[mapping.entity] { return plan }
        let number = StoreLayoutSQL.entityNumbers[mapping.entity] ?? 0
        let plan = try wrap { try InsertPlan(mapping: mapping, style: options.enumStyle, entityNumber: number, database: database) }
        plans[mapping.entity] = plan
        return plan
    }

    private func bindRowID(_ rowID: Int64, _ plan: InsertPlan) throws {
        try ensureTransaction()
        try wrap {
            if rowID > 0 { try plan.statement.bind(rowID, at: 1) } else { try plan.statement.bindNull(at: 1) }
        }
    }

    private func bindBaby(_ reference: BabyReference, _ plan: InsertPlan) throws {
        switch reference {
        case .baby(let id):
            guard let rowID = babyRowIDs[id] else {
                throw StoreError.internal("StoreWriter: baby \(id) was not inserted before its logs")
            }
            try plan.bind(integer: rowID, "baby")
        case .none:
            try plan.bind(integer: nil, "baby")
        case .dangling(let rowID):
            try plan.bind(integer: rowID, "baby")
        }
    }

    private func run(_ plan: InsertPlan) throws -> Int64 {
        try wrap {
            _ = try plan.statement.step()
            try plan.statement.reset()
        }
        insertsInTransaction += 1
        let rowID = database.lastInsertRowID
        if insertsInTransaction >= options.batchSize { try commit() }
        return rowID
    }

    private func ensureTransaction() throws {
        guard !finished else { throw StoreError.internal("StoreWriter: the store is finished") }
        if database.isAutocommit { try wrap { try database.begin(.immediate) } }
    }

    private func wrap<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw StoreError.cannotCreate(destination, reason: error.description)
        }
    }
}
