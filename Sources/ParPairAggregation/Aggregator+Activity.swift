import Foundation
import ParPairModel

extension Aggregator {
    /// Adds an activity: its whole duration counts on the day it starts, when it has a valid end.
    public func add(_ log: ActivityLog) {
        withBaby(for: log.baby, kind: .activity, id: log.id, rowID: log.rowID, time: log.startTime) { add(log, to: $0) }
    }

    private func add(_ log: ActivityLog, to baby: BabyAccumulator) {
        let start = log.startTime.timeIntervalSinceReferenceDate
        guard let placement = admit(baby, kind: .activity, id: log.id, rowID: log.rowID, start: start, doubleEntry: {
            $0.activity.repeated(start: start, .init(type: log.type, end: log.endTime?.timeIntervalSinceReferenceDate), id: $1, rowID: $2)
        }) else { return }
        func report(_ rule: FindingRule, _ message: FindingMessage) -> Int? {
            baby.report(rule, kind: .activity, id: log.id, rowID: log.rowID, time: start, message: message, placement: placement)
        }
        if case .other(let text) = log.type {
            baby.noteUnknown(kind: .activity, field: "activity type", text: text, id: log.id, rowID: log.rowID, time: start, placement: placement)
        }
        baby.activitySessions.noteSession(start: start)
        var seconds = 0.0
        switch EndCheck(end: log.endTime, start: start) {
        case .open:
            let listed = report(.openActivity, FindingMessage("finding_no_end", ["what": FindingMessage.activity(log.type), "total": .term("total_activity")]))
            baby.activitySessions.noteOpen(start: start, rowID: log.rowID, finding: listed)
        case .invalidTime:
            _ = report(.badTime, FindingMessage("finding_end_invalid", ["total": .term("total_activity")]))
        case .beforeStart(let time):
            _ = report(.endBeforeStart, FindingMessage("finding_end_before_start", ["time": .localTime(baby.localTime(time)), "total": .term("total_activity")]))
        case .valid(let duration):
            seconds = duration
        }
        placement.inWeek { week, day in
            week.days[day].activities += 1
            week.days[day].activitySeconds += seconds
            if case .tummyTime = log.type { week.days[day].tummyTimeSeconds += seconds }
        }
    }
}
