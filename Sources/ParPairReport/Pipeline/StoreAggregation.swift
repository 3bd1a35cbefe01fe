import Foundation
import ParPairAggregation
import ParPairModel
import ParPairStore

/// Streams a store through the aggregator: one pass per table, memory bounded by the number of days.
public enum StoreAggregation {
    /// Aggregates the babies of an open store.
    /// - Parameters:
    ///   - reader: an open store.
    ///   - options: time zone, today, units, windows.
    ///   - baby: `--baby`: a name (exact, then ignoring case) or an id; nil for every baby.
    /// - Throws: `ReportError.noSuchBaby`, `StoreError` while reading, `AggregationError`.
    public static func run(reader: StoreReader, options: AggregationOptions, baby: String? = nil) throws -> AggregationResult {
        let babies = try select(baby, from: reader.babies)
        let selected = Set(babies.map(\.id))
        let everyone = baby == nil
        let aggregator = Aggregator(babies: babies, options: options)
        func wanted(_ reference: BabyReference) -> Bool {
            guard let id = reference.babyID else { return true }  // orphans are always reported
            return everyone || selected.contains(id)
        }
        try reader.forEachFoodLog { if wanted($0.baby) { aggregator.add($0) } }
        try reader.forEachSleepLog { if wanted($0.baby) { aggregator.add($0) } }
        try reader.forEachDiaperLog { if wanted($0.baby) { aggregator.add($0) } }
        try reader.forEachActivityLog { if wanted($0.baby) { aggregator.add($0) } }
        return try aggregator.finish()
    }

    /// The babies `--baby` picks: by id, by exact name, then by name ignoring case.
    public static func select(_ wanted: String?, from babies: [Baby]) throws -> [Baby] {
        guard let wanted else { return babies }
        if let id = UUID(uuidString: wanted) {
            let matches = babies.filter { $0.id == id }
            if !matches.isEmpty { return matches }
        }
        let exact = babies.filter { $0.name == wanted }
        if !exact.isEmpty { return exact }
        let folded = babies.filter { $0.name.compare(wanted, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        if !folded.isEmpty { return folded }
        throw ReportError.noSuchBaby(wanted, available: babies.map { "\($0.name) (\($0.id.uuidString))" })
    }
}
