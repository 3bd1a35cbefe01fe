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
    /// The phones read, in the family's order: `PhoneLog.phone` and `Finding.phone` index this.
    var phones: [Phone] { get }
    /// Which babies were matched across phones, and whose phones disagree on the birth time, one sentence each.
    var matchNotes: [MatchNote] { get }
    /// The other phones backed up in a folder a phone was picked from, by device name.
    var phonesLeftOut: [String] { get }
    /// Closes the stores' connections and removes their private copies now, once everything is read: what was read
    /// stays (the babies, the unreadable rows, the warnings). The owner closes them again afterwards, which then does
    /// nothing; nothing may be read after it.
    func close()

    /// Every log of every kind in one stream by start time (a diaper's time), then kind, then phone, then row, handed
    /// to `body` on the calling thread: those that count, and each other phone's copy of one of them.
    func streamLogs(_ body: (FamilyLog) -> Void) throws

    /// Every log table once, whole, each in `order`, into `sink` on the calling thread: a table's logs come
    /// between its `beginTable` and `finishTable`, the tables in any order, each copy of another phone's log as
    /// `addCopy` (and the logs' phone, when several, by `setPhone` before them). Logs `wanted` turns down are left
    /// out (it may be asked on another thread).
    ///
    /// - Returns: with `countingRepeatedIDs`, how many logs had the id of an earlier log of their kind; else 0.
    func readTables(
        order: StreamOrder, wanted: @escaping @Sendable (BabyReference) -> Bool, countingRepeatedIDs: Bool, into sink: some LogSink
    ) throws -> Int
}

extension LogSource {
    public var origins: [BackupOrigin] { origin.map { [$0] } ?? [] }
    public var matchNotes: [MatchNote] { [] }
    public var phonesLeftOut: [String] { [] }

    /// How phone `index` is shown: its name, or with names redacted `phone 1`, `phone 2`, … in the family's order (an
    /// index past the phones read numbers a phone left out).
    public func shownName(ofPhone index: Int, redact: Bool) -> String {
        redact || !phones.indices.contains(index) ? "phone \(index + 1)" : phones[index].name
    }
}

/// What takes in the logs of a `LogSource`'s tables (the aggregator), on one thread.
public protocol LogSink: AnyObject {
    func beginTable(_ kind: LogKind, expectedLogs: Int)
    func add(_ record: LogRecord)
    func add(_ log: FoodLog)
    func add(_ log: SleepLog)
    func add(_ log: DiaperLog)
    func add(_ log: ActivityLog)
    /// Another phone's copy of a log that counts (`FamilyLog.copyOf`): counted once, as that log.
    func addCopy(_ copy: FamilyLog)
    /// The logs added next come from this phone (its index in `LogSource.phones`), until it is called again.
    func setPhone(_ phone: Int)
    func finishTable(_ kind: LogKind)
}
