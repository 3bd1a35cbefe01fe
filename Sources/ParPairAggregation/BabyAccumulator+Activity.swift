import Foundation
import ParPairModel

extension BabyAccumulator {
    /// Folds in an admitted activity: its whole duration counts on the day it starts, when it has a valid end.
    mutating func add(_ log: ActivityLog, start: Double, placement: Placement) {
        let site = LogSite(kind: .activity, id: log.id, rowID: log.rowID, time: start, placement: placement, phone: phone)
        if case .other(let text) = log.type {
            noteUnknown(field: "activity type", text: text, of: site)
        }
        let end = EndCheck(end: log.endTime, start: start)
        let seconds = sessionDuration(end, of: .activity, named: FindingMessage.activity(log.type), about: site) ?? 0
        guard case .week(let slot, _, let day) = placement else { return }
        weeks[slot].days[day].totals.activities += 1
        weeks[slot].days[day].totals.activitySeconds += seconds
        if case .tummyTime = log.type { weeks[slot].days[day].totals.tummyTimeSeconds += seconds }
    }
}
