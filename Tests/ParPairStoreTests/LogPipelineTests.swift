import Foundation
import ParPairModel
import Testing
@testable import ParPairStore

/// The hand-over between the reading thread and the aggregating one, with the aggregating thread's own
/// work alongside.
@Suite struct LogPipelineTests {
    private struct Failure: Error, Equatable { let where_: String }

    private static func log(_ row: Int) -> LogRecord {
        .diaper(DiaperLog(id: UUID(), type: .wet, time: Date(timeIntervalSinceReferenceDate: Double(row)), baby: .none,
                          rowID: Int64(row)))
    }

    private static func rowID(_ record: LogRecord) -> Int64 {
        if case .diaper(let log) = record { return log.rowID }
        return -1
    }

    /// Every log and table end arrives once and in order, whether taken in by `drain` while the consumer
    /// does its own work or afterwards, and when both run on one thread (a small store's read).
    @Test(arguments: [false, true])
    func drainedAndWaitedForItemsArriveInOrder(onThisThread: Bool) throws {
        var seen: [Int64] = []
        var ends = 0
        var ownWork = 0
        try LogPipeline.run(20_000, onThisThread: onThisThread, produce: { count, sink in
            try sink.startTable(.diaper, rows: count)
            for row in 0..<count { try sink.send(Self.log(row)) }
            try sink.endTable(.diaper)
        }, alongside: { drain in
            for _ in 0..<2_000 {
                ownWork += 1
                drain()
            }
        }, consume: { item in
            switch item {
            case .logs(let logs): seen += logs.map(Self.rowID)
            case .endOfTable: ends += 1
            case .startOfTable(_, let rows): #expect(rows == 20_000)
            }
        })
        #expect(ownWork == 2_000)
        #expect(seen == (0..<20_000).map(Int64.init))
        #expect(ends == 1)
    }

    /// When the consumer's own work fails, the producer (blocked on a full queue) is stopped and waited
    /// for, and the consumer's error is what `run` throws.
    @Test func aFailureAlongsideStopsTheProducer() {
        let produced = Counter()
        #expect(throws: Failure(where_: "alongside")) {
            try LogPipeline.run(10_000_000, produce: { count, sink in
                for row in 0..<count {
                    try sink.send(Self.log(row))
                    produced.add()
                }
            }, alongside: { _ in
                // Let the queue fill up before failing.
                while produced.value < LogPipeline.batchSize * LogPipeline.capacity { usleep(1_000) }
                throw Failure(where_: "alongside")
            }, consume: { _ in })
        }
        // Stopped at the first hand-over after the failure: a batch or two past the full queue.
        #expect(produced.value < LogPipeline.batchSize * (LogPipeline.capacity + 3))
    }

    @Test(arguments: [false, true])
    func theProducersFailureComesAfterWhatItSent(onThisThread: Bool) {
        var seen = 0
        #expect(throws: Failure(where_: "producer")) {
            try LogPipeline.run(3_000, onThisThread: onThisThread, produce: { count, sink in
                for row in 0..<count { try sink.send(Self.log(row)) }
                throw Failure(where_: "producer")
            }, consume: { item in
                if case .logs(let logs) = item { seen += logs.count }
            })
        }
        #expect(seen == 3_000)
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
