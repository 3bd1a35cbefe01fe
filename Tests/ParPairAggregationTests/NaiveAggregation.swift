import Foundation
import ParPairAggregation
import ParPairModel

/// A deliberately naive reference aggregator for the randomized tests.
///
/// It shares nothing with `Aggregator` but the model and the written rules: every log's day comes from
/// `LifeCalendar.lifeDay` (calendar calls per log), sleep is counted minute by minute (each whole minute
/// asleep is looked up on the calendar for its day and clock time), feed gaps come from sorting the
/// starts of each window, overlaps from comparing every pair. Logs may come in any order.
/// It expects logs on whole minutes (the generated stores are).
enum NaiveAggregation {
    enum Value: Equatable, CustomStringConvertible {
        case text(String)
        case number(Double?)

        var description: String {
            switch self {
            case .text(let text): "\"\(text)\""
            case .number(let value): value.map { "\($0)" } ?? "nil"
            }
        }
    }

    struct FindingKey: Hashable, CustomStringConvertible {
        var rule: String
        var kind: LogKind
        var id: UUID
        var inProgress: Bool
        var description: String { "\(rule) \(kind) \(id)\(inProgress ? " (in progress)" : "")" }
    }

    struct BabyResult {
        var weeks: [(index: Int, columns: [String: Value])] = []
        var days: [(index: Int, columns: [String: Value])] = []
        /// Listed findings with the week and day they count for.
        var findings: [(key: FindingKey, week: Int?, day: Int?)] = []
        var outside = 0
    }

    struct Result {
        var babies: [BabyResult]
        var orphans: Set<FindingKey>
    }

    struct Entry {
        var record: LogRecord
        var rowID: Int64
        var start: Date { record.start }
        var kind: LogKind { record.kind }
        var id: UUID { record.id }
    }

    /// What a double entry repeats, written out: kind, type, start minute, end minute, amount and unit.
    static func doubleEntryKey(_ record: LogRecord) -> String {
        func minute(_ date: Date?) -> String { date.map { String(Int64(($0.timeIntervalSinceReferenceDate / 60).rounded(.down))) } ?? "-" }
        switch record {
        case .food(let log):
            return "food|\(log.type)|\(minute(log.startTime))|\(minute(log.endTime))|\(log.amount.map { "\($0)" } ?? "-")|\(log.feedingUnit.map { "\($0)" } ?? "-")"
        case .sleep(let log): return "sleep|\(minute(log.startTime))|\(minute(log.endTime))"
        case .diaper(let log): return "diaper|\(log.type)|\(minute(log.time))"
        case .activity(let log): return "activity|\(log.type)|\(minute(log.startTime))|\(minute(log.endTime))"
        }
    }

    static func rowID(_ record: LogRecord) -> Int64 {
        switch record {
        case .food(let log): log.rowID
        case .sleep(let log): log.rowID
        case .diaper(let log): log.rowID
        case .activity(let log): log.rowID
        }
    }

    static func aggregate(babies: [Baby], options: AggregationOptions, logs: [LogRecord]) -> Result {
        let known = Set(babies.map(\.id))
        var orphans: Set<FindingKey> = []
        var entries: [Entry] = []
        for record in logs {
            if let babyID = record.baby.babyID, known.contains(babyID) {
                entries.append(Entry(record: record, rowID: rowID(record)))
            } else {
                orphans.insert(FindingKey(rule: "orphan", kind: record.kind, id: record.id, inProgress: false))
            }
        }
        // The first log of a kind with an id (by start, then row) counts; later ones are repeats.
        entries.sort { ($0.kind, $0.start, $0.rowID) < ($1.kind, $1.start, $1.rowID) }
        var seen: Set<String> = []
        var duplicateKinds: Set<String> = []
        for entry in entries {
            let key = "\(entry.kind)/\(entry.id)"
            if seen.contains(key) { duplicateKinds.insert("\(entry.kind)/\(entry.rowID)") }
            seen.insert(key)
        }
        let results = babies.map { baby in
            aggregate(
                baby: baby, options: options,
                entries: entries.filter { $0.record.baby.babyID == baby.id },
                isDuplicate: { duplicateKinds.contains("\($0.kind)/\($0.rowID)") })
        }
        return Result(babies: results, orphans: orphans)
    }

    private static func aggregate(
        baby: Baby, options: AggregationOptions, entries: [Entry], isDuplicate: (Entry) -> Bool
    ) -> BabyResult {
        let calendar = LifeCalendar(timeZone: options.timeZone, dayStartMinutes: options.dayStart.minutes)
        let birthDate = calendar.civilDate(of: baby.birthday)
        let todayIndex = options.today.dayNumber - birthDate.dayNumber
        func dayOf(_ date: Date) -> Int {
            // Before the birth itself (on the birth date too): counted nowhere, like a log before the birthday.
            if date < baby.birthday { return -1 }
            return max(0, calendar.lifeDay(of: date, birthday: baby.birthday))
        }

        // Classify every log.
        var counted: [(entry: Entry, day: Int)] = []
        var result = BabyResult()
        var pending: [(key: FindingKey, day: Int?)] = []
        var duplicates: [(key: FindingKey, day: Int?)] = []
        var entered: Set<String> = []
        for entry in entries {
            let day = dayOf(entry.start)
            let inRange = day >= 0 && day <= todayIndex
            if isDuplicate(entry) {
                duplicates.append((FindingKey(rule: "duplicate_id", kind: entry.kind, id: entry.id, inProgress: false), inRange ? day : nil))
            } else if day < 0 {
                pending.append((FindingKey(rule: "before_birthday", kind: entry.kind, id: entry.id, inProgress: false), nil))
            } else if day > todayIndex {
                pending.append((FindingKey(rule: "after_today", kind: entry.kind, id: entry.id, inProgress: false), nil))
            } else if !entered.insert(doubleEntryKey(entry.record)).inserted {
                // The same log again under another id: listed, counted once.
                duplicates.append((FindingKey(rule: "logged_twice", kind: entry.kind, id: entry.id, inProgress: false), day))
            } else {
                counted.append((entry, day))
            }
        }

        // Which weeks.
        let todayWeek = todayIndex >= 0 ? todayIndex / 7 : -1
        var selected: ClosedRange<Int>? = nil
        if todayWeek >= 0 {
            switch options.weeks {
            case .all:
                if let first = counted.map(\.day).min(), let last = counted.map(\.day).max() {
                    selected = (first / 7)...(last / 7)
                }
            case .weeks(let range):
                let low = max(0, range.lowerBound)
                let high = min(range.upperBound, todayWeek)
                if low <= high { selected = low...high }
            case .last(let count):
                if count >= 1 { selected = max(0, todayWeek - count + 1)...todayWeek }
            case .since(let date):
                let day = date.dayNumber - birthDate.dayNumber
                let first = max(0, day >= 0 ? day / 7 : -((-day + 6) / 7))
                if first <= todayWeek { selected = first...todayWeek }
            }
        }
        func isSelected(_ day: Int) -> Bool {
            guard let selected else { return false }
            return day >= 0 && day <= todayIndex && selected.contains(day / 7)
        }

        // Per-log rules.
        func add(_ rule: String, _ entry: Entry, day: Int) {
            pending.append((FindingKey(rule: rule, kind: entry.kind, id: entry.id, inProgress: false), day))
        }
        var tallies: [Int: [String: Double]] = [:]
        func bump(_ day: Int, _ name: String, _ amount: Double = 1) {
            guard isSelected(day) else { return }
            tallies[day, default: [:]][name, default: 0] += amount
        }
        var unknown: [String: (start: Date, row: Int64, id: UUID, kind: LogKind, day: Int)] = [:]
                func noteUnknown(_ field: String, _ text: String, _ entry: Entry, _ day: Int) {
            guard isSelected(day) else { return }
            let key = "\(entry.kind)|\(field)|\(text)"
            if let first = unknown[key], (first.start, first.row) <= (entry.start, entry.rowID) { return }
            unknown[key] = (entry.start, entry.rowID, entry.id, entry.kind, day)
        }
        var validSleeps: [(start: Date, end: Date, rowID: Int64, id: UUID, day: Int)] = []
        // Feedings: a feed starting within 30 minutes of the latest end of the feeding before joins it (an end counts
        // when it is not before the start and at most 4 hours after it).
        var feedingStarts: [(start: Date, day: Int)] = []
        var feedingEnd = Date.distantPast
        for (entry, day) in counted.sorted(by: { ($0.entry.start, $0.entry.rowID) < ($1.entry.start, $1.entry.rowID) }) {
            guard case .food(let log) = entry.record else { continue }
            var end = entry.start
            if let logEnd = log.endTime, logEnd >= entry.start, logEnd.timeIntervalSince(entry.start) <= 4 * 3600 { end = logEnd }
            if entry.start.timeIntervalSince(feedingEnd) <= 30 * 60 {
                feedingEnd = max(feedingEnd, end)
            } else {
                feedingEnd = end
                feedingStarts.append((entry.start, day))
                bump(day, "feedings")
            }
        }
        var sessions: [String: [(start: Date, row: Int64, open: Bool, id: UUID, day: Int)]] = [:]

        for (entry, day) in counted {
            bump(day, "logged_marker")
            let start = entry.start
            switch entry.record {
            case .food(let log):
                if let amount = log.amount, !(amount.isFinite && amount >= 0) { add("bad_amount", entry, day: day) }
                if let unit = log.feedingUnit, unit.isUnknown { noteUnknown("unit", unit.rawValue, entry, day) }
                switch log.type {
                case .breastfeeding:
                    bump(day, "breastfeeding")
                    sessions["breastfeed", default: []].append((start, entry.rowID, log.endTime == nil, entry.id, day))
                    if let end = log.endTime {
                        let seconds = end.timeIntervalSince(start)
                        if seconds < 0 { add("end_before_start", entry, day: day) }
                        else if seconds > 4 * 3600 { add("breastfeed_over_4h", entry, day: day) }
                        else { bump(day, "breastfeeding_seconds", seconds) }
                    } else {
                        add("open_breastfeed", entry, day: day)
                    }
                case .formula, .pumpedMilk:
                    let name = log.type == .formula ? "formula" : "pumped_milk"
                    bump(day, name)
                    if let amount = log.amount {
                        if amount.isFinite && amount >= 0 {
                            var ml: Double? = nil
                            switch log.feedingUnit {
                            case nil: add("liquid_without_unit", entry, day: day)
                            case .grams: add("liquid_in_grams", entry, day: day)
                            case .milliliters: ml = amount
                            case .ounces: ml = amount * 29.5735295625
                            case .other: break
                            }
                            if let ml {
                                if ml > 1000 { add("amount_over_1000ml", entry, day: day) } else { bump(day, name + "_ml", ml); bump(day, "bottles_with_amount") }
                            }
                        }
                    } else {
                        add("missing_amount", entry, day: day)
                    }
                case .solids:
                    bump(day, "solids")
                    if let amount = log.amount, amount.isFinite, amount >= 0 {
                        switch log.feedingUnit {
                        case .grams: bump(day, "solids_g", amount)
                        case .other: break
                        default: add("solids_not_in_grams", entry, day: day)
                        }
                    }
                case .other(let text):
                    bump(day, "other")
                    noteUnknown("feed type", text, entry, day)
                }
                if log.type != .breastfeeding, let end = log.endTime, end < start { add("end_before_start", entry, day: day) }
            case .sleep(let log):
                bump(day, "sleeps")
                sessions["sleep", default: []].append((start, entry.rowID, log.endTime == nil, entry.id, day))
                if let end = log.endTime {
                    let seconds = end.timeIntervalSince(start)
                    if seconds < 0 { add("end_before_start", entry, day: day) }
                    else if seconds > 24 * 3600 { add("sleep_over_24h", entry, day: day) }
                    else { validSleeps.append((start, end, entry.rowID, entry.id, day)) }
                } else {
                    add("open_sleep", entry, day: day)
                }
            case .diaper(let log):
                bump(day, "diapers")
                switch log.type {
                case .wet: bump(day, "wet")
                case .dirty: bump(day, "dirty")
                case .mixed: bump(day, "wet"); bump(day, "dirty"); bump(day, "mixed")
                case .dry: bump(day, "dry")
                case .other(let text): noteUnknown("diaper type", text, entry, day)
                }
            case .activity(let log):
                bump(day, "activities")
                sessions["activity", default: []].append((start, entry.rowID, log.endTime == nil, entry.id, day))
                if case .other(let text) = log.type { noteUnknown("activity type", text, entry, day) }
                if let end = log.endTime {
                    let seconds = end.timeIntervalSince(start)
                    if seconds < 0 { add("end_before_start", entry, day: day) }
                    else {
                        bump(day, "activity_seconds", seconds)
                        if log.type == .tummyTime { bump(day, "tummy_seconds", seconds) }
                    }
                } else {
                    add("open_activity", entry, day: day)
                }
            }
        }

        // Overlaps: a valid sleep that starts inside an earlier (by start, then row) valid one.
        let byStart = validSleeps.sorted { ($0.start, $0.rowID) < ($1.start, $1.rowID) }
        for (position, sleep) in byStart.enumerated() {
            let overlaps = byStart[..<position].contains { $0.end > sleep.start }
            if overlaps {
                pending.append((FindingKey(rule: "overlapping_sleep", kind: .sleep, id: sleep.id, inProgress: false), sleep.day))
            }
        }

        // In progress: the newest open session of a kind, when nothing of the kind starts later.
        var inProgress: Set<UUID> = []
        for (_, list) in sessions {
            let latest = list.map(\.start).max()!
            if let newestOpen = list.filter(\.open).max(by: { ($0.start, $0.row) < ($1.start, $1.row) }),
               newestOpen.start >= latest {
                inProgress.insert(newestOpen.id)
            }
        }

        // Sleep minute by minute: the union of valid sessions, each minute on its own calendar day.
        var asleep: Set<Int> = []
        for sleep in validSleeps {
            var minute = Int(sleep.start.timeIntervalSinceReferenceDate / 60)
            let last = Int(sleep.end.timeIntervalSinceReferenceDate / 60)
            while minute < last {
                asleep.insert(minute)
                minute += 1
            }
        }
        var sleepMinutes: [Int: Int] = [:]
        var nightMinutes: [Int: Int] = [:]
        for minute in asleep {
            let instant = Date(timeIntervalSinceReferenceDate: Double(minute) * 60)
            let day = dayOf(instant)
            guard isSelected(day) else { continue }
            sleepMinutes[day, default: 0] += 1
            if options.night.contains(minuteOfDay: calendar.minuteOfDay(instant)) { nightMinutes[day, default: 0] += 1 }
        }

        // Findings: listed in selected weeks or outside every week; others only counted.
        for first in unknown.values {
            pending.append((FindingKey(rule: "unknown_value", kind: first.kind, id: first.id, inProgress: false), first.day))
        }
        for (key, day) in pending + duplicates {
            var key = key
            if ["open_sleep", "open_breastfeed", "open_activity"].contains(key.rule), inProgress.contains(key.id) {
                key.inProgress = true
            }
            if let day {
                if isSelected(day) { result.findings.append((key, day / 7, day)) } else { result.outside += 1 }
            } else {
                result.findings.append((key, nil, nil))
            }
        }

        // Rows.
        guard let selected else { return result }
        let ozPerMl = 1 / 29.5735295625
        let volumeName = options.units == .metric ? "ml" : "oz"
        let volumeFactor = options.units == .metric ? 1 : ozPerMl
        /// The longest gap between consecutive feeds of the span; a gap across a whole day without a feed log is
        /// missing logs, not a feeding gap.
        func longestGap(_ feeds: [(start: Date, day: Int)]) -> Double? {
            let sorted = feeds.sorted { $0.start < $1.start }
            guard sorted.count >= 2 else { return nil }
            var longest: Double?
            for index in 1..<sorted.count {
                let (earlier, later) = (sorted[index - 1], sorted[index])
                let between = earlier.day + 1 < later.day ? Array((earlier.day + 1)..<later.day) : []
                guard between.allSatisfy({ fedDay($0) }) else { continue }
                longest = max(longest ?? 0, later.start.timeIntervalSince(earlier.start))
            }
            return longest.map { $0 / 3600 }
        }
        func fedDay(_ day: Int) -> Bool {
            ["breastfeeding", "formula", "pumped_milk", "solids", "other"].contains { (tallies[day]?[$0] ?? 0) > 0 }
        }
        func longestSleep(_ days: ClosedRange<Int>) -> Double? {
            let durations = validSleeps.filter { days.contains($0.day) }.map { $0.end.timeIntervalSince($0.start) / 3600 }
            return durations.max()
        }
        /// The days of `days` logged for a kind: with a log, and with one of that kind (a sleep: one starting in it).
        func kindDays(_ days: [Int]) -> (fed: [Int], slept: [Int], changed: [Int], active: [Int]) {
            let logged = days.filter { (tallies[$0]?["logged_marker"] ?? 0) > 0 }
            func with(_ name: String) -> [Int] { logged.filter { (tallies[$0]?[name] ?? 0) > 0 } }
            return (logged.filter(fedDay), with("sleeps"), with("diapers"), with("activities"))
        }
        func columns(_ days: ClosedRange<Int>, perDay: [Int]?) -> [String: Value] {
            func sum(_ name: String) -> Double { days.reduce(0) { $0 + (tallies[$1]?[name] ?? 0) } }
            var columns: [String: Value] = [:]
            let feeds = ["breastfeeding", "formula", "pumped_milk", "solids", "other"].reduce(0) { $0 + sum($1) }
            columns["feeds"] = .number(feeds)
            for name in ["breastfeeding", "formula", "pumped_milk", "solids", "other", "sleeps", "diapers", "wet", "dirty", "mixed", "dry"] {
                columns[name] = .number(sum(name))
            }
            columns["breastfeeding_min"] = .number(sum("breastfeeding_seconds") / 60)
            columns["formula_\(volumeName)"] = .number(sum("formula_ml") * volumeFactor)
            columns["pumped_milk_\(volumeName)"] = .number(sum("pumped_milk_ml") * volumeFactor)
            columns["solids_g"] = .number(sum("solids_g"))
            let bottles = sum("bottles_with_amount")
            columns["bottle_\(volumeName)_per_feed"] = .number(bottles > 0 ? (sum("formula_ml") + sum("pumped_milk_ml")) * volumeFactor / bottles : nil)
            columns["longest_feed_gap_h"] = .number(longestGap(feedingStarts.filter { days.contains($0.day) }))
            columns["feedings"] = .number(sum("feedings"))
            let sleep = days.reduce(0) { $0 + Double(sleepMinutes[$1] ?? 0) } / 60
            let night = days.reduce(0) { $0 + Double(nightMinutes[$1] ?? 0) } / 60
            columns["sleep_h"] = .number(sleep)
            columns["night_sleep_h"] = .number(night)
            columns["day_sleep_h"] = .number(sleep - night)
            columns["longest_sleep_h"] = .number(longestSleep(days))
            columns["tummy_time_min"] = .number(sum("tummy_seconds") / 60)
            columns["activity_min"] = .number(sum("activity_seconds") / 60)
            if let perDay {
                // Per-day figures are over the days logged for their kind: a day with diapers but no feed is no day of
                // no food; sleep per day is the sleep of the days a sleep starts in.
                let (fed, slept, changed, active) = kindDays(perDay)
                func over(_ total: Double, _ days: [Int]) -> Value { .number(days.isEmpty ? nil : total / Double(days.count)) }
                let sleptHours = slept.reduce(0) { $0 + Double(sleepMinutes[$1] ?? 0) } / 60
                columns["feeds_per_day"] = over(feeds, fed)
                columns["feedings_per_day"] = over(sum("feedings"), fed)
                columns["bottle_\(volumeName)_per_day"] = over((sum("formula_ml") + sum("pumped_milk_ml")) * volumeFactor, fed)
                columns["sleep_h_per_day"] = over(sleptHours, slept)
                columns["wet_per_day"] = over(sum("wet"), changed)
                columns["dirty_per_day"] = over(sum("dirty"), changed)
                columns["days_with_feeds"] = .number(Double(fed.count))
                columns["days_with_sleep"] = .number(Double(slept.count))
                columns["days_with_diapers"] = .number(Double(changed.count))
                columns["days_with_activities"] = .number(Double(active.count))
            }
            let findings = result.findings.filter { finding in finding.day.map { days.contains($0) } ?? false }.count
            columns["findings"] = .number(Double(findings))
            columns["baby"] = .text(baby.name)
            columns["baby_id"] = .text(String(baby.id.uuidString.lowercased().prefix(8)))
            return columns
        }
        for week in selected {
            let lastDay = min(week * 7 + 6, todayIndex)
            // Of the weeks read from the logs, one in which no log starts is no row.
            if case .all = options.weeks, !((week * 7)...lastDay).contains(where: { (tallies[$0]?["logged_marker"] ?? 0) > 0 }) {
                continue
            }
            for day in (week * 7)...lastDay {
                var row = columns(day...day, perDay: nil)
                row["day"] = .number(Double(day))
                row["week"] = .number(Double(week))
                // No term is given in these stores: the corrected-age cells are empty.
                (row["corrected_week"], row["corrected_day"]) = (.text(""), .text(""))
                row["date"] = .text(birthDate.adding(days: day).description)
                let logged = (tallies[day]?["logged_marker"] ?? 0) > 0
                row["logged"] = .number(logged ? 1 : 0)
                // A logged day without a kind's logs has that kind's cells empty (sleep: hours of one begun the day
                // before count as sleep logged); an unlogged day says 0 for every kind.
                let kinds: [(flag: String, holds: Bool, columns: [String])] = [
                    ("feeds_logged", fedDay(day), ["feeds", "feedings", "breastfeeding", "formula", "pumped_milk", "solids", "other",
                                                   "breastfeeding_min", "formula_\(volumeName)", "pumped_milk_\(volumeName)", "solids_g",
                                                   "bottle_\(volumeName)_per_feed", "longest_feed_gap_h"]),
                    ("sleep_logged", (tallies[day]?["sleeps"] ?? 0) > 0 || (sleepMinutes[day] ?? 0) > 0,
                     ["sleep_h", "night_sleep_h", "day_sleep_h", "sleeps", "longest_sleep_h"]),
                    ("diapers_logged", (tallies[day]?["diapers"] ?? 0) > 0, ["diapers", "wet", "dirty", "mixed", "dry"]),
                    ("activities_logged", (tallies[day]?["activities"] ?? 0) > 0, ["tummy_time_min", "activity_min"]),
                ]
                for kind in kinds {
                    row[kind.flag] = .number(logged && kind.holds ? 1 : 0)
                    if logged && !kind.holds { for column in kind.columns { row[column] = .number(nil) } }
                }
                result.days.append((day, row))
            }
            // Per-day figures divide by the days with a log (the report's today is long over in these stores).
            let loggedDays = ((week * 7)...lastDay).filter { (tallies[$0]?["logged_marker"] ?? 0) > 0 }.count
            var row = columns((week * 7)...(week * 7 + 6), perDay: Array((week * 7)...lastDay))
            row["week"] = .number(Double(week))
            row["first_day"] = .number(Double(week * 7))
            row["last_day"] = .number(Double(week * 7 + 6))
            (row["corrected_week"], row["corrected_day"]) = (.text(""), .text(""))
            row["start_date"] = .text(birthDate.adding(days: week * 7).description)
            row["end_date"] = .text(birthDate.adding(days: week * 7 + 6).description)
            row["days"] = .number(Double(lastDay - week * 7 + 1))
            row["days_logged"] = .number(Double(loggedDays))
            result.weeks.append((week, row))
        }
        return result
    }
}
