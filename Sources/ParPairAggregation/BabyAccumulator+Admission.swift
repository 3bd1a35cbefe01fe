import Foundation
import ParPairModel

extension BabyAccumulator {
    /// 1970-01-01 00:00 UTC, in seconds since 2001.
    static let earliestPlausibleStart: Double = -978_307_200

    /// Follows the latest start of the tables that must arrive in start order (food and sleep); returns
    /// that latest start when `start` comes before it. Invalid times are left to `admit`.
    @inline(__always)
    mutating func noteStart(_ start: Double, kind: LogKind) -> Double? {
        guard start.isFinite else { return nil }
        let previous: Double
        switch kind {
        case .food:
            previous = lastFoodStart
            lastFoodStart = max(previous, start)
        case .sleep:
            previous = lastSleepStart
            lastSleepStart = max(previous, start)
        case .diaper, .activity:
            return nil
        }
        return start < previous ? previous : nil
    }

    /// Decides whether a log counts, and where: invalid time, duplicate id, before the birthday and
    /// after today are findings that count nowhere (nil); a log that counts marks its day as logged.
    /// `repeated` asks the baby's `DoubleEntryTracker` which counted log this one repeats (last, so only
    /// logs that would count are noted there).
    @inline(__always)
    mutating func admit(
        kind: LogKind, id: UUID, rowID: Int64, start: Double, duplicates: inout DuplicateTracker,
        doubleEntry repeated: (inout DoubleEntryTracker, _ id: UUID, _ rowID: Int64) -> DoubleEntryTracker.Seen?
    ) -> Placement? {
        func refuse(_ rule: FindingRule, _ message: FindingMessage, placement: Placement = .noWeek) -> Placement? {
            report(rule, kind: kind, id: id, rowID: rowID, time: start, message: message, placement: placement)
            return nil
        }
        guard start.isFinite else { return refuse(.badTime, FindingMessage("finding_start_invalid")) }
        // Before 1970 or more than 20 years after the birth: a mistyped year, not a week of life.
        guard start >= Self.earliestPlausibleStart, start < plausibleEnd else {
            return refuse(.implausibleDate, FindingMessage(start < Self.earliestPlausibleStart ? "finding_before_1970" : "finding_far_future"))
        }
        // From the birth itself (day 0 may begin earlier, at the birth date's day start) to the end of today.
        let inRange = start >= birthInstant && start < rangeEnd
        if duplicates.isRepeat(id, kind: kind) {
            return refuse(.duplicateID, FindingMessage("finding_duplicate_id", ["kind": FindingMessage.kind(kind)]),
                          placement: inRange ? locate(start) : .noWeek)
        }
        guard inRange else {
            if start < rangeStart {
                return refuse(.beforeBirthday, FindingMessage("finding_before_birthday", ["date": .date(birthDate)]))
            }
            if start < birthInstant {
                // On the birth date but before the birth itself: a mistyped time, like a log before the birthday.
                return refuse(.beforeBirthday, FindingMessage("finding_before_birth", ["time": .localTime(localTime(birthInstant))]))
            }
            return refuse(.afterToday, FindingMessage("finding_after_today", ["date": .date(todayDate)]))
        }
        if repeated(&doubleEntries, id, rowID) != nil {
            // The two count once: the copy read first (the earlier start, then the one saved first) counts, with its
            // own times, and this one, the copy left out, is the one listed.
            report(.loggedTwice, kind: kind, id: id, rowID: rowID, time: start,
                   message: FindingMessage("finding_logged_twice", ["kind": FindingMessage.kind(kind)]), placement: locate(start))
            return nil
        }
        let placement = locate(start)
        if case .week(let slot, _, let day) = placement { count(slot: slot, day: day) }
        if start > lastCountedStart { lastCountedStart = start }
        return placement
    }

    /// Counts another phone's copy of a counted log on the day it starts, when that day is in a selected week up to
    /// today: the report says how many events were logged on several phones and counted once.
    mutating func countCopy(start: Double) {
        guard start.isFinite, start >= birthInstant, start < rangeEnd, case .week(_, let week, let day) = locate(start) else { return }
        copiesByDay[week * 7 + day, default: 0] += 1
    }
}
