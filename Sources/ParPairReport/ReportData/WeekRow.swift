import Mustache
import ParPairAggregation

/// One week of a baby's weekly tables as templates read it: each key (`feeds_per_day`, `bands`, …) is
/// made when a tag asks for it, so the report holds no dictionary per week. Keys and values are those
/// of `ReportData.week(_:odd:localizer:)`.
struct WeekRow: MustacheObject {
    /// The baby's weeks, shared by all its rows.
    let weeks: [WeekSummary]
    let index: Int
    let localizer: Localizer

    func mustacheValue(forKey key: String) -> MustacheValue? {
        ReportData.weekValue(weeks[index], odd: index % 2 == 1, key: key, lazyBands: true, localizer: localizer)
    }
}
