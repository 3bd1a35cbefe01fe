import Foundation
import Concurrency
import IDFingerprints
import ParPairModel

extension FamilySource {
    /// How many logs a phone's reading thread hands on at a time.
    static let phoneBatchSize = 1024

    /// What a phone's reading thread hands on, table by table: to the merge, or for a family of one to the folding
    /// thread (`readOnePhone`).
    enum PhoneBatch: Sendable {
        /// The table of this kind begins: how many of its logs point at each of the family's babies (by place; empty
        /// without a merge).
        case counts(LogKind, [Int])
        /// Logs, in the phone's babies' start order.
        case logs(LogBatch)
        /// The table has ended: `repeatedIDs` of its logs had the id of an earlier one (0 unless the phone counted).
        case end(repeatedIDs: Int)
    }

    /// The table of `kind` of every phone, from the phones' `streams` (each in its babies' start order, as a single
    /// store is read, without a sort), merged per baby (`BabyStreamMerge`) and matched per baby (`CopyMatcher`: which
    /// logs are copies depends on that baby's logs alone), each log handed to `deliver` once, in each baby's order,
    /// with the id of the log that counts in its place when it is a copy.
    func mergedPerBaby(_ kind: LogKind, from streams: [Channel<PhoneBatch>], _ deliver: (LogHandle, UUID?) throws -> Void) throws {
        var counts: [[Int]] = []
        for stream in streams {
            guard case .counts(_, let phoneCounts)? = try stream.receive() else {
                throw StoreError.internal("a phone's \(kind) table did not begin with its counts")
            }
            counts.append(phoneCounts)
        }
        var merge = BabyStreamMerge(counts: counts)
        var matchers = [CopyMatcher<LogHandle>](repeating: CopyMatcher(), count: babies.count)
        while let phone = merge.nextPhone {
            let batch: LogBatch?
            switch try streams[phone].receive() {
            case .logs(let logs)?: batch = logs
            case .end?, nil: batch = nil
            case .counts?: throw StoreError.internal("a phone's \(kind) table began twice")
            }
            // A closure written here, not a local function: the compiler then checks its use of `matchers` once, not per log.
            try merge.take(batch, from: phone) { log, baby in
                guard let baby else { return try deliver(log, nil) }
                let start = log.start
                while let (settled, copyOf) = matchers[baby].settled(before: start) { try deliver(settled, copyOf) }
                matchers[baby].add(log)
            }
        }
        for index in matchers.indices {
            while let (settled, copyOf) = matchers[index].settled(before: .infinity) { try deliver(settled, copyOf) }
        }
    }

    /// Runs `body` on this thread with a stream per phone, while each phone's tables of `kinds` are read in that order on
    /// a thread of its own, each log given the family's id of its baby and its place; a `body` that fails stops the
    /// phones' threads.
    func withPhoneStreams(
        _ kinds: [LogKind], wanted: @escaping @Sendable (BabyReference) -> Bool, _ body: ([Channel<PhoneBatch>]) throws -> Void
    ) throws {
        let streams = readers.map { _ in Channel<PhoneBatch>(capacity: 8) }
        let places = Dictionary(babies.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        func start(_ phone: Int) throws {
            guard phone < readers.count else {
                defer { for stream in streams { stream.close() } }
                return try body(streams)
            }
            var reader = readers[phone]
            // Each of the phone's baby ids, as the family knows it, and its place among the family's babies.
            var family: [UUID: (id: UUID, place: Int32)] = [:]
            for baby in reader.babies {
                let id = renamedIDs[phone][baby.id] ?? baby.id
                family[baby.id] = (id, places[id].map(Int32.init) ?? -1)
            }
            let (merge, stream) = (PhoneMerge(babies: family, familySize: babies.count), streams[phone])
            try Concurrently.run({ _ in try start(phone + 1) }, lending: &reader, to: { reader, _ in
                Self.read(reader, phone: phone, kinds, for: merge, wanted: wanted, countingRepeatedIDs: false, into: stream)
            })
        }
        try start(0)
    }

    /// What a phone's reading thread needs to know for the merge: each of the phone's baby ids, as the family knows it,
    /// and its place among the family's `familySize` babies.
    struct PhoneMerge: Sendable {
        typealias Known = (id: UUID, place: Int32)
        private let babies: [UUID: Known]
        /// The same, for a phone of at most `fewBabies`: looking through them costs less than hashing a log's baby id.
        private let few: [(phoneID: UUID, known: Known)]
        let familySize: Int
        static let fewBabies = 16

        init(babies: [UUID: Known], familySize: Int) {
            (self.babies, self.familySize) = (babies, familySize)
            few = babies.count <= Self.fewBabies ? babies.map { ($0.key, $0.value) } : []
        }

        /// What the family knows the phone's baby `id` by; nil for an id the phone has no baby of.
        func family(of id: UUID) -> Known? {
            guard babies.count <= Self.fewBabies else { return babies[id] }
            return few.first { $0.phoneID == id }?.known
        }
    }

    /// One phone's tables of `kinds`, in that order (those it claims, when another thread reads the others), each in its
    /// babies' start order, into `stream`, with its repeated ids when asked. For a `merge`, each log's baby is given the
    /// family's id and place and each table's logs are counted per baby; without one (a family of one) the logs go on as
    /// read. A failure ends the stream with it, and a stream the receiver closed ends the reading.
    static func read(
        _ reader: StoreReader, phone: Int, _ kinds: [LogKind] = LogKind.allCases, for merge: PhoneMerge?, wanted: (BabyReference) -> Bool,
        countingRepeatedIDs countsRepeats: Bool, claims: TableClaims? = nil, into stream: Channel<PhoneBatch>
    ) {
        // Without a merge the batches go straight to the folding thread, without the merge's keys.
        var batch = LogBatch.Builder(phone: phone, capacity: phoneBatchSize, forMerge: merge != nil)
        do {
            for kind in kinds where claims?.take(kind) ?? true {
                // The scan for late rows counts each baby's rows on its way; without its plan, SQLite counts them.
                let lateRows = try reader.lateRows(of: kind, progressEvery: .max) {}
                var counts: [Int] = []
                if let merge {
                    counts = [Int](repeating: 0, count: merge.familySize)
                    for (id, count) in try lateRows.rowsPerBaby ?? reader.logCounts(of: kind) {
                        if let place = merge.family(of: id)?.place, place >= 0 { counts[Int(place)] += count }
                    }
                }
                try stream.send(.counts(kind, counts))
                var ids = RepeatedIDCounter(kind: kind, expected: countsRepeats ? try reader.rowCount(of: kind) : 0)
                // A phone's logs come a few of one baby at a time: the last baby's id and what the family knows it by are kept.
                var last: (id: UUID, known: PhoneMerge.Known?)?
                try reader.forEachRecord(of: kind, order: .startTimePerBaby, lateRows: lateRows) { (record: consuming LogRecord, facts) in
                    var place: Int32 = -1
                    var baby = facts.baby
                    if let merge, let id = baby.babyID {
                        if last?.id != id { last = (id, merge.family(of: id)) }
                        if let known = last?.known {
                            place = known.place
                            if known.id != id {
                                baby = .baby(id: known.id)
                                record.reassign(to: baby)
                            }
                        }
                    }
                    guard wanted(baby) else { return }
                    if countsRepeats { ids.add(facts.id) }
                    if let full = batch.append(record, baby: place, start: facts.start, end: facts.end) { try stream.send(.logs(full)) }
                }
                if let rest = batch.take() { try stream.send(.logs(rest)) }
                try stream.send(.end(repeatedIDs: ids.finish()))
            }
            stream.finish()
        } catch is ChannelClosed {
            return
        } catch {
            stream.finish(throwing: error)
        }
    }
}
