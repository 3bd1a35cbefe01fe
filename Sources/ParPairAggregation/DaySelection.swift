/// Which days of the selected weeks are summarized one by one (``BabyAggregate/days``). Weeks,
/// findings and the timeline do not depend on it.
public enum DaySelection: Sendable, Hashable {
    /// Every day of the selected weeks.
    case all
    /// Only the last `count` days of the selected weeks (up to `--today`).
    case last(Int)
}
