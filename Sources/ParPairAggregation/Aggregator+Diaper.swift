import Foundation
import ParPairModel

extension Aggregator {
    /// Adds a diaper change at its time: wet = Wet + Mixed, dirty = Dirty + Mixed.
    public func add(_ log: DiaperLog) {
        withBaby(for: log.baby, kind: .diaper, id: log.id, rowID: log.rowID, time: log.time) { add(log, to: $0) }
    }

    private func add(_ log: DiaperLog, to baby: BabyAccumulator) {
        let time = log.time.timeIntervalSinceReferenceDate
        guard let placement = admit(baby, kind: .diaper, id: log.id, rowID: log.rowID, start: time, doubleEntry: {
            $0.diaper.repeated(start: time, .init(type: log.type, end: nil), id: $1, rowID: $2)
        }) else { return }
        if case .other(let text) = log.type {
            baby.noteUnknown(kind: .diaper, field: "diaper type", text: text, id: log.id, rowID: log.rowID, time: time, placement: placement)
        }
        placement.inWeek { week, day in
            week.days[day].diapers += 1
            switch log.type {
            case .wet:
                week.days[day].wet += 1
            case .dirty:
                week.days[day].dirty += 1
            case .mixed:
                week.days[day].wet += 1
                week.days[day].dirty += 1
                week.days[day].mixed += 1
            case .dry:
                week.days[day].dry += 1
            case .other:
                break
            }
            baby.addTimelineDiaper(log.type, time: time, rowID: log.rowID, week: week, day: day)
        }
    }
}
