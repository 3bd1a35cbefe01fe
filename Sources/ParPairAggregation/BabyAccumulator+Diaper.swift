import Foundation
import ParPairModel

extension BabyAccumulator {
    /// Folds in an admitted diaper change at its time: wet = Wet + Mixed, dirty = Dirty + Mixed.
    mutating func add(_ log: DiaperLog, time: Double, placement: Placement) {
        if case .other(let text) = log.type {
            let site = LogSite(kind: .diaper, id: log.id, rowID: log.rowID, time: time, placement: placement, phone: phone)
            noteUnknown(field: "diaper type", text: text, of: site)
        }
        guard case .week(let slot, _, let day) = placement else { return }
        weeks[slot].days[day].countDiaper(log.type)
        addTimelineDiaper(log.type, time: time, rowID: log.rowID, slot: slot, day: day)
    }
}
