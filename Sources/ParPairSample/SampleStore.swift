import ParPairStore
import Foundation
import ParPairModel

/// Writes realistic synthetic ParPair stores for demos, tests and benchmarks.
///
/// Dates are anchored, not taken from the clock: the last logged day is 2026-11-20 and "now" is
/// 21:30 that evening in America/New_York, where the babies live. Baby 0 is born on the first logged
/// day (a newborn at the start); baby `i` is born `60 × i` days earlier. Each baby has its own
/// SplitMix64 stream derived from the seed, so the same seed gives the same logs (and the same bytes
/// in the main file; SQLite salts a WAL with random numbers, so a `-wal` file differs in its header
/// and checksums, not in its rows).
///
/// What a day looks like: 8–12 feeds for a newborn, breastfeeding giving way to bottles (formula
/// and pumped milk, in ml or oz) and solids in grams from 4–5 months; naps and night sleep (the
/// first night stretch crosses midnight) with night wakings that thin out with age; 6–10 diapers;
/// tummy time, play, reading, outdoor time and baths. About 2–3 % of logs carry a note (commas,
/// quotes, emoji, one Japanese line). Per baby, once each on random days: a feed that ends before it
/// starts, a nap timer left running for more than 24 h, a bottle logged as 1200 oz, a feed logged
/// twice, tummy time never stopped; and the newest sleep is still running (no end).
///
/// Events are placed at offsets from each day's local midnight, so on the two daylight-saving days
/// the local clock of events after 02:00 is one hour off what the simulation meant; the instants
/// themselves are ordinary and consistent.
public enum SampleStore {
    /// The last logged day.
    public static let lastDay = CivilDate(year: 2026, month: 11, day: 20)
    /// "Now": minutes after midnight on `lastDay` when logging stops (21:30).
    public static let nowMinute = 21 * 60 + 30
    /// The zone of the babies' clocks.
    public static let timeZoneIdentifier = "America/New_York"
    /// Names given in order (then numbered).
    public static let names = ["Mia", "Léo", "Noah", "Zoë", "Aarav", "Sofía", "Émile", "Hana"]

    /// Limits on the arguments.
    public static let babyRange = 1...100
    public static let dayRange = 1...36_500

    /// What was written.
    public struct Summary: Sendable, Hashable {
        public var path: String
        public var babies: [Baby]
        public var foodLogs = 0
        public var sleepLogs = 0
        public var diaperLogs = 0
        public var activityLogs = 0
        /// Logs written only to the `-wal` file.
        public var logsInWAL = 0

        public var totalLogs: Int { foodLogs + sleepLogs + diaperLogs + activityLogs }
    }

    /// Writes a new sample store.
    ///
    /// - Parameters:
    ///   - path: the store file to create (its folder must exist; nothing is overwritten).
    ///   - seed: the generator's seed.
    ///   - babies: how many babies (1…100).
    ///   - days: how many days are logged, ending on `lastDay` (1…36500).
    ///   - wal: true to leave the last day's logs only in `<path>-wal`, as a running app would.
    ///   - enumStyle: how enumerations are stored (iOS 18 raw values by default).
    /// - Returns: counts of what was written.
    /// - Throws: `StoreError.outputExists`, `.cannotCreate` (also for arguments out of range).
    ///
    /// ```swift
    /// try SampleStore.generate(to: "samples/default.store", seed: 1, babies: 2, days: 90, wal: true)
    /// ```
    @discardableResult
    public static func generate(
        to path: String, seed: UInt64, babies: Int, days: Int, wal: Bool,
        enumStyle: StoreLayoutSQL.EnumStyle = .rawValue
    ) throws -> Summary {
        guard babyRange.contains(babies) else {
            throw StoreError.cannotCreate(path, reason: "the number of babies must be between 1 and \(babyRange.upperBound)")
        }
        guard dayRange.contains(days) else {
            throw StoreError.cannotCreate(path, reason: "the number of days must be between 1 and \(dayRange.upperBound)")
        }
        let timeZone = TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(secondsFromGMT: -5 * 3600) ?? .current
        let firstLogged = lastDay.adding(days: -(days - 1))
        let earliestBirth = firstLogged.adding(days: -60 * (babies - 1))
        let calendar = SampleCalendar(from: earliestBirth, through: lastDay, timeZone: timeZone)
        let firstDay = firstLogged.dayNumber - earliestBirth.dayNumber
        let lastIndex = lastDay.dayNumber - earliestBirth.dayNumber
        let now = calendar.instant(day: lastIndex, minute: Double(nowMinute))

        var rng = SplitMix64(seed: seed)
        let options = StoreWriter.Options(enumStyle: enumStyle, storeUUID: rng.uuid())
        var simulations: [SampleBaby] = []
        var people: [Baby] = []
        for index in 0..<babies {
            let babySeed = rng.next()
            var babyRNG = SplitMix64(seed: babySeed ^ 0xB0B1_E5)
            let birthDay = firstDay - 60 * index
            let minute: Double = index == 0 ? 3 * 60 + 42 : (index == 1 ? 14 * 60 + 10 : Double(babyRNG.integer(0...1439)))
            let name = index < names.count ? names[index] : "\(names[index % names.count]) \(index / names.count + 1)"
            let baby = Baby(id: babyRNG.uuid(), name: name,
                            birthday: Date(timeIntervalSinceReferenceDate: calendar.instant(day: birthDay, minute: minute)),
                            rowID: Int64(index + 1))
            people.append(baby)
            simulations.append(SampleBaby(baby: baby, seed: babySeed, calendar: calendar, firstDay: firstDay,
                                          loggedDays: days, profile: index))
        }

        let writer = try StoreWriter(creatingAt: path, options: options)
        var summary = Summary(path: path, babies: people)
        for baby in people { try writer.insert(baby) }
        var inWAL = false
        func write(_ record: LogRecord) throws {
            try writer.insert(record)
            switch record {
            case .food: summary.foodLogs += 1
            case .sleep: summary.sleepLogs += 1
            case .diaper: summary.diaperLogs += 1
            case .activity: summary.activityLogs += 1
            }
            if inWAL {
                summary.logsInWAL += 1
                try writer.commit()  // one save per log, as the app does
            }
        }
        for day in firstDay...lastIndex {
            if wal && day == lastIndex {
                try writer.keepLaterRowsInWAL()
                inWAL = true
            }
            let limit = day == lastIndex ? now : calendar.midnight(day + 1)
            for index in simulations.indices {
                for record in simulations[index].logs(before: limit) { try write(record) }
            }
        }
        for index in simulations.indices {
            for record in simulations[index].finish(now: now) { try write(record) }
        }
        try writer.finish()
        return summary
    }
}
