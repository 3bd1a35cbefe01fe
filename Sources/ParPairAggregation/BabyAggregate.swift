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

    public init(
        baby: Baby, birthDate: CivilDate, ageToday: Age, weeks: [WeekSummary], days: [DaySummary],
        findings: [Finding], findingsOutsideSelection: Int, timeline: [DayTimeline]
    ) {
        self.baby = baby
        self.birthDate = birthDate
        self.ageToday = ageToday
        self.weeks = weeks
        self.days = days
        self.findings = findings
        self.findingsOutsideSelection = findingsOutsideSelection
        self.timeline = timeline
    }

    /// The last selected week against the week before it; nil with fewer than two consecutive weeks.
    public var latestComparison: WeekComparison? {
        guard weeks.count >= 2 else { return nil }
        let current = weeks[weeks.count - 1]
        let previous = weeks[weeks.count - 2]
        guard previous.week == current.week - 1 else { return nil }
        return WeekComparison(current: current, previous: previous)
    }
}
