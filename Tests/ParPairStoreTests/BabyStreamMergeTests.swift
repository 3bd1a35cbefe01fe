import Foundation
import ParPairModel
import Testing
@testable import ParPairStore

/// Two phones' streams, each in its babies' order with the babies interleaved as each phone stored them, merged into
/// each baby's order across the phones, holding back only what another phone may still precede.
@Suite struct BabyStreamMergeTests {
    static let ada = UUID(uuidString: "A0A0A0A0-0000-4000-8000-000000000001")!
    static let ben = UUID(uuidString: "B0B0B0B0-0000-4000-8000-000000000002")!

    /// A wet diaper of `baby` at `minute` on `phone`, row `row`; its id names all three, for reading failures.
    static func wet(_ baby: UUID?, _ minute: Double, phone: Int, row: Int64) -> PhoneLog? {
        let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%04X%08X", phone, row))!
        return PhoneLog(.diaper(DiaperLog(id: id, type: .wet, time: Date(timeIntervalSinceReferenceDate: minute * 60),
                                          baby: baby.map { .baby(id: $0) } ?? .none, rowID: row)), phone: phone)
    }

    /// What went on, as "phone/row", in the order it went on. Each batch is handed over as a phone's reading thread
    /// hands it: its logs' babies by place (`babies`), their starts as the merge orders them.
    static func run(_ merge: inout BabyStreamMerge, babies: [UUID], _ batches: [(phone: Int, logs: [PhoneLog?]?)]) -> [String] {
        var out: [String] = []
        for batch in batches {
            let logBatch = batch.logs.map { logs in
                let records = logs.map { $0!.record }
                return LogBatch(phone: batch.phone, records: records,
                                babies: records.map { record in Int32(record.baby.babyID.flatMap { babies.firstIndex(of: $0) } ?? -1) },
                                starts: records.map { $0.start.timeIntervalSinceReferenceDate },
                                ends: records.map { ($0.end ?? $0.start).timeIntervalSinceReferenceDate })
            }
            merge.take(logBatch, from: batch.phone) { log, _ in out.append("\(log.phone)/\(log.record.rowID)") }
        }
        return out
    }

    @Test func eachBabysLogsGoOnInStartOrderAcrossPhones() {
        // Phone 0: Ada 10, Ben 12, Ada 30. Phone 1: Ben 5, Ada 20, Ben 40. Counts say so.
        let babies = [Self.ada, Self.ben]
        var merge = BabyStreamMerge(counts: [[2, 1], [1, 2]])
        #expect(merge.nextPhone == 0)
        let first = Self.run(&merge, babies: babies, [(0, [Self.wet(Self.ada, 10, phone: 0, row: 1), Self.wet(Self.ben, 12, phone: 0, row: 2)])])
        // Ada 10 waits for phone 1's first Ada log; Ben 12 for phone 1's first Ben log: nothing goes on yet.
        #expect(first.isEmpty)
        #expect(merge.nextPhone == 1)
        let second = Self.run(&merge, babies: babies, [(1, [Self.wet(Self.ben, 5, phone: 1, row: 1), Self.wet(Self.ada, 20, phone: 1, row: 2)])])
        // Ben 5 (phone 1) before Ben 12; Ben 12 then waits for phone 1's second Ben. Ada 10 goes, Ada 20 waits for
        // phone 0's second Ada.
        #expect(second == ["1/1", "0/1"])
        let rest = Self.run(&merge, babies: babies, [
            (0, [Self.wet(Self.ada, 30, phone: 0, row: 3)]), (1, [Self.wet(Self.ben, 40, phone: 1, row: 3)]), (0, nil), (1, nil),
        ])
        #expect(rest == ["1/2", "0/3", "0/2", "1/3"])
        #expect(merge.nextPhone == nil)
    }

    @Test func aPhoneWithNoMoreOfABabyHoldsNothingUp() {
        // Phone 1 holds no log of Ada: her logs on phone 0 go on at once, while phone 1 has not even been read.
        let babies = [Self.ada, Self.ben]
        var merge = BabyStreamMerge(counts: [[3, 0], [0, 1]])
        let out = Self.run(&merge, babies: babies, [(0, [
            Self.wet(Self.ada, 1, phone: 0, row: 1), Self.wet(Self.ada, 2, phone: 0, row: 2), Self.wet(Self.ada, 3, phone: 0, row: 3),
        ])])
        #expect(out == ["0/1", "0/2", "0/3"])
    }

    @Test func logsOfNoBabyGoOnAtOnce() {
        let babies = [Self.ada]
        var merge = BabyStreamMerge(counts: [[1], [1]])
        let out = Self.run(&merge, babies: babies, [(0, [Self.wet(Self.ada, 9, phone: 0, row: 1), Self.wet(nil, 50, phone: 0, row: 2)])])
        #expect(out == ["0/2"], "the orphan goes on; Ada waits for phone 1")
        #expect(merge.nextPhone == 1)
    }

    @Test func aStreamThatEndsShortOfItsCountReleasesWhatWaitsForIt() {
        // Phone 1's table said it holds a Ben log, but the row did not decode: its end lets Ben's logs go on.
        let babies = [Self.ben]
        var merge = BabyStreamMerge(counts: [[2], [1]])
        let out = Self.run(&merge, babies: babies, [
            (0, [Self.wet(Self.ben, 1, phone: 0, row: 1), Self.wet(Self.ben, 2, phone: 0, row: 2)]), (1, nil),
        ])
        #expect(out == ["0/1", "0/2"])
    }

    @Test func atTheSameInstantThePhoneThatSortsFirstGoesFirst() {
        let babies = [Self.ada]
        var merge = BabyStreamMerge(counts: [[1], [1]])
        let out = Self.run(&merge, babies: babies, [(1, [Self.wet(Self.ada, 7, phone: 1, row: 1)]), (0, [Self.wet(Self.ada, 7, phone: 0, row: 9)])])
        #expect(out == ["0/9", "1/1"])
    }
}
