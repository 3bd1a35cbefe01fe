import Foundation
import ParPairModel

extension Aggregator {
    /// The summaries of everything added so far (sleep still being merged is distributed first).
    func result() -> AggregationResult {
        var orphans = storeFindings
        for index in orphans.indices {
            let time = orphans[index].time.timeIntervalSinceReferenceDate
            orphans[index].localTime = time.isFinite ? calendar.iso8601(orphans[index].time) : "invalid time"
        }
        orphans.sort(by: Finding.precedes)
        return AggregationResult(
            options: options, babies: babyStates.map { $0.summarize(units: options.units, days: options.days) }, storeFindings: orphans)
    }
}
