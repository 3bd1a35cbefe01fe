import Mustache
import ParPairAggregation

/// A week's reference bands as templates read them (`{{#bands.sleep}}`): a band is made when a tag
/// asks for it. Keys and values are those of `ReportData.bands(_:)`.
struct WeekBands: MustacheObject {
    let references: [ReferenceBand]
    let localizer: Localizer

    func mustacheValue(forKey key: String) -> MustacheValue? {
        ReportData.band(references, key: key, localizer: localizer)
    }
}
