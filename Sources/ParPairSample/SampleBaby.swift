import Foundation
import ParPairModel

/// One simulated baby: sleeps and wake windows that follow the baby's age, with feeds, diapers,
/// solids and activities in the wake windows, and a few mistakes a tired parent makes.
///
/// Every number comes from the baby's own seeded generator, so a baby's logs do not depend on how
/// many other babies are simulated. Times are seconds since 2001-01-01.
struct SampleBaby {
    /// A slip a real parent makes, each at most once per baby.
    enum Mistake: CaseIterable {
        /// A feed whose end is before its start.
        case endBeforeStart
        /// A nap timer left running for more than 24 hours.
        case forgottenTimer
        /// A bottle of 120 ml logged as 1200 oz.
        case ounceTypo
        /// The same feed logged twice (a second log with a new id).
        case duplicateFeed
        /// Tummy time never stopped (no end).
        case openActivity
    }

    let baby: Baby
    private let calendar: SampleCalendar
    private let birthDay: Int
    private let seed: UInt64
    private var rng: SplitMix64
    private let solidsStartAge: Int
    private let breastShareAtBirth: Double
    private let breastShareAt4Months: Double
    private let pumpedShare: Double
    private let ounceShare: Double
    private var clock: Double
    private var lastFeed: Double
    private var nightEnd: Double?
    private var wakingsLeft = 0
    private var mealDay = -1
    private var mealsServed: Set<Int> = []
    private var bathDay = -1
    private var mistakeDays: [Mistake: Int] = [:]
    private var pending: [LogRecord] = []
    private var heldSleep: SleepLog?
    private var lastEventEnd: Double = 0

    /// - Parameters:
    ///   - baby: the baby (its birthday is the instant of birth).
    ///   - seed: the baby's own seed.
    ///   - calendar: local midnights covering the baby's life and the logged days.
    ///   - firstDay: the day index logging starts (the day of birth for a newborn).
    ///   - loggedDays: how many days are logged, for placing mistakes.
    ///   - profile: 0 for a mostly breastfed baby, 1 for a mostly formula-fed one.
    init(baby: Baby, seed: UInt64, calendar: SampleCalendar, firstDay: Int, loggedDays: Int, profile: Int) {
        self.baby = baby
        self.calendar = calendar
        self.seed = seed
        var rng = SplitMix64(seed: seed)
        let birth = baby.birthday.timeIntervalSinceReferenceDate
        birthDay = calendar.dayIndex(of: birth)
        solidsStartAge = rng.integer(120...135)
        if profile % 2 == 0 {
            breastShareAtBirth = 0.92
            breastShareAt4Months = 0.4
            pumpedShare = 0.75
            ounceShare = 0.25
        } else {
            breastShareAtBirth = 0.5
            breastShareAt4Months = 0.1
            pumpedShare = 0.2
            ounceShare = 0.5
        }
        let start = calendar.midnight(firstDay)
        if birth >= start {
            clock = birth + 2 * 3600
            lastFeed = birth + 3600
        } else {
            clock = start
            lastFeed = start - 2.5 * 3600
            nightEnd = calendar.instant(day: firstDay, minute: 390)
            wakingsLeft = 1
        }
        if loggedDays >= 14 {
            var days = Array(2...(loggedDays - 3)).map { firstDay + $0 }
            for mistake in Mistake.allCases {
                let index = rng.integer(0...(days.count - 1))
                mistakeDays[mistake] = days.remove(at: index)
            }
        }
        self.rng = rng
    }

    /// Simulates until `limit` and returns the logs that start before it, in time order; later logs
    /// wait for the next call.
    mutating func logs(before limit: Double) -> [LogRecord] {
        while clock < limit { cycle() }
        let ready = pending.filter { $0.start.timeIntervalSinceReferenceDate < limit }
        pending.removeAll { $0.start.timeIntervalSinceReferenceDate < limit }
        return ready.sorted { $0.start < $1.start }
    }

    /// The logs still waiting at `now`: the newest sleep, left running (no end) as an open timer.
    mutating func finish(now: Double) -> [LogRecord] {
        pending.removeAll()
        guard var sleep = heldSleep else { return [] }
        heldSleep = nil
        if let end = sleep.endTime, end.timeIntervalSinceReferenceDate <= now {
            // Awake at `now`: keep that sleep and start a new one that is still running.
            let start = min(max(end.timeIntervalSinceReferenceDate + 20 * 60, lastEventEnd + 120), now - 60)
            let running = SleepLog(id: rng.uuid(), startTime: Date(timeIntervalSinceReferenceDate: start), endTime: nil,
                                   baby: .baby(id: baby.id))
            return [.sleep(sleep), .sleep(running)]
        }
        sleep.endTime = nil
        return sleep.startTime.timeIntervalSinceReferenceDate < now ? [.sleep(sleep)] : []
    }

    // MARK: - One wake window and the sleep after it

    private mutating func cycle() {
        let age = ageDays(clock)
        let night = age < 42 ? isNightClock(clock) : nightEnd != nil
        let windowStart = clock
        let windowEnd = clock + (night ? rng.uniform(20...45) : wakeWindowMinutes(age)) * 60
        var cursor = clock + rng.uniform(0...4) * 60
        if rng.chance(night ? (age < 42 ? 0.45 : 0.55) : (age < 42 ? 0.75 : 0.88)) {
            diaper(at: cursor, age: age)
            cursor += rng.uniform(2...5) * 60
        }
        if age < 42 || (night && age < 180) || clock - lastFeed >= feedIntervalHours(age) * 0.75 * 3600 {
            cursor = milkFeed(at: cursor, age: age, night: night)
        }
        if !night {
            solids(windowStart: windowStart, windowEnd: windowEnd, cursor: &cursor, age: age)
            activities(cursor: &cursor, windowEnd: windowEnd, age: age)
            if rng.chance(age < 42 ? 0.15 : (age < 90 ? 0.3 : 0.6)) {
                diaper(at: rng.uniform(windowStart...max(windowStart, windowEnd)), age: age)
            }
        }
        let sleepStart = max(windowEnd, cursor + rng.uniform(2...8) * 60)
        let (sleepEnd, endsNight) = planSleep(from: sleepStart, age: age)
        sleep(start: sleepStart, end: sleepEnd)
        clock = sleepEnd
        if endsNight { nightEnd = nil }
    }

    private mutating func planSleep(from start: Double, age: Int) -> (end: Double, endsNight: Bool) {
        if age < 42 {
            let minutes = isNightClock(start) ? rng.uniform(90...200) : rng.uniform(30...110)
            return (start + minutes * 60, false)
        }
        if nightEnd == nil {
            let day = calendar.dayIndex(of: start)
            let minute = calendar.minuteOfDay(start)
            let bedtime = bedtimeMinute(day)
            guard minute >= bedtime - 30 || minute < 300 else {
                let latest = calendar.instant(day: day, minute: bedtime - 45)
                let end = min(start + napMinutes(age) * 60, max(start + 20 * 60, latest))
                return (end, false)
            }
            let wakeDay = minute < 300 ? day : day + 1
            nightEnd = calendar.instant(day: wakeDay, minute: rng.uniform(360...450))
            wakingsLeft = age < 90 ? rng.integer(2...3) : (age < 150 ? rng.integer(1...2) : rng.integer(0...1))
        }
        let morning = nightEnd ?? start + 8 * 3600
        if wakingsLeft > 0, morning - start > 3 * 3600 {
            wakingsLeft -= 1
            return (start + (morning - start) * rng.uniform(0.3...0.55), false)
        }
        return (max(morning, start + 45 * 60) + rng.uniform(-10...15) * 60, true)
    }

    // MARK: - Logs

    private mutating func milkFeed(at start: Double, age: Int, night: Bool) -> Double {
        lastFeed = start
        let progress = min(Double(age), 120) / 120
        var breastShare = breastShareAtBirth + (breastShareAt4Months - breastShareAtBirth) * progress
        if night { breastShare = min(1, breastShare + 0.15) }
        let timed = rng.chance(0.7)
        if rng.chance(breastShare) {
            let minutes = age < 30 ? rng.uniform(12...40) : rng.uniform(8...25)
            var log = FoodLog(id: rng.uuid(), type: .breastfeeding, startTime: stamp(start, timed),
                              endTime: stamp(start + minutes * 60, timed), notes: note(SampleNotes.food),
                              baby: .baby(id: baby.id))
            if take(.endBeforeStart, at: start) {
                log.endTime = stamp(start - rng.uniform(5...15) * 60, timed)
            }
            add(.food(log), end: start + minutes * 60)
            return start + minutes * 60
        }
        let milliliters = bottleMilliliters(age)
        let minutes = rng.uniform(10...25)
        var log = FoodLog(id: rng.uuid(), type: rng.chance(pumpedShare) ? .pumpedMilk : .formula,
                          startTime: stamp(start, timed), endTime: rng.chance(0.97) ? stamp(start + minutes * 60, timed) : nil,
                          notes: note(SampleNotes.food), baby: .baby(id: baby.id))
        if rng.chance(ounceShare) {
            log.amount = max(0.5, (milliliters / FeedingUnit.millilitersPerOunce * 2).rounded() / 2)
            log.feedingUnit = .ounces
        } else {
            log.amount = (milliliters / 5).rounded() * 5
            log.feedingUnit = .milliliters
        }
        if take(.ounceTypo, at: start) {
            log.amount = 1200
            log.feedingUnit = .ounces
        }
        add(.food(log), end: start + minutes * 60)
        if take(.duplicateFeed, at: start) {
            var copy = log
            copy.id = rng.uuid()
            add(.food(copy), end: start + minutes * 60)
        }
        return start + minutes * 60
    }

    private mutating func solids(windowStart: Double, windowEnd: Double, cursor: inout Double, age: Int) {
        guard age >= solidsStartAge else { return }
        let day = calendar.dayIndex(of: windowStart)
        if day != mealDay {
            mealDay = day
            mealsServed = []
        }
        let weeks = (age - solidsStartAge) / 7
        let allMeals: [Double] = [480, 720, 1050]  // 08:00, 12:00, 17:30
        let meals = Array(allMeals.prefix(weeks < 2 ? 1 : (weeks < 6 ? 2 : 3)))
        for (index, minute) in meals.enumerated() where !mealsServed.contains(index) {
            let mealTime = calendar.instant(day: day, minute: minute + rng.uniform(-20...20))
            guard mealTime <= windowEnd else { continue }
            mealsServed.insert(index)
            guard windowStart - mealTime < 2 * 3600 else { continue }  // slept through that meal
            let start = max(mealTime, cursor)
            let minutes = rng.uniform(10...30)
            let grams = min(150, 10 + Double(age - solidsStartAge) * 1.2 + rng.uniform(0...30))
            let timed = rng.chance(0.5)
            let log = FoodLog(id: rng.uuid(), type: .solids, amount: (grams / 5).rounded() * 5, feedingUnit: .grams,
                              startTime: stamp(start, timed), endTime: stamp(start + minutes * 60, timed),
                              notes: note(SampleNotes.solids, chance: 0.08), baby: .baby(id: baby.id))
            add(.food(log), end: start + minutes * 60)
            cursor = start + minutes * 60
        }
    }

    private mutating func activities(cursor: inout Double, windowEnd: Double, age: Int) {
        let day = calendar.dayIndex(of: cursor)
        let minute = calendar.minuteOfDay(cursor)
        var chosen: [(ActivityType, ClosedRange<Double>)] = []
        if age >= 5, rng.chance(0.45) { chosen.append((.tummyTime, 3...min(30, 5 + Double(age) / 8))) }
        if age >= 30, rng.chance(0.3) { chosen.append((.play, 15...45)) }
        if age >= 60, rng.chance(0.15) { chosen.append((.reading, 5...15)) }
        if age >= 14, rng.chance(0.12) { chosen.append((.outdoor, 20...60)) }
        if bathDay != day, minute >= 17.5 * 60, minute < 20 * 60 {
            bathDay = day
            if rng.chance(0.55) { chosen.append((.bath, 10...20)) }
        }
        for (type, range) in chosen {
            let start = cursor + rng.uniform(1...5) * 60
            let minutes = rng.uniform(range)
            guard start + minutes * 60 <= windowEnd + 10 * 60 else { continue }
            let timed = rng.chance(0.6)
            var log = ActivityLog(id: rng.uuid(), type: type, startTime: stamp(start, timed),
                                  endTime: stamp(start + minutes * 60, timed), notes: note(SampleNotes.activity, chance: 0.06),
                                  baby: .baby(id: baby.id))
            if type == .tummyTime, take(.openActivity, at: start) { log.endTime = nil }
            add(.activity(log), end: start + minutes * 60)
            cursor = start + minutes * 60
        }
    }

    private mutating func diaper(at time: Double, age: Int) {
        let roll = rng.unit()
        let type: DiaperType
        if age < 42 {
            type = roll < 0.5 ? .wet : (roll < 0.7 ? .dirty : .mixed)
        } else {
            type = roll < 0.6 ? .wet : (roll < 0.75 ? .dirty : (roll < 0.95 ? .mixed : .dry))
        }
        let log = DiaperLog(id: rng.uuid(), type: type, time: stamp(time, rng.chance(0.5)), notes: note(SampleNotes.diaper),
                            baby: .baby(id: baby.id))
        add(.diaper(log), end: time)
    }

    private mutating func sleep(start: Double, end: Double) {
        let timed = rng.chance(0.8)
        var log = SleepLog(id: rng.uuid(), startTime: stamp(start, timed), endTime: stamp(end, timed),
                           notes: note(SampleNotes.sleep), baby: .baby(id: baby.id))
        if ageDays(start) >= 1, end - start < 4 * 3600, !isNightClock(start), take(.forgottenTimer, at: start) {
            log.endTime = stamp(start + 24 * 3600 + rng.uniform(60...300) * 60, timed)
        }
        if let held = heldSleep { pending.append(.sleep(held)) }
        heldSleep = log
    }

    private mutating func add(_ record: LogRecord, end: Double) {
        pending.append(record)
        lastEventEnd = max(lastEventEnd, end)
    }

    /// True (once) when `mistake` is due on the day of `time`.
    private mutating func take(_ mistake: Mistake, at time: Double) -> Bool {
        guard let day = mistakeDays[mistake], day == calendar.dayIndex(of: time) else { return false }
        mistakeDays[mistake] = nil
        return true
    }

    private mutating func note(_ choices: [String], chance: Double = 0.025) -> String {
        rng.chance(chance) ? rng.pick(choices) : ""
    }

    /// A timer-logged time keeps milliseconds; a time typed in by hand is a whole minute.
    private mutating func stamp(_ time: Double, _ timed: Bool) -> Date {
        let value = timed ? time.rounded(.down) + Double(rng.integer(0...999)) / 1000 : (time / 60).rounded(.down) * 60
        return Date(timeIntervalSinceReferenceDate: value)
    }

    // MARK: - Age-dependent habits

    private func ageDays(_ time: Double) -> Int {
        calendar.dayIndex(of: time) - birthDay
    }

    private func isNightClock(_ time: Double) -> Bool {
        let minute = calendar.minuteOfDay(time)
        return minute >= 21 * 60 || minute < 5 * 60
    }

    private mutating func wakeWindowMinutes(_ age: Int) -> Double {
        switch age {
        case ..<14: rng.uniform(35...60)
        case ..<42: rng.uniform(45...80)
        case ..<90: rng.uniform(75...120)
        case ..<150: rng.uniform(90...150)
        default: rng.uniform(120...180)
        }
    }

    private mutating func napMinutes(_ age: Int) -> Double {
        age < 90 ? rng.uniform(30...120) : rng.uniform(40...110)
    }

    private func feedIntervalHours(_ age: Int) -> Double {
        age < 90 ? 2.5 : (age < 150 ? 3 : 3.5)
    }

    private mutating func bottleMilliliters(_ age: Int) -> Double {
        switch age {
        case ..<3: rng.uniform(15...45)
        case ..<7: rng.uniform(30...60)
        case ..<30: rng.uniform(60...100)
        case ..<60: rng.uniform(90...130)
        case ..<120: rng.uniform(110...170)
        default: rng.uniform(150...220)
        }
    }

    /// Bedtime for a day, in minutes after midnight: 19:00–20:30, fixed per baby and day.
    private func bedtimeMinute(_ day: Int) -> Double {
        var dayRNG = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: day) &* 0x2545_F491_4F6C_DD1D))
        return 19 * 60 + dayRNG.uniform(0...90)
    }
}
