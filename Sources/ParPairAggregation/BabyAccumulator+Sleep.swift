import Foundation
import ParPairModel

extension BabyAccumulator {
    /// Folds in an admitted sleep: counted on the day it starts; a valid session's time is spread over the
    /// days it covers by absolute instants, overlapping sessions merged so shared time counts once.
    mutating func add(_ log: SleepLog, start: Double, placement: Placement) {
        let site = LogSite(kind: .sleep, id: log.id, rowID: log.rowID, time: start, placement: placement, phone: phone)
        if case .week(let slot, _, let day) = placement { weeks[slot].days[day].totals.sleeps += 1 }
        guard let duration = sessionDuration(EndCheck(end: log.endTime, start: start), of: .sleep, named: SessionKind.sleep.name, about: site)
        else { return }
        guard duration <= 24 * 3600 else {
            report(.sleepOver24h, FindingMessage("finding_sleep_over_24h", ["hours": .number(Self.hoursText(duration))]), about: site)
            return
        }
        if case .week(let slot, _, let day) = placement, duration > weeks[slot].days[day].totals.longestSleepSeconds {
            weeks[slot].days[day].totals.longestSleepSeconds = duration
        }
        merge(start: start, end: start + duration, rowID: log.rowID, about: site)
    }

    /// Merges a valid sleep into the run of sleeps it overlaps (listing the overlap), or distributes the
    /// run before and starts a new one.
    private mutating func merge(start: Double, end: Double, rowID: Int64, about site: LogSite) {
        if var run = sleepRun, start < run.end {
            report(.overlappingSleep, FindingMessage("finding_overlapping_sleep", ["time": .localTime(localTime(run.leadStart))]), about: site)
            if end > run.end {
                run.end = end
                run.leadStart = start
                run.leadRowID = rowID
            }
            sleepRun = run
        } else {
            if let run = sleepRun { distribute(run) }
            sleepRun = SleepRun(start: start, end: end, leadStart: start, leadRowID: rowID)
        }
    }
}
