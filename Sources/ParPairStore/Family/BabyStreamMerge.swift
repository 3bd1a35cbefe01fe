import Foundation
import ParPairModel

/// Merges the phones' streams of one table into each baby's order across the phones.
///
/// Each phone's stream holds its babies' logs each in start order, the babies interleaved in any order (as
/// `StreamOrder.startTimePerBaby` reads a store, without a sort). A baby's logs go on by start, then phone, then
/// row — the order `CopyMatcher` takes — once every phone that still holds a log of that baby has shown its next
/// one; how many each phone holds of each baby is counted beforehand (`StoreReader.logCounts(of:)`), so a phone
/// that has no more of a baby never holds it up. Memory holds the batches of the logs one phone is ahead of
/// another, not the table. Logs of no baby go on at once.
struct BabyStreamMerge {
    /// One phone's logs of one baby that have come in and not gone on, and how many are still to come.
    private struct Queue {
        var logs: [LogHandle] = []
        var head = 0
        var remaining = 0

        /// The start of the first log, as the merge orders it.
        var firstStart: Double? { head < logs.count ? logs[head].start : nil }

        mutating func add(_ log: LogHandle) {
            logs.append(log)
            remaining -= 1
        }

        mutating func pop() -> LogHandle {
            let log = logs[head]
            head += 1
            if head == logs.count {
                // One by one: a queue holds a log or two when it empties, which `removeAll` costs more to drop.
                while !logs.isEmpty { logs.removeLast() }
                head = 0
            } else if head >= 256, head * 2 >= logs.count {
                logs.removeFirst(head)
                head = 0
            }
            return log
        }
    }

    /// Every phone's queue of every baby, `queues[baby * phones + phone]`: one array, looked into once per log.
    private var queues: [Queue]
    private let phones: Int
    private var ended: [Bool]
    /// The phone a baby's next log waits for, to read from next.
    private var waitingFor: Int?

    /// - Parameter counts: for each phone, how many logs of each of the family's babies (by its place) its table holds.
    init(counts: [[Int]]) {
        let babies = counts.first?.count ?? 0
        precondition(counts.allSatisfy { $0.count == babies }, "every phone counts the same babies")
        phones = counts.count
        queues = (0..<babies).flatMap { baby in counts.map { Queue(remaining: $0[baby]) } }
        ended = Array(repeating: false, count: counts.count)
    }

    /// The phone to read from next: one that a baby's next log waits for, else the first whose stream goes on; nil
    /// once every stream has ended.
    var nextPhone: Int? {
        if let phone = waitingFor, !ended[phone] { return phone }
        return ended.firstIndex(of: false)
    }

    /// Takes `phone`'s next logs (nil: its stream has ended) and hands on, with its baby's place, every log whose
    /// turn it now is (a log of no baby at once, with nil).
    mutating func take(_ batch: LogBatch?, from phone: Int, emit: (LogHandle, Int?) throws -> Void) rethrows {
        waitingFor = nil
        guard let batch else {
            ended[phone] = true
            for baby in 0..<(phones == 0 ? 0 : queues.count / phones) { try drain(baby, emit) }
            return
        }
        for index in batch.records.indices {
            let baby = Int(batch.babies[index])
            guard baby >= 0 else {
                try emit(LogHandle(batch: batch, index: index), nil)
                continue
            }
            queues[baby * phones + phone].add(LogHandle(batch: batch, index: index))
            try drain(baby, emit)
        }
    }

    /// Hands on `baby`'s logs while no phone that still holds one of them has yet to show its next.
    private mutating func drain(_ baby: Int, _ emit: (LogHandle, Int?) throws -> Void) rethrows {
        while true {
            // By start, then phone: the phones are looked at in their order, so a later one goes first only when it
            // starts earlier (the row breaks ties within one phone, whose queue is in order already).
            var best: Int?
            var bestStart = 0.0
            for phone in 0..<phones {
                guard let start = queues[baby * phones + phone].firstStart else {
                    if queues[baby * phones + phone].remaining > 0, !ended[phone] {
                        waitingFor = phone
                        return
                    }
                    continue
                }
                if best == nil || start < bestStart { (best, bestStart) = (phone, start) }
            }
            guard let phone = best else { return }
            try emit(queues[baby * phones + phone].pop(), baby)
        }
    }
}
