import Foundation
import ParPairModel

/// Everything aggregated for one baby.
public struct BabyAggregate: Sendable, Hashable {
    /// The baby as read from the store.
    public var baby: Baby
    /// The local date of birth in the report's time zone.
    public var birthDate: CivilDate
    /// The app's age on the report's today (negative when born after it).
    public var ageToday: Age
    /// The selected weeks, in order (the week holding today may be in progress).
    public var weeks: [WeekSummary]
    /// Every day of the selected weeks up to today, in order.
    public var days: [DaySummary]
    /// The findings for this baby: logs in the selected weeks and logs outside every week (before the
    /// birthday, after today, invalid times), sorted by time.
    public var findings: [Finding]
    /// Findings in weeks outside the selection, counted but not listed (so a report can say so).
    public var findingsOutsideSelection: Int
    /// The last 14 days of the selection (fewer when it is shorter), oldest first.
    public var timeline: [DayTimeline]
    /// The baby's corrected age (`--due-date`, `--born-at`), also when born at term (then it says so
    /// and corrects nothing); nil when no term was given.
    public var correction: AgeCorrection?
    /// Where on the local clock the counted sleep of the selection lies.
    public var sleepClock = SleepClock()
    /// The selected days of days 0–27 of life up to today, whatever `DaySelection` keeps (the first month's table).
    public var firstMonthDays: [DaySummary] = []
    /// The start of the latest log that counts, up to today; nil without one.
    public var lastLogTime: Date?
    /// Whether the day of birth began at the birth (born after the day start), so it is not a whole day.
    public var birthIsPartial = true
    /// Events of the selected days that another phone logged too, counted once: the other phones' copies, by day of
    /// life.
    public var copiesByDay: [Int: Int] = [:]

    /// How many events of the weeks shown were logged on more than one phone (each counted once).
    public var copiesInWeeks: Int {
        guard let first = weeks.first?.week, let last = weeks.last?.week else { return 0 }
        return copies(inDays: first * 7...last * 7 + 6)
    }

    /// How many events of these days of life were logged on more than one phone.
    public func copies(inDays days: ClosedRange<Int>) -> Int {
        copiesByDay.reduce(0) { days.contains($1.key) ? $0 + $1.value : $0 }
    }

    /// The first month's days against the day-of-life counts; empty when the selection holds none of days 0–27.
    public var firstMonth: [FirstMonthDay] {
        FirstMonthDay.days(firstMonthDays, birthDate: birthDate, birthIsPartial: birthIsPartial)
    }

    public init(
        baby: Baby, birthDate: CivilDate, ageToday: Age, weeks: [WeekSummary], days: [DaySummary],
        findings: [Finding], findingsOutsideSelection: Int, timeline: [DayTimeline], correction: AgeCorrection? = nil
    ) {
        self.correction = correction
        self.baby = baby
        self.birthDate = birthDate
        self.ageToday = ageToday
        self.weeks = weeks
        self.days = days
        self.findings = findings
        self.findingsOutsideSelection = findingsOutsideSelection
        self.timeline = timeline
    }

    /// The aggregate with only weeks `firstWeek` and later (a `--since` report read the weeks before for its
    /// visit summary): their days, timeline and findings go too, the findings counted as outside the selection.
    public func keepingWeeks(from firstWeek: Int) -> BabyAggregate {
        var copy = self
        copy.weeks = weeks.filter { $0.week >= firstWeek }
        copy.days = days.filter { $0.week >= firstWeek }
        copy.firstMonthDays = firstMonthDays.filter { $0.week >= firstWeek }
        copy.copiesByDay = copiesByDay.filter { $0.key >= firstWeek * 7 }
        copy.timeline = timeline.filter { $0.day >= firstWeek * 7 }
        let earlier = { (finding: Finding) in finding.week.map { $0 < firstWeek } ?? false }
        copy.findings = findings.filter { !earlier($0) }
        copy.findingsOutsideSelection += findings.count - copy.findings.count
        return copy
    }

    /// The latest selected week that has ended with at least `ReferenceBand.minimumLoggedDays` logged days, against
    /// the week before it; the week after it, when that is the last and has not ended, rides along "so far" (without
    /// arrows: a few days do not make a week). Nil without such a pair of consecutive weeks.
    public var latestComparison: WeekComparison? {
        guard let index = weeks.lastIndex(where: { $0.hasEnded && $0.daysLogged >= ReferenceBand.minimumLoggedDays }), index > 0,
              weeks[index - 1].week == weeks[index].week - 1 else { return nil }
        var comparison = WeekComparison(current: weeks[index], previous: weeks[index - 1])
        if index + 1 == weeks.count - 1, !weeks[index + 1].hasEnded, weeks[index + 1].week == weeks[index].week + 1 {
            comparison.addSoFar(weeks[index + 1])
        }
        return comparison
    }
}
