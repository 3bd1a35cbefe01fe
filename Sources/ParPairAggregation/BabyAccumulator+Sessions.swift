import Foundation
import ParPairModel

extension BabyAccumulator {
    /// Notes a timed session (a sleep, breastfeed or activity) and returns its duration; nil, with a
    /// finding, when its end cannot count: none (remembered, as the newest open session may be in
    /// progress), not a time, or before the start.
    ///
    /// - Parameters:
    ///   - end: the session's end against its start (`log.time`).
    ///   - what: the session in the finding for a missing end.
    @inline(__always)
    mutating func sessionDuration(
        _ end: EndCheck, of kind: SessionKind, named what: @autoclosure () -> FindingMessage.Value, about log: LogSite
    ) -> Double? {
        sessions[kind.rawValue].noteSession(start: log.time)
        switch end {
        case .open:
            let listed = report(kind.openRule, FindingMessage("finding_no_end", ["what": what(), "total": kind.total]), about: log)
            sessions[kind.rawValue].noteOpen(start: log.time, rowID: log.rowID, finding: listed)
        case .invalidTime:
            report(.badTime, FindingMessage("finding_end_invalid", ["total": kind.total]), about: log)
        case .beforeStart(let time):
            report(.endBeforeStart, FindingMessage("finding_end_before_start", ["time": .localTime(localTime(time)), "total": kind.total]),
                   about: log)
        case .valid(let duration):
            return duration
        }
        return nil
    }

    /// Gives the newest open session of each kind the "in progress" tone, when nothing of its kind
    /// starts after it.
    mutating func markInProgress() {
        // A session still open may be running now, but not one that began a day or more before the report ends.
        let reportEnd = min(rangeEnd, now)
        for kind in SessionKind.allCases {
            guard let index = sessions[kind.rawValue].inProgressFinding, findings.indices.contains(index),
                  findings[index].severity == .problem
            else { continue }
            if findings[index].time.timeIntervalSinceReferenceDate <= reportEnd - 24 * 3600 {
                findings[index].message = FindingMessage("finding_no_end_recorded", ["what": kind.name, "total": kind.total])
                continue
            }
            findings[index].severity = .inProgress
            findings[index].message = FindingMessage("finding_in_progress", ["what": kind.name, "total": kind.total])
        }
    }
}
