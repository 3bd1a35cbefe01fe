import Foundation
import ParPairModel
import ParPairSample
import Testing
@testable import ParPairStore

/// A family of one phone read for the aggregator (`FamilySource.readOnePhone`): the phone's thread and the calling
/// thread each read some tables, and the sink gets every table whole, in each baby's start order, whoever read it;
/// a small store is read on the calling thread alone and gives the same.
@Suite struct OnePhoneReadTests {
    static let nora = FamilySourceTests.nora
    static let ben = Baby(id: FamilySourceTests.id(900_000), name: "Ben", birthday: nora.birthday, rowID: 2)

    /// What the sink was given, table by table, in the order each table's logs came.
    final class RecordingSink: LogSink {
        var begun: [LogKind: Int] = [:]
        var finished: [LogKind: Int] = [:]
        var logs: [LogKind: [LogRecord]] = [:]
        /// A log of a table that was not open when it came.
        var outsideATable = 0

        func beginTable(_ kind: LogKind, expectedLogs: Int) { begun[kind, default: 0] += 1 }
        func finishTable(_ kind: LogKind) { finished[kind, default: 0] += 1 }
        func add(_ record: LogRecord) { take(record) }
        func add(_ log: FoodLog) { take(.food(log)) }
        func add(_ log: SleepLog) { take(.sleep(log)) }
        func add(_ log: DiaperLog) { take(.diaper(log)) }
        func add(_ log: ActivityLog) { take(.activity(log)) }
        func addCopy(_ copy: FamilyLog) { Issue.record("one phone has no copies") }
        func setPhone(_ phone: Int) { #expect(phone == 0) }

        private func take(_ record: LogRecord) {
            if begun[record.kind] != 1 || finished[record.kind] != nil { outsideATable += 1 }
            logs[record.kind, default: []].append(record)
        }
    }

    /// `count` logs of each kind, a third each of Nora, Ben and no baby, a log every 3 minutes; every 17th was saved
    /// late (it starts 500 minutes before its place in the table), so the stream must merge it in. Starts are unique.
    static func logs(_ count: Int, repeatingIDs: Bool = false) -> [LogRecord] {
        var logs: [LogRecord] = []
        for (offset, kind) in LogKind.allCases.enumerated() {
            for index in 0..<count {
                let n = offset * 100_000 + index + 1
                let minutes = Double(index) * 3 + Double(offset) / 8 - (index % 17 == 16 ? 500.5 : 0)
                let start = FamilySourceTests.at(minutes)
                let baby: BabyReference = [.baby(id: nora.id), .baby(id: ben.id), .none][index % 3]
                // The last log of each table repeats the id of its first: each thread's count is tested, whichever
                // tables it reads.
                let id = FamilySourceTests.id(repeatingIDs && index == count - 1 ? offset * 100_000 + 1 : n)
                switch kind {
                case .food: logs.append(.food(FoodLog(id: id, type: .breastfeeding, startTime: start, baby: baby)))
                case .sleep: logs.append(.sleep(SleepLog(id: id, startTime: start, endTime: start + 60, baby: baby)))
                case .diaper: logs.append(.diaper(DiaperLog(id: id, type: .wet, time: start, baby: baby)))
                case .activity: logs.append(.activity(ActivityLog(id: id, type: .tummyTime, startTime: start, baby: baby)))
                }
            }
        }
        return logs
    }

    static func read(
        _ logs: [LogRecord], wanted: @escaping @Sendable (BabyReference) -> Bool = { _ in true }
    ) throws -> (sink: RecordingSink, repeatedIDs: Int) {
        let folder = try FixtureFolder()
        let path = try FamilySourceTests.stores([logs], babies: [[nora, ben]], in: folder)[0]
        return try FamilySource.withSource(path: path) { family in
            let sink = RecordingSink()
            let repeated = try family.readTables(order: .startTimePerBaby, wanted: wanted, countingRepeatedIDs: true, into: sink)
            return (sink, repeated)
        }
    }

    /// 300 logs a table is read on this thread alone; 3,000 on two.
    @Test(arguments: [300, 3_000])
    func everyTableComesWholeInEachBabysStartOrder(count: Int) throws {
        #expect((count * 4 >= StoreReader.rowsWorthASecondThread) == (count == 3_000))
        let written = Self.logs(count)
        let (sink, repeated) = try Self.read(written)
        #expect(repeated == 0)
        #expect(sink.outsideATable == 0)
        for kind in LogKind.allCases {
            #expect(sink.begun[kind] == 1 && sink.finished[kind] == 1, "\(kind)")
            let read = sink.logs[kind] ?? []
            let expected = written.filter { $0.kind == kind }
            #expect(Set(read.map(\.id)) == Set(expected.map(\.id)) && read.count == expected.count, "\(kind)")
            // Each baby's logs by start (unique here), as the writer's list sorted says; logs of no baby in any order.
            for baby in [Self.nora.id, Self.ben.id] {
                let babys = read.filter { $0.baby.babyID == baby }.map(\.id)
                let sorted = expected.filter { $0.baby.babyID == baby }.sorted { $0.start < $1.start }.map(\.id)
                #expect(babys == sorted, "\(kind), \(baby)")
            }
        }
    }

    /// The threads that read the tables count their repeated ids, and what `wanted` turns down is neither given to the
    /// sink nor counted.
    @Test(arguments: [300, 3_000])
    func repeatedIDsAreCountedAndUnwantedLogsLeftOut(count: Int) throws {
        let written = Self.logs(count, repeatingIDs: true)
        #expect(try Self.read(written).repeatedIDs == 4)
        // Each table's first log is Nora's (index 0) and its repeat no baby's: neither is Ben's, so no repeat is left.
        let benID = Self.ben.id
        let (sink, repeated) = try Self.read(written, wanted: { $0.babyID == benID })
        #expect(repeated == 0)
        for kind in LogKind.allCases {
            #expect(sink.logs[kind, default: []].count == written.filter { $0.kind == kind && $0.baby.babyID == benID }.count, "\(kind)")
        }
    }
}
