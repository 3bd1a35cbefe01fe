import Foundation
import ParPairModel

/// Merges the phones' streams of one table into each baby's order across the phones.
///
/// Each phone's stream holds its babies' logs each in start order, the babies interleaved in any order (as
/// `StreamOrder.startTimePerBaby` reads a store, without a sort). A baby's logs go on by start, then phone, then
/// row — the order `CopyMatcher` takes — once every phone that still holds a log of that baby has shown its next
/// one; how many each phone holds of each baby is counted beforehand (`StoreReader.logCounts(of:)`), so a phone
/// that has no more of a baby never holds it up. Memory holds the logs one phone is ahead of another, not the
/// table. Logs of no baby go on at once.
struct BabyStreamMerge {
    /// One phone's logs of one baby that have come in and not gone on, and how many are still to come.
    private struct Queue {
        /// Taken logs are nil until the queue is compacted.
        var logs: [PhoneLog?] = []
        var head = 0
        var remaining = 0

        var isEmpty: Bool { head == logs.count }
        var first: PhoneLog? { head < logs.count ? logs[head] : nil }

        /// Moves the first log out.
        mutating func pop() -> PhoneLog {
            let log = logs[head].take()!
            head += 1
            if head == logs.count {
                logs.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 256, head * 2 >= logs.count {
                logs.removeFirst(head)
                head = 0
            }
            return log
        }
    }

    /// `queues[phone][baby]`.
    private var queues: [[Queue]]
    private var ended: [Bool]
    private let babyIndex: [UUID: Int]
    /// The phone a baby's next log waits for, to read from next.
    private var waitingFor: Int?

    /// - Parameters:
    ///   - babies: the family's babies' ids; a log's place among them is its `babyIndex`.
    ///   - counts: for each phone, how many logs of each baby (by the family's id) its table holds.
    init(babies: [UUID], counts: [[UUID: Int]]) {
        babyIndex = Dictionary(babies.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        queues = counts.map { phoneCounts in
            babies.map { Queue(remaining: phoneCounts[$0] ?? 0) }
        }
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
    mutating func take(_ batch: consuming [PhoneLog?]?, from phone: Int, emit: (consuming PhoneLog, Int?) throws -> Void) rethrows {
        waitingFor = nil
        guard var batch else {
            ended[phone] = true
            for baby in babyIndex.values.sorted() { try drain(baby, emit) }
            return
        }
        // Each log is moved out of the batch, not copied.
        for index in batch.indices {
            guard let log = batch[index].take() else { continue }
            guard let id = log.record.baby.babyID, let baby = babyIndex[id] else {
                try emit(log, nil)
                continue
            }
            queues[phone][baby].logs.append(log)
            queues[phone][baby].remaining -= 1
            try drain(baby, emit)
        }
    }

    /// Hands on `baby`'s logs while no phone that still holds one of them has yet to show its next.
    private mutating func drain(_ baby: Int, _ emit: (consuming PhoneLog, Int?) throws -> Void) rethrows {
        while true {
            var best: Int?
            var bestKey = (0.0, 0, Int64(0))
            for phone in queues.indices {
                guard let record = queues[phone][baby].first?.record else {
                    if queues[phone][baby].remaining > 0, !ended[phone] {
                        waitingFor = phone
                        return
                    }
                    continue
                }
                let key = (CrossPhoneRule.time(record.start), phone, record.rowID)
                if best == nil || key < bestKey { (best, bestKey) = (phone, key) }
            }
            guard let phone = best else { return }
            try emit(queues[phone][baby].pop(), baby)
        }
    }
}
