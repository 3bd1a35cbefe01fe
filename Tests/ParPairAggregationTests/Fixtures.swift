import Foundation
import ParPairModel
import ParPairAggregation

/// Helpers to write logs by local wall-clock time.
struct Fixtures {
    let timeZone: TimeZone
    let calendar: Calendar
    private var nextRow: Int64 = 1

    init(_ identifier: String) {
        timeZone = TimeZone(identifier: identifier)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The instant a local clock shows this time (the first one, when the clock repeats an hour).
    func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    static func id(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
    }

    static let babyID = UUID(uuidString: "BABE0000-0000-4000-8000-000000000001")!

    func baby(born: Date, name: String = "Mia") -> Baby {
        Baby(id: Fixtures.babyID, name: name, birthday: born, rowID: 1)
    }

    mutating func row() -> Int64 {
        defer { nextRow += 1 }
        return nextRow
    }

    mutating func feed(
        _ type: FoodType, _ start: Date, end: Date? = nil, amount: Double? = nil, unit: FeedingUnit? = nil,
        id: UUID? = nil, baby: BabyReference = .baby(id: Fixtures.babyID)
    ) -> LogRecord {
        let row = row()
        return .food(FoodLog(
            id: id ?? Fixtures.id(Int(row)), type: type, amount: amount, feedingUnit: unit, startTime: start,
            endTime: end, baby: baby, rowID: row))
    }

    mutating func sleep(_ start: Date, _ end: Date?, id: UUID? = nil, baby: BabyReference = .baby(id: Fixtures.babyID)) -> LogRecord {
        let row = row()
        return .sleep(SleepLog(id: id ?? Fixtures.id(Int(row)), startTime: start, endTime: end, baby: baby, rowID: row))
    }

    mutating func diaper(_ type: DiaperType, _ time: Date, id: UUID? = nil, baby: BabyReference = .baby(id: Fixtures.babyID)) -> LogRecord {
        let row = row()
        return .diaper(DiaperLog(id: id ?? Fixtures.id(Int(row)), type: type, time: time, baby: baby, rowID: row))
    }

    mutating func activity(
        _ type: ActivityType, _ start: Date, _ end: Date?, id: UUID? = nil, baby: BabyReference = .baby(id: Fixtures.babyID)
    ) -> LogRecord {
        let row = row()
        return .activity(ActivityLog(id: id ?? Fixtures.id(Int(row)), type: type, startTime: start, endTime: end, baby: baby, rowID: row))
    }

    func options(
        today: CivilDate, dayStart: String = "00:00", night: String = "19:00-07:00", units: VolumeUnits = .metric,
        weeks: WeekSelection = .all
    ) -> AggregationOptions {
        AggregationOptions(
            timeZone: timeZone, today: today, dayStart: try! ClockTime(parsing: dayStart),
            night: try! ClockRange(parsing: night), units: units, weeks: weeks)
    }
}

extension WeekSummary {
    /// A column's number (counts and decimals).
    func number(_ name: String) -> Double? { value(of: name)?.number }
}

extension DaySummary {
    func number(_ name: String) -> Double? { value(of: name)?.number }
}

extension BabyAggregate {
    func week(_ index: Int) -> WeekSummary? { weeks.first { $0.week == index } }
    func day(_ index: Int) -> DaySummary? { days.first { $0.day == index } }
    func rules() -> [String] { findings.map(\.rule.rawValue) }
}

extension Fixtures {
    /// Aggregates one baby's logs (any order) and returns the baby's result.
    func run(
        born: Date, today: CivilDate, logs: [LogRecord], dayStart: String = "00:00", night: String = "19:00-07:00",
        units: VolumeUnits = .metric, weeks: WeekSelection = .all, now: Date = Date()
    ) -> BabyAggregate {
        var options = options(today: today, dayStart: dayStart, night: night, units: units, weeks: weeks)
        options.now = now
        return Aggregator.aggregate(babies: [baby(born: born)], options: options, logs: logs).babies[0]
    }
}
