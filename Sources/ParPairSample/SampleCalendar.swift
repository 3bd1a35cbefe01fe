import Foundation
import ParPairModel

/// Local midnights of a run of calendar days in one zone, computed once, so the simulation can turn
/// an instant into a day index and a clock time without asking `Calendar` per event.
struct SampleCalendar {
    let firstDay: CivilDate
    /// `midnights[i]` = local 00:00 of `firstDay + i`, in seconds since 2001-01-01.
    let midnights: [Double]

    init(from firstDay: CivilDate, through lastDay: CivilDate, timeZone: TimeZone) {
        self.firstDay = firstDay
        let calendar = LifeCalendar(timeZone: timeZone)
        let count = lastDay.dayNumber - firstDay.dayNumber + 2
        midnights = (0..<max(count, 1)).map {
            calendar.instant(on: firstDay.adding(days: $0)).timeIntervalSinceReferenceDate
        }
    }

    /// The day index holding an instant (clamped to the covered days).
    func dayIndex(of time: Double) -> Int {
        var low = 0, high = midnights.count - 1
        if time < midnights[0] { return 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if midnights[middle] <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Local midnight of a day index (past the end: extrapolated by 24 h).
    func midnight(_ day: Int) -> Double {
        if day < midnights.count && day >= 0 { return midnights[day] }
        let last = midnights.count - 1
        return midnights[last] + Double(day - last) * 86_400
    }

    /// Minutes since local midnight.
    func minuteOfDay(_ time: Double) -> Double {
        (time - midnight(dayIndex(of: time))) / 60
    }

    /// The instant at a local clock time (minutes after midnight, may exceed 1440) on a day index.
    func instant(day: Int, minute: Double) -> Double {
        midnight(day) + minute * 60
    }
}
