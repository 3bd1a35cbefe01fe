import Foundation
import Concurrency
import ParPairModel

extension FamilySource {
    /// How many logs a phone's reading thread hands the merge at a time.
    static let phoneBatchSize = 512

    /// The table of `kind` of every phone, each phone read on a thread of its own in its babies' start order (as a
    /// single store is read, without a sort: `StreamOrder.startTimePerBaby`), merged per baby (`BabyStreamMerge`)
    /// and matched per baby (`CopyMatcher`: which logs are copies depends on that baby's logs alone), each log handed
    /// to `deliver` once, in each baby's order.
    func mergedPerBaby(
        _ kind: LogKind, wanted: @escaping @Sendable (BabyReference) -> Bool, _ deliver: (consuming FamilyLog) throws -> Void
    ) throws {
        let ids = babies.map(\.id)
        var counts: [[UUID: Int]] = []
        for (phone, reader) in readers.enumerated() {
            var familyCounts: [UUID: Int] = [:]
            for (id, count) in try reader.logCounts(of: kind) { familyCounts[renamedIDs[phone][id] ?? id, default: 0] += count }
            counts.append(familyCounts)
        }
        var merge = BabyStreamMerge(babies: ids, counts: counts)
        var matchers = [CopyMatcher](repeating: CopyMatcher(), count: ids.count)
        let streams = readers.map { _ in Channel<[PhoneLog?]>(capacity: 4) }
        try withPhoneStreams(kind, into: streams, wanted: wanted) {
            defer { for stream in streams { stream.close() } }  // a merge that fails stops the phones' threads
            while let phone = merge.nextPhone {
                try merge.take(try streams[phone].receive(), from: phone) { log, baby in
                    guard let baby else { return try deliver(FamilyLog(log)) }
                    try matchers[baby].add(log, emit: deliver)
                }
            }
            for index in matchers.indices { try matchers[index].finish(emit: deliver) }
        }
    }

    /// Runs `body` on this thread while each phone's table of `kind` is read on a thread of its own into its stream.
    private func withPhoneStreams(
        _ kind: LogKind, into streams: [Channel<[PhoneLog?]>], wanted: @escaping @Sendable (BabyReference) -> Bool,
        _ body: () throws -> Void
    ) throws {
        func start(_ phone: Int) throws {
            guard phone < readers.count else { return try body() }
            var reader = readers[phone]
            let (renamed, stream) = (renamedIDs[phone], streams[phone])
            try Concurrently.run({ _ in try start(phone + 1) }, lending: &reader, to: { reader, _ in
                Self.read(kind, of: reader, phone: phone, renamed: renamed, wanted: wanted, into: stream)
            })
        }
        try start(0)
    }

    /// One phone's table of `kind` in its babies' start order, each log given the family's id of its baby, into
    /// `stream` in batches; a failure ends the stream with it, and a stream the merge closed ends the reading.
    private static func read(
        _ kind: LogKind, of reader: StoreReader, phone: Int, renamed: [UUID: UUID], wanted: (BabyReference) -> Bool,
        into stream: Channel<[PhoneLog?]>
    ) {
        var batch: [PhoneLog?] = []
        batch.reserveCapacity(phoneBatchSize)
        do {
            try reader.forEachRecord(of: kind, order: .startTimePerBaby) { record in
                var record = record
                if let id = record.baby.babyID, let family = renamed[id] { record.reassign(to: .baby(id: family)) }
                guard wanted(record.baby) else { return }
                batch.append(PhoneLog(record, phone: phone))
                if batch.count == phoneBatchSize {
                    try stream.send(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { try stream.send(batch) }
            stream.finish()
        } catch is ChannelClosed {
            return
        } catch {
            stream.finish(throwing: error)
        }
    }
}
