import Foundation
import ParPairModel
import ParPairSample

/// A store of one baby written for a test, its times on the sample's clock (New York).
struct OneBabyStore {
    let path: String
    let baby: Baby
    let month: Int
    private let calendar: Calendar

    /// A new store in a fixture folder named `name`, the baby born on day 1 of `month` 2026 at 06:00.
    init(_ name: String, babyName: String, month: Int) throws {
        path = try FixtureFolder.make(name) + "/default.store"
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = SampleSettings.timeZone
        self.calendar = calendar
        self.month = month
        baby = Baby(id: UUID(), name: babyName, birthday: Self.at(1, 6, month: month, calendar), rowID: 1)
    }

    /// The instant the family's clock shows `hour`:00 on `day` of the month.
    func at(_ day: Int, _ hour: Int) -> Date { Self.at(day, hour, month: month, calendar) }

    private static func at(_ day: Int, _ hour: Int, month: Int, _ calendar: Calendar) -> Date {
        guard let date = calendar.date(from: DateComponents(year: 2026, month: month, day: day, hour: hour)) else {
            preconditionFailure("no such time")
        }
        return date
    }

    /// Every third hour from 01:00 on `days` of the month, from the birth (06:00 on day 1) on: a feeding rhythm.
    func everyThreeHours(_ days: ClosedRange<Int>) -> [(day: Int, hour: Int, time: Date)] {
        days.flatMap { day in
            stride(from: 1, to: 24, by: 3).filter { day > 1 || $0 > 6 }.map { (day, $0, at(day, $0)) }
        }
    }

    /// A formula feed of `milliliters` at `time`.
    func formula(_ milliliters: Double, at time: Date) -> LogRecord {
        .food(FoodLog(id: UUID(), type: .formula, amount: milliliters, feedingUnit: .milliliters, startTime: time, baby: .baby(id: baby.id)))
    }

    /// A diaper of `type` at `time`.
    func diaper(_ type: DiaperType, at time: Date) -> LogRecord {
        .diaper(DiaperLog(id: UUID(), type: type, time: time, baby: .baby(id: baby.id)))
    }

    /// Writes the baby and `logs` (made with `baby.id`).
    func write(_ logs: [LogRecord]) throws {
        let writer = try StoreWriter(creatingAt: path)
        try writer.insert(baby)
        for log in logs { try writer.insert(log) }
        try writer.finish()
    }
}
