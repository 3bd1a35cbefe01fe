import Foundation
import Concurrency
import ParPairModel

extension FamilySource {
    /// How many logs a phone's reading thread hands the merge at a time.
    static let phoneBatchSize = 512

    /// What a phone's reading thread hands the merge, table by table.
    enum PhoneBatch: Sendable {
        /// A table begins: how many of its logs point at each baby (by the family's id).
        case counts([UUID: Int])
        /// Logs, in the phone's babies' start order; the merge moves them out.
        case logs([PhoneLog?])
        /// The table has ended.
        case end
    }

    /// The table of `kind` of every phone, from the phones' `streams` (each in its babies' start order, as a single
    /// store is read, without a sort), merged per baby (`BabyStreamMerge`) and matched per baby (`CopyMatcher`: which
    /// logs are copies depends on that baby's logs alone), each log handed to `deliver` once, in each baby's order.
    func mergedPerBaby(_ kind: LogKind, from streams: [Channel<PhoneBatch>], _ deliver: (consuming FamilyLog) throws -> Void) throws {
        var counts: [[UUID: Int]] = []
        for stream in streams {
            guard case .counts(let phoneCounts)? = try stream.receive() else {
                throw StoreError.internal("a phone's \(kind) table did not begin with its counts")
            }
            counts.append(phoneCounts)
        }
        let ids = babies.map(\.id)
        var merge = BabyStreamMerge(babies: ids, counts: counts)
        var matchers = [CopyMatcher](repeating: CopyMatcher(), count: ids.count)
        func pass(_ log: consuming PhoneLog, _ baby: Int?) throws {
            guard let baby else { return try deliver(FamilyLog(log)) }
            try matchers[baby].add(log, emit: deliver)
        }
        while let phone = merge.nextPhone {
            let batch = try streams[phone].receive()
            switch consume batch {
            case .logs(let logs)?: try merge.take(logs, from: phone, emit: pass)
            case .end?, nil: try merge.take(nil, from: phone, emit: pass)
            case .counts?: throw StoreError.internal("a phone's \(kind) table began twice")
            }
        }
        for index in matchers.indices { try matchers[index].finish(emit: deliver) }
    }

    /// Runs `body` on this thread with a stream per phone, while each phone's tables are read one after the other on
    /// a thread of its own, each log given the family's id of its baby; a `body` that fails stops the phones' threads.
    func withPhoneStreams(
        wanted: @escaping @Sendable (BabyReference) -> Bool, _ body: ([Channel<PhoneBatch>]) throws -> Void
    ) throws {
        let streams = readers.map { _ in Channel<PhoneBatch>(capacity: 8) }
        func start(_ phone: Int) throws {
            guard phone < readers.count else {
                defer { for stream in streams { stream.close() } }
                return try body(streams)
            }
            var reader = readers[phone]
            let (renamed, stream) = (renamedIDs[phone], streams[phone])
            try Concurrently.run({ _ in try start(phone + 1) }, lending: &reader, to: { reader, _ in
                Self.read(reader, phone: phone, renamed: renamed, wanted: wanted, into: stream)
            })
        }
        try start(0)
    }

    /// One phone's tables, each in its babies' start order, into `stream`; a failure ends the stream with it, and a
    /// stream the merge closed ends the reading.
    private static func read(
        _ reader: StoreReader, phone: Int, renamed: [UUID: UUID], wanted: (BabyReference) -> Bool, into stream: Channel<PhoneBatch>
    ) {
        var batch: [PhoneLog?] = []
        batch.reserveCapacity(phoneBatchSize)
        do {
            for kind in LogKind.allCases {
                var counts: [UUID: Int] = [:]
                for (id, count) in try reader.logCounts(of: kind) { counts[renamed[id] ?? id, default: 0] += count }
                try stream.send(.counts(counts))
                try reader.forEachRecord(of: kind, order: .startTimePerBaby) { record in
                    var record = record
                    if let id = record.baby.babyID, let family = renamed[id] { record.reassign(to: .baby(id: family)) }
                    guard wanted(record.baby) else { return }
                    batch.append(PhoneLog(record, phone: phone))
                    if batch.count == phoneBatchSize {
                        try stream.send(.logs(batch))
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                if !batch.isEmpty { try stream.send(.logs(batch)) }
                batch.removeAll(keepingCapacity: true)
                try stream.send(.end)
            }
            stream.finish()
        } catch is ChannelClosed {
            return
        } catch {
            stream.finish(throwing: error)
        }
    }
}
