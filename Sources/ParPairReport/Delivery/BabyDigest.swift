import ParPairAggregation
import ParPairModel

/// One baby's digest: the week, the week before it, the week's days and its data-quality findings.
public struct BabyDigest: Sendable, Hashable {
    /// Who and which week.
    public var target: DigestTarget
    /// The week's summary.
    public var current: WeekSummary
    /// The week before, nil for week 0.
    public var previous: WeekSummary?
    /// The seven days of the week, for the CSV.
    public var days: [DaySummary]
    /// The findings of logs in the week, by time.
    public var findings: [Finding]
    /// The baby's corrected age (`digest --due-date`), nil without a term.
    public var correction: AgeCorrection?

    public init(
        target: DigestTarget, current: WeekSummary, previous: WeekSummary?, days: [DaySummary], findings: [Finding],
        correction: AgeCorrection? = nil
    ) {
        self.correction = correction
        self.target = target
        self.current = current
        self.previous = previous
        self.days = days
        self.findings = findings
    }

    /// True when nothing at all was logged in the week.
    public var isEmpty: Bool { current.daysLogged == 0 }

    /// The week against the one before, per day; nil for week 0 and when either week has no logs
    /// (a week with nothing logged would read as every figure dropping to zero).
    public var comparison: WeekComparison? {
        guard let previous, previous.daysLogged > 0, current.daysLogged > 0 else { return nil }
        return WeekComparison(current: current, previous: previous)
    }
}
