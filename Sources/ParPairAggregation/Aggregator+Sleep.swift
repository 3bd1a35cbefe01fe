import Foundation
import ParPairModel

extension Aggregator {
    /// Adds a sleep: counted on the day it starts; a valid session's time is spread over the days it
    /// covers by absolute instants, overlapping sessions merged so shared time counts once.
    public func add(_ log: SleepLog) {
        withBaby(for: log.baby, kind: .sleep, id: log.id, rowID: log.rowID, time: log.startTime) { add(log, to: $0) }
    }

    private func add(_ log: SleepLog, to baby: BabyAccumulator) {
        let start = log.startTime.timeIntervalSinceReferenceDate
        guard let placement = admit(baby, kind: .sleep, id: log.id, rowID: log.rowID, start: start, doubleEntry: {
            $0.sleep.repeated(start: start, .init(type: 0, end: log.endTime?.timeIntervalSinceReferenceDate), id: $1, rowID: $2)
        }) else { return }
        func report(_ rule: FindingRule, _ message: FindingMessage) -> Int? {
            baby.report(rule, kind: .sleep, id: log.id, rowID: log.rowID, time: start, message: message, placement: placement)
        }

        placement.inWeek { week, day in week.days[day].sleeps += 1 }
        baby.sleepSessions.noteSession(start: start)

        let duration: Double
        switch EndCheck(end: log.endTime, start: start) {
        case .open:
            let listed = report(.openSleep, FindingMessage("finding_no_end", ["what": .term("kind_sleep"), "total": .term("total_sleep")]))
            baby.sleepSessions.noteOpen(start: start, rowID: log.rowID, finding: listed)
            return
        case .invalidTime:
            _ = report(.badTime, FindingMessage("finding_end_invalid", ["total": .term("total_sleep")]))
            return
        case .beforeStart(let time):
            _ = report(.endBeforeStart, FindingMessage("finding_end_before_start", ["time": .localTime(baby.localTime(time)), "total": .term("total_sleep")]))
            return
        case .valid(let seconds):
            guard seconds <= 24 * 3600 else {
                _ = report(.sleepOver24h, FindingMessage("finding_sleep_over_24h", ["hours": .number(Aggregator.hoursText(seconds))]))
                return
            }
            duration = seconds
        }

        placement.inWeek { week, day in
            if duration > week.days[day].longestSleep { week.days[day].longestSleep = duration }
        }
        let end = start + duration
        if var run = baby.sleepRun, start < run.end {
            _ = report(.overlappingSleep, FindingMessage("finding_overlapping_sleep", ["time": .localTime(baby.localTime(run.leadStart))]))
            if end > run.end {
                run.end = end
                run.leadStart = start
                run.leadRowID = log.rowID
            }
            baby.sleepRun = run
        } else {
            if let run = baby.sleepRun { baby.distribute(run) }
            baby.sleepRun = SleepRun(start: start, end: end, leadStart: start, leadRowID: log.rowID)
        }
    }
}
