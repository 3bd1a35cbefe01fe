import Foundation
import IDFingerprints
import ParPairModel

/// How one store's log tables are read for its family (`FamilySource`): on two threads through two connections of
/// the snapshot.
extension StoreReader {
    public var storeName: String { location.fileName }

    /// Rows are read and decoded on a second thread while the calling thread folds them into `sink`
    /// (``LogPipeline``); in each baby's order the calling thread also reads tables itself, through a second
    /// connection of the snapshot (`sibling()`), taking in the other thread's logs as they come. It reads the
    /// activities (the smallest table) while the other thread reads the feeds; then it takes the diapers (the
    /// cheapest to read and to fold in) and that thread the sleeps, or either takes both when the other has
    /// not reached them (``TableClaims``), so that neither waits idle while the other reads on alone. Each
    /// table is read whole by one thread in its usual order, and unreadable rows are listed table by table,
    /// so who reads which table does not change what `sink` is given.
    ///
    /// Repeated ids are counted by the thread that reads a table (`RepeatedIDCounter`), so that the calling
    /// thread does not. A small store is read by the calling thread alone, through one connection
    /// (``readsAlone()``), in the same order.
    public func readTables(
        order: StreamOrder, wanted: @escaping @Sendable (BabyReference) -> Bool, countingRepeatedIDs countsRepeats: Bool,
        into sink: some LogSink
    ) throws -> Int {
        /// Counted on this thread, or handed over at a table's end by the reading thread.
        var repeatedIDs = 0
        let alone = try readsAlone()
        let sibling = !alone && order == .startTimePerBaby && hasTable(for: .activity) ? try self.sibling() : nil
        defer { sibling?.close() }
        let claims = TableClaims()
        let activitiesAlongside = sibling != nil
        try LogPipeline.run(self, onThisThread: alone, produce: { reader, pipe in
            func table(_ kind: LogKind, _ read: (_ send: (LogRecord) throws -> Void) throws -> Void) throws {
                guard claims.take(kind) else { return }  // the other thread reads it
                let rows = try reader.rowCount(of: kind)
                try pipe.startTable(kind, rows: rows)
                var ids = RepeatedIDCounter(kind: kind, expected: countsRepeats ? rows : 0)
                try read { log in
                    guard wanted(log.baby) else { return }
                    if countsRepeats { ids.add(log.id) }
                    try pipe.send(log)
                }
                try pipe.endTable(kind, repeatedIDs: ids.finish())
            }
            try table(.food) { send in try reader.forEachFoodLog(order: order) { try send(.food($0)) } }
            try table(.sleep) { send in try reader.forEachSleepLog(order: order) { try send(.sleep($0)) } }
            try table(.diaper) { send in try reader.forEachDiaperLog(order: order) { try send(.diaper($0)) } }
            if !activitiesAlongside {
                try table(.activity) { send in try reader.forEachActivityLog(order: order) { try send(.activity($0)) } }
            }
        }, alongside: { drain in
            guard let sibling else { return }
            repeatedIDs += try sibling.readAlongside(claims: claims, wanted: wanted, into: sink, drain: drain)
        }, consume: { item in
            switch item {
            case .startOfTable(let kind, let rows):
                sink.beginTable(kind, expectedLogs: rows)
            case .logs(let logs):
                for log in logs { sink.add(log) }
            case .endOfTable(let kind, let repeats):
                sink.finishTable(kind)
                repeatedIDs += repeats
            }
        })
        if let sibling { adoptUnreadableRows(of: sibling) }
        return repeatedIDs
    }

    /// Log rows below which a store is read by one thread through one connection: a second thread and
    /// connection cost about what reading a few hundred rows does (a thread's start, a connection opened on the
    /// snapshot, the hand-overs); above this many rows, two pay.
    static let rowsWorthASecondThread = 2_000

    /// Whether the log tables hold too few rows for a second thread to pay for itself.
    func readsAlone() throws -> Bool {
        try logRows() < Self.rowsWorthASecondThread
    }

    /// The rows of every log table.
    func logRows() throws -> Int {
        try LogKind.allCases.reduce(0) { $0 + (try rowCount(of: $1)) }
    }

    /// The calling thread's share of ``readTables(order:wanted:countingRepeatedIDs:into:)`` in each baby's
    /// start order, on this sibling: the activities, diapers and sleeps the other thread has not claimed,
    /// calling `drain` now and then to take in what it sent. A log and its double entry (the same minute)
    /// then meet whatever order they were saved in.
    private func readAlongside(
        claims: TableClaims, wanted: @escaping @Sendable (BabyReference) -> Bool, into sink: some LogSink, drain: () -> Void
    ) throws -> Int {
        /// Logs this thread handles between two looks at what the other thread sent.
        let drainInterval = 256
        var untilDrain = drainInterval
        var repeatedIDs = 0
        func pace() {
            untilDrain -= 1
            if untilDrain == 0 {
                untilDrain = drainInterval
                drain()
            }
        }
        /// Reads a table on this thread, unless the other thread reads it: `read` streams it, folds in each
        /// log `take` says is wanted (`take` counts its id), and paces itself.
        func table(_ kind: LogKind, _ read: (_ take: (UUID, BabyReference) -> Bool) throws -> Void) throws {
            guard claims.take(kind) else { return }  // the other thread reads it
            let rows = try rowCount(of: kind)
            sink.beginTable(kind, expectedLogs: rows)
            var ids = RepeatedIDCounter(kind: kind, expected: rows)
            try read { id, baby in
                guard wanted(baby) else { return false }
                ids.add(id)
                return true
            }
            sink.finishTable(kind)
            repeatedIDs += ids.finish()
        }
        // The scans for rows saved late take in the other thread's logs.
        try table(.activity) { take in
            try forEachActivityLog(order: .startTimePerBaby, lateRows: try lateRows(of: .activity, progressEvery: drainInterval, drain)) { log in
                if take(log.id, log.baby) { sink.add(log) }
                pace()
            }
        }
        try table(.diaper) { take in
            try forEachDiaperLog(order: .startTimePerBaby, lateRows: try lateRows(of: .diaper, progressEvery: drainInterval, drain)) { log in
                if take(log.id, log.baby) { sink.add(log) }
                pace()
            }
        }
        try table(.sleep) { take in
            try forEachSleepLog(order: .startTimePerBaby, lateRows: try lateRows(of: .sleep, progressEvery: drainInterval, drain)) { log in
                if take(log.id, log.baby) { sink.add(log) }
                pace()
            }
        }
        return repeatedIDs
    }
}
