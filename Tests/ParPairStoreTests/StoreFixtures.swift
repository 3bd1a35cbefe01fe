import Foundation
import ParPairModel
import SQLite
@testable import ParPairStore
@testable import ParPairSample

/// Small stores in the real layout, and the values written into them.
enum StoreFixtures {
    static let mia = Baby(id: UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!, name: "Mia",
                          birthday: Date(timeIntervalSinceReferenceDate: 732_153_600), rowID: 1)
    static let leo = Baby(id: UUID(uuidString: "6B1D2C3E-0000-4000-8000-00000000BEEF")!, name: "Léo",
                          birthday: Date(timeIntervalSinceReferenceDate: 730_000_000.5), rowID: 2)

    static func date(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    static func uuid(_ last: UInt8) -> UUID {
        UUID(uuid: (0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x47, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, last))
    }

    /// One log of every kind and every optional shape, for both babies.
    static let foodLogs = [
        FoodLog(id: uuid(1), type: .pumpedMilk, amount: 120, feedingUnit: .milliliters, startTime: date(738_936_330.25),
                baby: .baby(id: mia.id)),
        FoodLog(id: uuid(2), type: .breastfeeding, startTime: date(738_923_400), endTime: date(738_924_600),
                notes: "left side", baby: .baby(id: mia.id)),
        FoodLog(id: uuid(3), type: .formula, amount: 4.5, feedingUnit: .ounces, startTime: date(738_940_000.125),
                endTime: date(738_941_000), notes: "Grandma, \"finally\" 😊", baby: .baby(id: leo.id)),
        FoodLog(id: uuid(4), type: .solids, amount: 35, feedingUnit: .grams, startTime: date(738_950_000),
                endTime: date(738_950_900), notes: "おばあちゃん", baby: .baby(id: leo.id)),
    ]
    static let sleepLogs = [
        SleepLog(id: uuid(11), startTime: date(738_900_000), endTime: date(738_930_000.5), baby: .baby(id: mia.id)),
        SleepLog(id: uuid(12), startTime: date(738_960_000), endTime: nil, notes: "still asleep", baby: .baby(id: leo.id)),
    ]
    static let diaperLogs = [
        DiaperLog(id: uuid(21), type: .wet, time: date(738_925_000), baby: .baby(id: mia.id)),
        DiaperLog(id: uuid(22), type: .mixed, time: date(738_926_000.75), notes: "rash", baby: .baby(id: mia.id)),
        DiaperLog(id: uuid(23), type: .dry, time: date(738_927_000), baby: .baby(id: leo.id)),
    ]
    static let activityLogs = [
        ActivityLog(id: uuid(31), type: .tummyTime, startTime: date(738_935_000), endTime: date(738_935_600),
                    baby: .baby(id: mia.id)),
        ActivityLog(id: uuid(32), type: .bath, startTime: date(738_945_000), endTime: nil, baby: .baby(id: leo.id)),
        ActivityLog(id: uuid(33), type: .reading, startTime: date(738_946_000), endTime: date(738_946_500), baby: .baby(id: leo.id)),
    ]

    /// Writes both babies and every log above; `body` may add more before the store is finished.
    static func writeFull(
        at path: String, style: StoreLayoutSQL.EnumStyle = .rawValue, includeMetadata: Bool = true,
        _ body: (StoreWriter) throws -> Void = { _ in }
    ) throws {
        let writer = try StoreWriter(creatingAt: path, options: .init(enumStyle: style, includeMetadata: includeMetadata))
        try writer.insert(mia)
        try writer.insert(leo)
        for log in foodLogs { try writer.insert(log) }
        for log in sleepLogs { try writer.insert(log) }
        for log in diaperLogs { try writer.insert(log) }
        for log in activityLogs { try writer.insert(log) }
        try body(writer)
        try writer.finish()
    }

    /// Writes an empty store (bookkeeping and one baby) and lets `body` add rows with raw SQL.
    static func writeRaw(
        at path: String, style: StoreLayoutSQL.EnumStyle = .rawValue, _ body: (StoreWriter) throws -> Void
    ) throws {
        let writer = try StoreWriter(creatingAt: path, options: .init(enumStyle: style))
        try writer.insert(mia)
        try body(writer)
        try writer.finish()
    }

    /// Expected logs with the `Z_PK`s the writer gives them (insertion order within a table).
    static func numbered<Log>(_ logs: [Log], _ set: (inout Log, Int64) -> Void) -> [Log] {
        logs.enumerated().map { offset, log in
            var copy = log
            set(&copy, Int64(offset + 1))
            return copy
        }
    }

    static var expectedFood: [FoodLog] {
        numbered(foodLogs) { $0.rowID = $1 }.sorted { ($0.startTime, $0.rowID) < ($1.startTime, $1.rowID) }
    }
    static var expectedSleep: [SleepLog] {
        numbered(sleepLogs) { $0.rowID = $1 }.sorted { ($0.startTime, $0.rowID) < ($1.startTime, $1.rowID) }
    }
    static var expectedDiaper: [DiaperLog] {
        numbered(diaperLogs) { $0.rowID = $1 }.sorted { ($0.time, $0.rowID) < ($1.time, $1.rowID) }
    }
    static var expectedActivity: [ActivityLog] {
        numbered(activityLogs) { $0.rowID = $1 }.sorted { ($0.startTime, $0.rowID) < ($1.startTime, $1.rowID) }
    }

    /// The raw bytes of a file.
    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Reads a store and returns everything, closing the reader.
    static func read(_ path: String, scratch: String? = nil) throws -> StoreContents {
        try StoreReader.withReader(path: path, scratchDirectory: scratch) { try $0.readAll() }
    }

    /// The error `body` throws, as a `StoreError` (nil when it throws none or another type).
    static func storeError(_ body: () throws -> Void) -> StoreError? {
        do {
            try body()
            return nil
        } catch let error as StoreError {
            return error
        } catch {
            return nil
        }
    }
}
