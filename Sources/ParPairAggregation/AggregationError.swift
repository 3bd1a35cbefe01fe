import Foundation
import ParPairModel

/// A mistake of the caller, not of the data: reported by `Aggregator.finish()`.
public enum AggregationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Food or sleep logs of a baby arrived out of start order, so feed gaps and sleep merging would
    /// be wrong. The reader must order each table by start time (`ORDER BY ZSTARTTIME, Z_PK`), or the
    /// caller can use `Aggregator.aggregate(babies:options:logs:)`, which sorts.
    case unsortedInput(kind: LogKind, babyName: String, logID: UUID, rowID: Int64, start: String, previousStart: String)

    public var description: String {
        switch self {
        case let .unsortedInput(kind, babyName, logID, rowID, start, previousStart):
            "\(kind) logs of \(babyName) arrive out of start order: row \(rowID) (id \(logID)) starts at "
                + "\(start), before an earlier row's start \(previousStart); order each table by start time "
                + "(ORDER BY ZSTARTTIME, Z_PK) or use Aggregator.aggregate(babies:options:logs:), which sorts"
        }
    }
}
