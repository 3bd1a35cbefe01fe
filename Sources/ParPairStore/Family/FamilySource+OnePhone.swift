import Foundation
import Concurrency
import IDFingerprints
import ParPairModel

extension FamilySource {
    /// The order in which the calling thread claims tables of a family of one phone (`TableClaims`): the activities
    /// (the smallest table) while the phone's thread reads the feeds, then the diapers (the cheapest to read and to
    /// fold in), then the sleeps if that thread has not reached them.
    static let onePhoneCallerTables: [LogKind] = [.activity, .diaper, .sleep]

    /// A family of one phone, in its babies' start order, into `sink`: nothing to merge, so the phone's reading thread
    /// hands its batches straight to this thread, which reads tables itself meanwhile, through a second connection of the
    /// snapshot, and takes in the phone's batches every few hundred logs of its own. Each thread claims the next table
    /// the other has not (`TableClaims`), so neither waits idle while the other reads on alone. Each table is
    /// read whole by one thread in its usual order and unreadable rows are listed table by table, so who reads which
    /// table does not change what `sink` is given. A store too small to pay for a second thread and connection is
    /// read on this thread alone, in the same order.
    ///
    /// - Returns: with `countsRepeats`, how many logs had the id of an earlier log of their kind (each table's reading
    ///   thread counts its own), else 0.
    func readOnePhone(
        wanted: @escaping @Sendable (BabyReference) -> Bool, countingRepeatedIDs countsRepeats: Bool, into sink: some LogSink
    ) throws -> Int {
        let reader = readers[0]
        let rows = try LogKind.allCases.map { try reader.rowCount(of: $0) }
        guard rows.reduce(0, +) >= StoreReader.rowsWorthASecondThread else {
            return try LogKind.allCases.reduce(0) { counted, kind in
                counted + (try Self.fold(kind, from: reader, rows: rows[kind.index], wanted: wanted, countingRepeatedIDs: countsRepeats,
                                         into: sink, pace: nil))
            }
        }
        let sibling = try reader.sibling()
        defer { sibling.close() }
        let stream = Channel<PhoneBatch>(capacity: 8)
        let claims = TableClaims()
        var folded = PhoneFold(sink: sink, rows: rows)
        var repeatedIDs = 0
        /// Logs this thread folds in between two looks at what the phone's thread sent.
        let drainInterval = 256
        var untilDrain = drainInterval
        func pace() {
            untilDrain -= 1
            guard untilDrain == 0 else { return }
            untilDrain = drainInterval
            while let item = stream.poll() { folded.take(item) }
        }
        func readAndFold() throws {
            defer { stream.close() }  // a failure here stops the phone's thread at its next hand-over
            for kind in Self.onePhoneCallerTables where claims.take(kind) {
                repeatedIDs += try Self.fold(kind, from: sibling, rows: rows[kind.index], wanted: wanted, countingRepeatedIDs: countsRepeats,
                                             into: sink, pace: pace)
            }
            while let item = try stream.receive() { folded.take(item) }
        }
        // In a function of its own, which the compiler's check of what crosses threads takes in.
        func readOnAThreadOfItsOwn() throws {
            var lent = readers[0]
            try Concurrently.run({ _ in try readAndFold() }, lending: &lent, to: { reader, _ in
                Self.read(reader, phone: 0, for: nil, wanted: wanted, countingRepeatedIDs: countsRepeats, claims: claims, into: stream)
            })
        }
        try readOnAThreadOfItsOwn()
        reader.adoptUnreadableRows(of: sibling)
        return repeatedIDs + folded.repeatedIDs
    }

    /// Reads the table of `kind` through `reader` on this thread into `sink`, counting repeated ids when asked, calling
    /// `pace` after each log (and while the table is scanned for rows saved late).
    private static func fold(
        _ kind: LogKind, from reader: StoreReader, rows: Int, wanted: (BabyReference) -> Bool, countingRepeatedIDs countsRepeats: Bool,
        into sink: some LogSink, pace: (() -> Void)?
    ) throws -> Int {
        sink.beginTable(kind, expectedLogs: rows)
        var ids = RepeatedIDCounter(kind: kind, expected: countsRepeats ? rows : 0)
        // The scan paces itself row by row, so the phone's batches are taken in while it runs, as while the table is read.
        let lateRows = try reader.lateRows(of: kind, progressEvery: pace == nil ? .max : 1) { pace?() }
        // Each kind's own stream, so that a log reaches `sink` as it was decoded.
        func take<Log>(_ log: Log, baby: BabyReference, id: UUID, _ add: (Log) -> Void) {
            if wanted(baby) {
                if countsRepeats { ids.add(id) }
                add(log)
            }
            pace?()
        }
        switch kind {
        case .food:
            try reader.forEachFoodLog(order: .startTimePerBaby, lateRows: lateRows) { take($0, baby: $0.baby, id: $0.id) { sink.add($0) } }
        case .sleep:
            try reader.forEachSleepLog(order: .startTimePerBaby, lateRows: lateRows) { take($0, baby: $0.baby, id: $0.id) { sink.add($0) } }
        case .diaper:
            try reader.forEachDiaperLog(order: .startTimePerBaby, lateRows: lateRows) { take($0, baby: $0.baby, id: $0.id) { sink.add($0) } }
        case .activity:
            try reader.forEachActivityLog(order: .startTimePerBaby, lateRows: lateRows) { take($0, baby: $0.baby, id: $0.id) { sink.add($0) } }
        }
        sink.finishTable(kind)
        return ids.finish()
    }

    /// Folds what a family of one phone's reading thread hands over into a sink.
    struct PhoneFold<Sink: LogSink> {
        let sink: Sink
        /// Each table's rows, by kind.
        let rows: [Int]
        private var kind: LogKind?
        /// The repeated ids the phone's thread counted, table by table.
        private(set) var repeatedIDs = 0

        init(sink: Sink, rows: [Int]) { (self.sink, self.rows) = (sink, rows) }

        mutating func take(_ item: PhoneBatch) {
            switch item {
            case .counts(let kind, _):
                self.kind = kind
                sink.beginTable(kind, expectedLogs: rows[kind.index])
            case .logs(let batch):
                for record in batch.records { sink.add(record) }
            case .end(let repeats):
                if let kind { sink.finishTable(kind) }
                kind = nil
                repeatedIDs += repeats
            }
        }
    }
}
