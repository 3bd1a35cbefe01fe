/// Where a week's figure falls against a reference band.
public enum BandStatus: String, Sendable, Hashable, CustomStringConvertible {
    case below
    case within
    case above
    /// Nothing of that kind was logged in the week, so the band says nothing about it.
    case notApplicable = "not_applicable"
    /// Fewer than `ReferenceBand.minimumLoggedDays` days of the week hold logs: the figure is shown but
    /// never flagged, since a few days cannot stand for the week.
    case tooFewDays = "too_few_days"

    public var description: String { rawValue }
}
