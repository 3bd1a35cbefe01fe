import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairSample
import ParPairStore
import Testing

/// `StoreAggregation` reads the tables on two threads, and which thread reads the sleeps and the
/// diapers depends on which gets there first (here the aggregating thread took the diapers of one store
/// and the sleeps of the other, seen with a print once; a run may differ). Whoever reads them, the
/// result is the one the aggregator gives for every log of the store handed over at once, one table
/// after another and sorted in memory (`Aggregator.aggregate`, on one thread).
@Suite struct SharedTablesTests {
    private static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shared-tables-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func bothWays(_ store: String) throws -> (streamed: AggregationResult, inMemory: AggregationResult) {
        let options = SampleSettings.options()
        let streamed = try FamilySource.withSource(path: store) { source in try StoreAggregation.run(source: source, options: options) }
        return try StoreReader.withReader(path: store) { reader in
            let contents = try reader.readAll()
            let logs = contents.foodLogs.map(LogRecord.food) + contents.sleepLogs.map(LogRecord.sleep)
                + contents.diaperLogs.map(LogRecord.diaper) + contents.activityLogs.map(LogRecord.activity)
            return (streamed, Aggregator.aggregate(babies: contents.babies, options: options, logs: logs))
        }
    }

    /// The sample generator's store: the aggregating thread reads the activities, then usually the diapers.
    @Test func withActivities() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/default.store"
        _ = try SampleStore.generate(to: store, seed: 11, babies: 4, days: 150, wal: true)
        let (streamed, inMemory) = try Self.bothWays(store)
        #expect(streamed == inMemory)
        #expect(streamed.babies.allSatisfy { !$0.weeks.isEmpty })
    }

    /// No activities: the aggregating thread is done at once and takes the diapers, and the sleeps too
    /// when the reading thread is still in the feeds (many feeds, some saved late: merged in by `Z_PK`).
    @Test func withoutActivities() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/default.store"
        let writer = try StoreWriter(creatingAt: store)
        let zone = SampleSettings.timeZone
        let calendar = LifeCalendar(timeZone: zone, dayStartMinutes: 0)
        let born = calendar.instant(on: CivilDate(year: 2026, month: 5, day: 1), minutes: 9 * 60)
        let babies = (0..<3).map { Baby(id: UUID(), name: "Baby \($0)", birthday: born, rowID: Int64($0 + 1)) }
        for baby in babies { try writer.insert(baby) }
        var row: Int64 = 0
        func next() -> Int64 { row += 1; return row }
        for day in 0..<180 {
            for (index, baby) in babies.enumerated() {
                let morning = born.addingTimeInterval(Double(day) * 86_400 + Double(index) * 60)
                for feed in 0..<20 {
                    // Every 7th feed is saved after the next one: a row out of its baby's start order.
                    let start = morning.addingTimeInterval(Double(feed) * 2_400 + (feed % 7 == 6 ? -3_000 : 0))
                    try writer.insert(FoodLog(id: UUID(), type: feed % 3 == 0 ? .breastfeeding : .formula,
                                              amount: feed % 3 == 0 ? nil : 90, feedingUnit: feed % 3 == 0 ? nil : .milliliters,
                                              startTime: start, endTime: start.addingTimeInterval(900),
                                              baby: .baby(id: baby.id), rowID: next()))
                }
                for sleep in 0..<3 {
                    let start = morning.addingTimeInterval(Double(sleep) * 28_800 + (sleep == 2 ? -600 : 0))
                    try writer.insert(SleepLog(id: UUID(), startTime: start, endTime: start.addingTimeInterval(7_200),
                                               baby: .baby(id: baby.id), rowID: next()))
                }
                for diaper in 0..<6 {
                    try writer.insert(DiaperLog(id: UUID(), type: diaper % 2 == 0 ? .wet : .dirty,
                                                time: morning.addingTimeInterval(Double(diaper) * 10_000),
                                                baby: .baby(id: baby.id), rowID: next()))
                }
            }
        }
        try writer.finish()
        let (streamed, inMemory) = try Self.bothWays(store)
        #expect(streamed == inMemory)
        #expect(streamed.babies.map { $0.weeks.count } == [26, 26, 26])
    }
}
