import Foundation
import ParPairModel

/// A run of one phone's logs of one table, as its reading thread hands them to the merge. The merge and the copy
/// matcher read the logs where they are, through `LogHandle`s, and hand the handles on: a log is not copied between
/// the phone's reading thread and the aggregation.
final class LogBatch: Sendable {
    let phone: Int
    let records: [LogRecord]
    /// Each log's baby's place among the family's babies, -1 for a log of no baby the family knows. This and the
    /// starts and ends are what the merge orders logs by: empty in a batch for no merge (a family of one).
    let babies: [Int32]
    /// Each log's start as the merge orders it (`CrossPhoneRule.time`).
    let starts: [Double]
    /// Each log's end as the merge orders it, its start when it has none (`CrossPhoneRule.end(of:start:)`).
    let ends: [Double]

    init(phone: Int, records: [LogRecord], babies: [Int32], starts: [Double], ends: [Double]) {
        precondition(babies.count == starts.count && babies.count == ends.count && (babies.isEmpty || babies.count == records.count),
                     "one baby, one start and one end per log, or none for no merge")
        self.phone = phone
        self.records = records
        self.babies = babies
        self.starts = starts
        self.ends = ends
    }

    /// Collects a phone's logs into batches of `capacity`, with what the merge orders them by unless `forMerge` is false.
    struct Builder {
        let phone: Int
        let capacity: Int
        let forMerge: Bool
        private var records: [LogRecord] = []
        private var babies: [Int32] = []
        private var starts: [Double] = []
        private var ends: [Double] = []

        init(phone: Int, capacity: Int, forMerge: Bool) {
            (self.phone, self.capacity, self.forMerge) = (phone, capacity, forMerge)
            reserve()
        }

        /// Adds a log of the baby at `baby` (-1: none) that starts at `start` and ends at `end` (the record's);
        /// returns the batch once it is full.
        mutating func append(_ record: consuming LogRecord, baby: Int32, start: Date, end: Date?) -> LogBatch? {
            if forMerge {
                let start = CrossPhoneRule.time(start)
                starts.append(start)
                ends.append(end.map(CrossPhoneRule.time) ?? start)
                babies.append(baby)
            }
            records.append(record)
            return records.count == capacity ? take() : nil
        }

        /// The logs collected since the last batch, if any, as a batch.
        mutating func take() -> LogBatch? {
            guard !records.isEmpty else { return nil }
            defer { reserve() }
            return LogBatch(phone: phone, records: records, babies: babies, starts: starts, ends: ends)
        }

        private mutating func reserve() {
            records = []
            babies = []
            starts = []
            ends = []
            records.reserveCapacity(capacity)
            guard forMerge else { return }
            babies.reserveCapacity(capacity)
            starts.reserveCapacity(capacity)
            ends.reserveCapacity(capacity)
        }
    }
}

/// What a copy matcher needs of a log: the log, its phone, and its start and end as the merge orders them.
protocol MergedLog {
    var record: LogRecord { get }
    var phone: Int { get }
    var start: Double { get }
    /// Its end, its start when it has none (`CrossPhoneRule.end(of:start:)`).
    var end: Double { get }
    /// Whether the log points at a baby (a log of no baby is no copy of another).
    var hasBaby: Bool { get }
}

extension PhoneLog: MergedLog {
    var start: Double { CrossPhoneRule.time(record.start) }
    var end: Double { CrossPhoneRule.end(of: record, start: start) }
    var hasBaby: Bool { record.baby.babyID != nil }
}

/// One log of a `LogBatch`.
struct LogHandle: MergedLog, Sendable {
    let batch: LogBatch
    let index: Int

    var record: LogRecord { batch.records[index] }
    var phone: Int { batch.phone }
    var start: Double { batch.starts[index] }
    var end: Double { batch.ends[index] }
    var hasBaby: Bool { batch.babies[index] >= 0 }
}
