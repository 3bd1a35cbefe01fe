import Foundation
import ParPairModel
import Platform
import PropertyList
import SQLite

/// Reads a ParPair store safely: from a private snapshot, inside one read transaction.
///
/// Opening copies `default.store` and `default.store-wal` into a private temporary folder (see
/// `StoreSnapshot`), opens the copy with `mode=ro` and `PRAGMA query_only=1`, begins one read
/// transaction, checks it is a ParPair store, resolves each table's columns and reads the babies.
/// Logs are then streamed in time order, so memory does not grow with the number of logs.
/// Everything read through one reader comes from the same snapshot. `close()` (or `deinit`)
/// ends the transaction and deletes the snapshot.
///
/// ```swift
/// let store = try StoreReader(path: "~/Downloads/ParPair")   // a folder holding default.store
/// defer { store.close() }
/// try store.forEachFoodLog { log in accumulator.add(log) }
/// ```
///
/// Leniencies: a NULL `notes` reads as `""`; a missing column of an optional property (`endTime`,
/// `amount`, `feedingUnit`, `baby`) reads as nil and is noted in `info()`; a missing sleep, diaper or
/// activity table reads as no logs and is noted. Unknown enum text becomes the type's `.other(text)`.
/// Everything else that does not decode is a `StoreError` naming table, column and `Z_PK`.
public final class StoreReader {
    /// The user's files.
    public let location: StoreLocation
    /// The babies, ordered by birthday, then name, then `Z_PK`.
    public let babies: [Baby]
    /// Entity names from `Z_PRIMARYKEY`, in `Z_ENT` order (empty when that table is missing).
    public let entities: [String]
    /// `NSPersistenceFrameworkVersion` from `Z_METADATA` (e.g. 1414 for iOS 18), when present.
    public let frameworkVersion: Int?
    /// `NSStoreUUID` from `Z_METADATA`, when the store has one.
    public let storeUUID: UUID?
    /// The store file's device and inode when it was opened (a backup's: its manifest's, see `identity`).
    let fileIdentity: (device: UInt64, inode: UInt64)?

    let snapshot: StoreSnapshot
    /// The store restored from a device backup, when STORE named one; removed with the snapshot.
    let restored: RestoredStore?
    /// The device backup the store came from, if any.
    public var origin: BackupOrigin? { restored?.origin }
    /// Where warnings go (`StoreRequest.warn`).
    public let warn: @Sendable (String) -> Void
    /// Log rows that did not decode (a NULL or wrong-typed value where one is required): left out of
    /// every stream and kept here, so that one bad row is a finding, never the store's failure. Table by
    /// table (food, sleep, diaper, activity), each in the order its rows were read, whichever order the
    /// tables were read in (and whichever reader read them, see `adoptUnreadableRows(of:)`).
    public var unreadableRows: [UnreadableRow] { unreadableByKind.flatMap { $0 } }
    private var unreadableByKind: [[UnreadableRow]] = Array(repeating: [], count: LogKind.allCases.count)
    private var unreadableKeys: Set<String> = []
    /// The rows of each table holding a value longer than SQLite's length limit, once a read has met one
    /// (`findOversizedRows(of:)`): left out of every statement over that table afterwards.
    var oversizedRows: [LogKind: [Int64]] = [:]
    let database: Database
    let babyLayout: TableLayout
    /// The layouts of the log tables this store has.
    let layouts: [LogKind: TableLayout]
    let babyIDs: BabyRowIDs
    /// Things worth telling about the store's shape (absent tables, …), found while opening.
    let openingNotes: [String]
    /// Prepared statements by SQL text, each prepared once and reused.
    private var statements: [String: Statement] = [:]
    private var streaming: Set<LogKind> = []
    /// Each table's rows, once counted (`rowCount(of:)`).
    private var rowCounts: [LogKind: Int] = [:]
    /// The statements a running stream of each kind uses, reset when it finishes.
    private var activeStatements: [LogKind: [Statement]] = [:]
    private var closed = false
    /// False for a sibling (`sibling()`): the snapshot and restored store belong to the reader that made it.
    private let ownsFiles: Bool

    /// Which columns of the log tables a reader reads.
    public enum LogColumns: Sendable {
        /// Every property.
        case all
        /// Every property but the notes, which read as `""`: for the jobs that show no note, so that a note of
        /// any length costs them nothing.
        case withoutNotes

        var skipped: Set<String> { self == .all ? [] : ["notes"] }
    }

    /// Opens a store for reading.
    ///
    /// - Parameters:
    ///   - path: the store file, or a folder holding `default.store`.
    ///   - scratchDirectory: where the private snapshot folder is made (default: the temporary directory).
    /// - Throws: `StoreError` (missing path, not a store, damaged file, missing table or column, …).
    public convenience init(path: String, scratchDirectory: String? = nil, columns: LogColumns = .all) throws {
        try self.init(StoreRequest(path: path), scratchDirectory: scratchDirectory, columns: columns)
    }

    /// Opens the store a request names: a store, a folder holding one, or a device backup (plain or
    /// encrypted) or a folder of them, whose ParPair store is first restored into a private folder.
    /// - Throws: `StoreError`, `BackupError` (DeviceBackup), `BackupStoreError`.
    public init(_ request: StoreRequest, scratchDirectory: String? = nil, columns: LogColumns = .all) throws {
        restored = try RestoredStore.restore(request, scratchDirectory: scratchDirectory)
        do {
            location = try restored?.location ?? StoreLocation(path: request.path)
            snapshot = try StoreSnapshot(copying: location, scratchDirectory: scratchDirectory)
        } catch {
            restored?.remove()
            throw error
        }
        let storePath = restored?.displayPath ?? location.storeFile
        warn = request.warn
        if let ignored = snapshot.wal?.ignored { request.warn("\(storePath): \(ignored)") }
        if snapshot.shmPresent, snapshot.wal == nil {
            request.warn("\(storePath): a -shm file is there but no -wal, so the newest logs may be missing; copy the whole "
                + "folder (default.store with its -wal and -shm) while the app is closed")
        }
        do {
            if let wal = snapshot.wal, wal.frames > 0, wal.pageSize != snapshot.header.pageSize {
                throw StoreError.corrupt(storePath, detail: "its -wal holds pages of \(wal.pageSize) bytes and the store pages of "
                    + "\(snapshot.header.pageSize): the -wal belongs to another database; copy default.store and default.store-wal "
                    + "together, from the same folder")
            }
            database = try StoreReader.connect(to: snapshot)
            let shape = try StoreShape.read(database, storePath: storePath, columns: columns)
            entities = shape.entities
            frameworkVersion = shape.frameworkVersion
            storeUUID = shape.storeUUID
            fileIdentity = (try? FileStatus.of(location.storeFile))?.map { ($0.device, $0.inode) }
            babyLayout = shape.babyLayout
            layouts = shape.layouts
            openingNotes = shape.notes
            babies = try StoreReader.readBabies(database, layout: babyLayout, storePath: storePath)
            var ids: [Int64: UUID] = [:]
            for baby in babies { ids[baby.rowID] = baby.id }
            babyIDs = BabyRowIDs(ids)
            ownsFiles = true
        } catch let error as SQLiteError {
            let mapped = StoreReader.storeError(error, path: storePath, walFrames: snapshot.wal?.frames ?? 0)
            snapshot.remove()
            restored?.remove()
            throw mapped
        } catch {
            snapshot.remove()
            restored?.remove()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Ends the read transaction, closes the connection and deletes the private snapshot.
    /// Safe to call more than once.
    public func close() {
        guard !closed else { return }
        closed = true
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        try? database.commit()
        database.close()
        guard ownsFiles else { return }
        snapshot.remove()
        restored?.remove()
    }

    /// A reader of the same snapshot through a connection of its own (see `openSecondConnection()`), for
    /// a second thread to stream one table while this reader streams another: it reads exactly what this
    /// reader reads, and keeps its own unreadable rows (`adoptUnreadableRows(of:)` takes them over). Close
    /// it before this reader, which alone removes the snapshot.
    public func sibling() throws -> StoreReader {
        try StoreReader(sibling: self, database: openSecondConnection())
    }

    private init(sibling parent: StoreReader, database: Database) {
        location = parent.location
        babies = parent.babies
        entities = parent.entities
        frameworkVersion = parent.frameworkVersion
        storeUUID = parent.storeUUID
        fileIdentity = parent.fileIdentity
        snapshot = parent.snapshot
        restored = parent.restored
        warn = parent.warn
        self.database = database
        babyLayout = parent.babyLayout
        layouts = parent.layouts
        babyIDs = parent.babyIDs
        openingNotes = parent.openingNotes
        ownsFiles = false
    }

    /// Lists the rows a sibling found unreadable with this reader's own, each row once.
    public func adoptUnreadableRows(of sibling: StoreReader) {
        for row in sibling.unreadableRows { list(row) }
    }

    /// Lists an unreadable row, unless it is listed already (a late row, or one read again in a second pass).
    func list(_ row: UnreadableRow) {
        if unreadableKeys.insert("\(row.table)/\(row.rowID)").inserted { unreadableByKind[row.kind.index].append(row) }
    }

    /// Opens a store, hands the reader to `body`, and closes it afterwards (also when `body` throws).
    public static func withReader<Result>(
        path: String, scratchDirectory: String? = nil, columns: LogColumns = .all, _ body: (StoreReader) throws -> Result
    ) throws -> Result {
        try withReader(StoreRequest(path: path), scratchDirectory: scratchDirectory, columns: columns, body)
    }

    /// Opens the store a request names (see `init(_:scratchDirectory:columns:)`), hands it to `body`, and closes it.
    public static func withReader<Result>(
        _ request: StoreRequest, scratchDirectory: String? = nil, columns: LogColumns = .all,
        _ body: (StoreReader) throws -> Result
    ) throws -> Result {
        let reader = try StoreReader(request, scratchDirectory: scratchDirectory, columns: columns)
        defer { reader.close() }
        return try body(reader)
    }

    /// True when the store has the table of this kind of log.
    public func hasTable(for kind: LogKind) -> Bool { layouts[kind] != nil }

    /// How each enumeration property is laid out, by table then property: `["ZFOODLOG": ["type": .rawValue]]`.
    public var enumLayouts: [String: [String: EnumLayout]] {
        var result: [String: [String: EnumLayout]] = [:]
        for layout in layouts.values where !layout.enumLayouts.isEmpty {
            result[layout.mapping.table] = layout.enumLayouts
        }
        return result
    }

    // MARK: - Streams

    /// Calls `body` with each feed, ordered by start time then `Z_PK` (or as `order` says). Rows are
    /// decoded one at a time. For `.startTimePerBaby`, `lateRows` may bring the table's scan, made by
    /// any reader of this snapshot (`lateRows(of:progressEvery:_:)`); without it the stream scans first.
    ///
    /// - Throws: `StoreError` for a row that does not decode (naming table, column and `Z_PK`) or a
    ///   damaged file; any error `body` throws is passed through and stops the stream.
    public func forEachFoodLog(order: StreamOrder = .startTime, lateRows: LateRows? = nil, _ body: (FoodLog) throws -> Void) throws {
        try stream(FoodLogDecoder.self, order: order, lateRows: lateRows, body)
    }

    /// Calls `body` with each sleep, ordered by start time then `Z_PK` (or as `order` says); none when
    /// the table is absent. `lateRows` as for `forEachFoodLog`.
    public func forEachSleepLog(order: StreamOrder = .startTime, lateRows: LateRows? = nil, _ body: (SleepLog) throws -> Void) throws {
        try stream(SleepLogDecoder.self, order: order, lateRows: lateRows, body)
    }

    /// Calls `body` with each diaper change, ordered by time then `Z_PK` (or as `order` says); none
    /// when the table is absent. `lateRows` as for `forEachFoodLog`.
    public func forEachDiaperLog(order: StreamOrder = .startTime, lateRows: LateRows? = nil, _ body: (DiaperLog) throws -> Void) throws {
        try stream(DiaperLogDecoder.self, order: order, lateRows: lateRows, body)
    }

    /// Calls `body` with each activity, ordered by start time then `Z_PK` (or as `order` says); none
    /// when the table is absent. `lateRows` as for `forEachFoodLog`.
    public func forEachActivityLog(order: StreamOrder = .startTime, lateRows: LateRows? = nil, _ body: (ActivityLog) throws -> Void) throws {
        try stream(ActivityLogDecoder.self, order: order, lateRows: lateRows, body)
    }

    /// How many rows the table of `kind` holds (0 when it is absent): what a consumer of the
    /// stream can size itself for. SQLite counts them from the table's smallest index, once per reader (the
    /// read transaction keeps the count).
    public func rowCount(of kind: LogKind) throws -> Int {
        guard let layout = layouts[kind] else { return 0 }
        if let counted = rowCounts[kind] { return counted }
        let counted = try readingSQLite { try count("SELECT count(*) FROM \(layout.quotedTable)") }
        rowCounts[kind] = counted
        return counted
    }

    /// How many rows of the table of `kind` point at each baby (by the baby's id in this store): SQLite counts
    /// them from the baby relationship's index. Rows of no baby, or of a row no baby has, are not counted.
    func logCounts(of kind: LogKind) throws -> [UUID: Int] {
        guard let layout = layouts[kind], let baby = layout.columnName("baby") else { return [:] }
        let column = Database.quote(identifier: baby)
        let rows = try readingSQLite { try database.fetchAll("SELECT \(column), count(*) FROM \(layout.quotedTable) GROUP BY \(column)") }
        var counts: [UUID: Int] = [:]
        for row in rows {
            guard row.count == 2, let rowID = row[0].integerValue, let id = babyIDs[rowID], let count = row[1].integerValue else { continue }
            counts[id, default: 0] += Int(count)
        }
        return counts
    }

    /// Calls `body` with every record of the table of `kind`, in `order` (`lateRows` as for `forEachFoodLog`), handing
    /// each over for `body` to keep without a copy, with what a reader of the stream looks at read from the log as it
    /// was decoded: each reading of a record takes it apart again.
    func forEachRecord(
        of kind: LogKind, order: StreamOrder, lateRows: LateRows? = nil, _ body: (consuming LogRecord, LogFacts) throws -> Void
    ) throws {
        switch kind {
        case .food:
            try forEachFoodLog(order: order, lateRows: lateRows) { try body(.food($0), LogFacts($0.id, $0.baby, $0.startTime, $0.endTime)) }
        case .sleep:
            try forEachSleepLog(order: order, lateRows: lateRows) { try body(.sleep($0), LogFacts($0.id, $0.baby, $0.startTime, $0.endTime)) }
        case .diaper:
            try forEachDiaperLog(order: order, lateRows: lateRows) { try body(.diaper($0), LogFacts($0.id, $0.baby, $0.time, nil)) }
        case .activity:
            try forEachActivityLog(order: order, lateRows: lateRows) {
                try body(.activity($0), LogFacts($0.id, $0.baby, $0.startTime, $0.endTime))
            }
        }
    }

    /// A log's id, baby, start and end (`LogRecord`'s), as `forEachRecord` hands them over beside it.
    struct LogFacts {
        let id: UUID
        let baby: BabyReference
        let start: Date
        let end: Date?

        init(_ id: UUID, _ baby: BabyReference, _ start: Date, _ end: Date?) {
            (self.id, self.baby, self.start, self.end) = (id, baby, start, end)
        }
    }

    /// Reads everything into memory (for small stores and tests; the report streams instead).
    public func readAll() throws -> StoreContents {
        var contents = StoreContents(babies: babies)
        try forEachFoodLog { contents.foodLogs.append($0) }
        try forEachSleepLog { contents.sleepLogs.append($0) }
        try forEachDiaperLog { contents.diaperLogs.append($0) }
        try forEachActivityLog { contents.activityLogs.append($0) }
        return contents
    }

    // MARK: - Internals

    private func stream<Decoder: LogDecoder>(
        _ type: Decoder.Type, order: StreamOrder, lateRows: LateRows? = nil, _ body: (Decoder.Log) throws -> Void
    ) throws {
        guard let kind = Decoder.mapping.kind, let layout = layouts[kind] else { return }
        try readingPastOversizedRows(of: kind, body) { retry, deliver in
            // A scan made before a row was left out would still count it: a retry scans again.
            if order == .startTimePerBaby,
               try streamMergingLateRows(type, kind: kind, layout: layout, lateRows: retry ? nil : lateRows, deliver) { return }
            let excluded = excludedRows(of: kind)
            let statement = try beginStream(kind, sql: order == .stored ? layout.storageOrderSelectSQL(excluding: excluded)
                                                : layout.orderedSelectSQL(excluding: excluded))
            defer { finishStream(kind) }
            let decoder = Decoder(layout: layout, babies: babyIDs)
            let row = RowReader(statement: statement, table: layout.tableName, storePath: location.storeFile)
            while try readingSQLite({ try statement.step() }) {
                guard let log = try readingSQLite({ try decodeOrSkip(decoder, row, kind: kind) }) else { continue }
                try deliver(log)
            }
        }
    }

    /// Decodes a row, or records it as unreadable and returns nil when a value in it does not decode.
    func decodeOrSkip<Decoder: LogDecoder>(_ decoder: Decoder, _ row: RowReader, kind: LogKind) throws -> Decoder.Log? {
        do {
            return try decoder.decode(row)
        } catch StoreError.badValue(_, let table, let column, let rowID, let problem) {
            list(UnreadableRow(kind: kind, table: table, column: column, rowID: rowID, problem: problem, id: try? row.uuid(decoder.id)))
            return nil
        }
    }

    func makeCursor(_ kind: LogKind) throws -> LogCursor? {
        guard let layout = layouts[kind] else { return nil }
        switch kind {
        case .food: return try LogCursor(kind, layout: layout, decoder: FoodLogDecoder(layout: layout, babies: babyIDs), reader: self)
        case .sleep: return try LogCursor(kind, layout: layout, decoder: SleepLogDecoder(layout: layout, babies: babyIDs), reader: self)
        case .diaper: return try LogCursor(kind, layout: layout, decoder: DiaperLogDecoder(layout: layout, babies: babyIDs), reader: self)
        case .activity:
            return try LogCursor(kind, layout: layout, decoder: ActivityLogDecoder(layout: layout, babies: babyIDs), reader: self)
        }
    }

    /// Marks a stream of `kind` as running and returns its statement; refuses a nested stream of the
    /// same kind. `finishStream(kind)` ends it.
    func beginStream(_ kind: LogKind, sql: String) throws -> Statement {
        guard !closed else { throw StoreError.internal("the store reader is closed") }
        guard !streaming.contains(kind) else {
            throw StoreError.internal("a \(kind) stream was started inside another \(kind) stream")
        }
        let statement = try prepared(sql)
        streaming.insert(kind)
        activeStatements[kind, default: []].append(statement)
        return statement
    }

    /// A statement for `sql` that a running stream of `kind` takes in place of its own, reset with the stream's.
    func restream(_ kind: LogKind, sql: String) throws -> Statement {
        let statement = try prepared(sql)
        activeStatements[kind, default: []].append(statement)
        return statement
    }

    /// A statement for `sql`, prepared once and reused (reset it after use).
    func prepared(_ sql: String) throws -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try readingSQLite { try database.prepare(sql) }
        statements[sql] = statement
        return statement
    }

    func finishStream(_ kind: LogKind) {
        streaming.remove(kind)
        for statement in activeStatements.removeValue(forKey: kind) ?? [] { try? statement.reset() }
    }

    /// Runs SQLite work, turning an `SQLiteError` into a `StoreError` about the user's file.
    /// Another read-only connection to the private snapshot, restricted as the first and in a read
    /// transaction of its own: nobody writes the snapshot, so it reads exactly what `database` reads,
    /// and a second thread can read one table while the first reads another.
    func openSecondConnection() throws -> Database {
        try readingSQLite { try StoreReader.connect(to: snapshot) }
    }

    /// A read-only connection to the snapshot, restricted as a file from elsewhere (`restrictForUntrustedFile`),
    /// answering queries only, in a read transaction of its own.
    static func connect(to snapshot: StoreSnapshot) throws -> Database {
        let database = try Database(path: snapshot.storeFile, mode: .readOnly)
        try database.restrictForUntrustedFile()
        try database.setBusyTimeout(milliseconds: 2000)
        try database.execute("PRAGMA query_only = 1")
        try database.execute(StoreReader.cacheSizePragma)
        try database.begin(.deferred)
        return database
    }

    /// Each connection's page cache: 128 KiB instead of SQLite's 2 MB. Tables are read in one pass each,
    /// so the cache only has to hold the interior pages a fetch by `Z_PK` walks (a few dozen in a 64 MB
    /// store); the rest was memory that grew with the store for nothing. Every page of it is a fresh page
    /// of memory the first time, and a larger cache read no fewer pages.
    static let cacheSizePragma = "PRAGMA cache_size = -128"

    func readingSQLite<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw StoreReader.storeError(error, path: restored?.displayPath ?? location.storeFile, walFrames: snapshot.wal?.frames ?? 0)
        }
    }

    /// A failure SQLite reported while reading, about the user's store; damage found with a `-wal` beside
    /// the store may be a `-wal` of another database, and the message says so.
    static func storeError(_ error: SQLiteError, path: String, walFrames: Int) -> StoreError {
        let mapped = StoreError.reading(path, error)
        guard walFrames > 0, case .corrupt(let path, let detail) = mapped else { return mapped }
        return .corrupt(path, detail: detail + "; or its -wal belongs to another database (copy default.store and "
            + "default.store-wal together, from the same folder)")
    }

    /// The most babies a store may hold, as the late rows are bounded (`LateRowPlan.maximumLateRows`): a family
    /// has a few, and 100,000 still make a report (HostileInputScaleTests). More is refused as the store's
    /// damage before its rows cost minutes and gigabytes (a million took 35 s and 3.1 GB, then failed on the
    /// size of the report, blaming the template).
    static let maximumBabies = 100_000

    private static func readBabies(_ database: Database, layout: TableLayout, storePath: String) throws -> [Baby] {
        let decoder = BabyDecoder(layout: layout)
        let babies = try database.withStatement(layout.orderedSelectSQL()) { statement in
            let row = RowReader(statement: statement, table: layout.tableName, storePath: storePath)
            var babies: [Baby] = []
            while try statement.step() {
                guard babies.count < maximumBabies else {
                    throw StoreError.corrupt(storePath, detail: "its \(layout.tableName) table holds more than \(maximumBabies) babies, "
                        + "more than a ParPair store has; is it a damaged or a made-up store?")
                }
                babies.append(try decoder.decode(row))
            }
            return babies
        }
        return babies.sorted { ($0.birthday, $0.name, $0.rowID) < ($1.birthday, $1.name, $1.rowID) }
    }
}
