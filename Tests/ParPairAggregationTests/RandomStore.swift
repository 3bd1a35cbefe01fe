import Foundation
import ParPairModel
import TestSupport

/// A generated store: two babies with every kind of log, good and bad, around a daylight-saving change.
///
/// Times are whole minutes. Baby 1 is born 9 days before the change and today is its day 19 (week 2 in
/// progress); baby 2 is born 0–3 days before today. Logs start two days before each birthday and run
/// to two days after today; a few orphans and repeated ids are mixed in.
struct RandomStore {
    var babies: [Baby]
    var logs: [LogRecord]
    var today: CivilDate

    static let unknownBaby = UUID(uuidString: "DEAD0000-0000-4000-8000-000000000000")!

    init(seed: UInt64, timeZone: TimeZone, springChange: Bool) {
        var random = SeededGenerator(seed: seed)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start2024 = calendar.date(from: DateComponents(year: 2024, month: 1, day: 1))!
        let first = timeZone.nextDaylightSavingTimeTransition(after: start2024)!
        let second = timeZone.nextDaylightSavingTimeTransition(after: first)!
        let change = springChange ? first : second
        func civil(_ date: Date) -> CivilDate {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)
        }
        func midnight(_ date: CivilDate) -> Date {
            calendar.startOfDay(for: calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))!)
        }
        let firstBirth = civil(change).adding(days: -9)
        today = firstBirth.adding(days: 19)
        let secondBirth = today.adding(days: -random.int(0...3))
        babies = [
            Baby(id: UUID(uuidString: "B0000000-0000-4000-8000-000000000001")!, name: "Ada",
                 birthday: midnight(firstBirth).addingTimeInterval(Double(random.int(0...1439)) * 60), rowID: 1),
            Baby(id: UUID(uuidString: "B0000000-0000-4000-8000-000000000002")!, name: "Ben",
                 birthday: midnight(secondBirth).addingTimeInterval(Double(random.int(0...1439)) * 60), rowID: 2),
        ]

        var row: Int64 = 100
        var logs: [LogRecord] = []
        func nextID() -> UUID {
            row += 1
            return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012lld", row))!
        }
        for (position, baby) in babies.enumerated() {
            let birth = position == 0 ? firstBirth : secondBirth
            let reference = BabyReference.baby(id: baby.id)
            let days = today.dayNumber - birth.dayNumber
            let density = position == 0 ? 1 : 0
            for offset in -2...(days + 2) {
                let base = midnight(birth.adding(days: offset))
                func time() -> Date { base.addingTimeInterval(Double(random.int(0...1439)) * 60) }
                func minutes(_ value: Int) -> Double { Double(value) * 60 }
                for _ in 0..<random.int(3...(5 + 3 * density)) {
                    let id = nextID()
                    let start = time()
                    let pick = random.int(0...99)
                    var amount: Double? = nil
                    var unit: FeedingUnit? = nil
                    var end: Date? = nil
                    let type: FoodType
                    switch pick {
                    case 0..<40:
                        type = .breastfeeding
                        let shape = random.int(0...99)
                        end = shape < 5 ? nil : shape < 8 ? start.addingTimeInterval(-minutes(10))
                            : shape < 11 ? start.addingTimeInterval(minutes(300)) : start.addingTimeInterval(minutes(random.int(5...40)))
                        if random.chance(0.03) { amount = .nan }
                    case 40..<75:
                        type = pick < 60 ? .formula : .pumpedMilk
                        if random.chance(0.6) {
                            amount = Double(random.int(30...200))
                            unit = .milliliters
                        } else {
                            amount = Double(random.int(2...16)) / 2
                            unit = .ounces
                        }
                        let flaw = random.int(0...99)
                        switch flaw {
                        case 0..<4: unit = nil
                        case 4..<7: unit = .grams
                        case 7..<10: amount = nil
                        case 10..<13: amount = -5
                        case 13..<15: amount = 1500; unit = .milliliters
                        case 15..<17: amount = .infinity
                        case 17..<19: unit = .other("cup")
                        case 19..<21: amount = 40; unit = .ounces  // 1,183 ml
                        default: break
                        }
                        let shape = random.int(0...99)
                        end = shape < 50 ? nil : shape < 95 ? start.addingTimeInterval(minutes(10)) : start.addingTimeInterval(-minutes(5))
                    case 75..<90:
                        type = .solids
                        let shape = random.int(0...99)
                        switch shape {
                        case 0..<60: amount = Double(random.int(5...80)); unit = .grams
                        case 60..<75: amount = nil
                        case 75..<85: amount = Double(random.int(5...80)); unit = .milliliters
                        case 85..<90: amount = 20; unit = nil
                        case 90..<95: amount = 3; unit = .other("spoon")
                        default: amount = -1; unit = .grams
                        }
                        end = random.chance(0.3) ? start.addingTimeInterval(minutes(15)) : nil
                    default:
                        type = pick < 95 ? .other("Goat Milk") : .other("Juice")
                        amount = random.chance(0.5) ? 100 : nil
                        unit = amount == nil ? nil : .milliliters
                    }
                    logs.append(.food(FoodLog(
                        id: id, type: type, amount: amount, feedingUnit: unit, startTime: start, endTime: end,
                        baby: reference, rowID: row)))
                }
                for _ in 0..<random.int(2...(3 + density)) {
                    let id = nextID()
                    let start = time()
                    let shape = random.int(0...99)
                    let end: Date? = shape < 4 ? nil : shape < 7 ? start.addingTimeInterval(-minutes(30))
                        : shape < 9 ? start.addingTimeInterval(minutes(random.int(1441...1800)))
                        : start.addingTimeInterval(minutes(random.int(0...300)))
                    logs.append(.sleep(SleepLog(id: id, startTime: start, endTime: end, baby: reference, rowID: row)))
                }
                for _ in 0..<random.int(3...(5 + 3 * density)) {
                    let id = nextID()
                    let types: [DiaperType] = [.wet, .wet, .dirty, .mixed, .dry, .other("Blowout")]
                    logs.append(.diaper(DiaperLog(
                        id: id, type: types[random.int(0...types.count - 1)], time: time(), baby: reference, rowID: row)))
                }
                for _ in 0..<random.int(0...2) {
                    let id = nextID()
                    let start = time()
                    let types: [ActivityType] = [.tummyTime, .tummyTime, .bath, .play, .other("Swim")]
                    let shape = random.int(0...99)
                    let end: Date? = shape < 6 ? nil : shape < 10 ? start.addingTimeInterval(-minutes(3))
                        : start.addingTimeInterval(minutes(random.int(3...30)))
                    logs.append(.activity(ActivityLog(
                        id: id, type: types[random.int(0...types.count - 1)], startTime: start, endTime: end,
                        baby: reference, rowID: row)))
                }
            }
            // Sometimes a sleep still running late today, the newest of all.
            if random.chance(0.6) {
                let id = nextID()
                let start = midnight(today).addingTimeInterval(Double(23 * 60 + random.int(0...50)) * 60)
                logs.append(.sleep(SleepLog(id: id, startTime: start, endTime: nil, baby: reference, rowID: row)))
            }
        }
        // Orphans.
        let anyTime = midnight(today).addingTimeInterval(-3 * 3600)
        for reference in [BabyReference.none, .dangling(rowID: 99), .baby(id: RandomStore.unknownBaby)] {
            let id = nextID()
            logs.append(.diaper(DiaperLog(id: id, type: .wet, time: anyTime, baby: reference, rowID: row)))
        }
        // Repeated ids: copies of random logs, some at the same time, some moved.
        for _ in 0..<6 {
            let original = logs[random.int(0...logs.count - 1)]
            row += 1
            let shift = random.chance(0.5) ? 0 : Double(random.int(-3000...3000)) * 60
            switch original {
            case .food(var log):
                log.rowID = row
                log.startTime = log.startTime.addingTimeInterval(shift)
                log.endTime = log.endTime?.addingTimeInterval(shift)
                logs.append(.food(log))
            case .sleep(var log):
                log.rowID = row
                log.startTime = log.startTime.addingTimeInterval(shift)
                log.endTime = log.endTime?.addingTimeInterval(shift)
                logs.append(.sleep(log))
            case .diaper(var log):
                log.rowID = row
                log.time = log.time.addingTimeInterval(shift)
                logs.append(.diaper(log))
            case .activity(var log):
                log.rowID = row
                log.startTime = log.startTime.addingTimeInterval(shift)
                log.endTime = log.endTime?.addingTimeInterval(shift)
                logs.append(.activity(log))
            }
        }
        logs.shuffle(using: &random)
        self.logs = logs
    }
}
