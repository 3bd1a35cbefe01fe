import ParPairModel

/// Where the logs come from: the babies, every log table, and the rows that could not be read. The jobs and
/// the aggregation pipeline consume this; `StoreReader` is its SQLite implementation, and how it reads (its
/// threads and connections) stays inside it.
public protocol LogSource: AnyObject {
    /// The babies, ordered by birthday, then name, then row.
    var babies: [Baby] { get }
    /// The file name a report's small print names (`default.store`).
    var storeName: String { get }
    /// The device backup the logs came from, if any.
    var origin: BackupOrigin? { get }
    /// Where warnings go.
    var warn: @Sendable (String) -> Void { get }
    /// The log rows that did not decode, left out of every stream, table by table.
    var unreadableRows: [UnreadableRow] { get }
    /// Every device backup read, in the family's order of phones (one for a single backup, none for a store).
    var origins: [BackupOrigin] { get }
    /// The logs two phones both hold, each counted once (none for a single store).
    var crossPhoneDuplicates: [CrossPhoneDuplicate] { get }
    /// The phone a log of the stream came from, when the source reads several; nil for a single store.
    func phone(of record: LogRecord) -> String?
    /// Closes the stores' connections and removes their private copies now, once everything is read: what was read
    /// stays (the babies, the unreadable rows, the warnings). The owner closes them again afterwards, which then does
    /// nothing; nothing may be read after it.
    func close()

    /// Every log of every kind in one stream by start time (a diaper's time), then kind, then row, handed
    /// to `body` on the calling thread.
    func streamLogs(_ body: (LogRecord) -> Void) throws

    /// Every log table once, whole, each in `order`, into `sink` on the calling thread: a table's logs come
    /// between its `beginTable` and `finishTable`, the tables in any order. Logs `wanted` turns down are left
    /// out (it may be asked on another thread).
    ///
    /// - Returns: with `countingRepeatedIDs`, how many logs had the id of an earlier log of their kind; else 0.
    func readTables(
        order: StreamOrder, wanted: @escaping @Sendable (BabyReference) -> Bool, countingRepeatedIDs: Bool, into sink: some LogSink
    ) throws -> Int
}

extension LogSource {
    public var origins: [BackupOrigin] { origin.map { [$0] } ?? [] }
    public var crossPhoneDuplicates: [CrossPhoneDuplicate] { [] }
    public func phone(of record: LogRecord) -> String? { nil }
}

/// What takes in the logs of a `LogSource`'s tables (the aggregator), on one thread.
public protocol LogSink: AnyObject {
    func beginTable(_ kind: LogKind, expectedLogs: Int)
    func add(_ record: LogRecord)
    func add(_ log: FoodLog)
    func add(_ log: SleepLog)
    func add(_ log: DiaperLog)
    func add(_ log: ActivityLog)
    func finishTable(_ kind: LogKind)
}
