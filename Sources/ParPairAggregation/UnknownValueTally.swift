import Foundation
import ParPairModel

/// One unknown raw value of one field (e.g. feed type "Goat Milk"): its first log and how many carry it.
struct UnknownValueTally {
    struct Key: Hashable {
        var kind: LogKind
        /// `feed type`, `unit`, `diaper type`, `activity type`.
        var field: String
        var text: String
    }

    var firstTime: Double
    var firstRowID: Int64
    var firstID: UUID
    var week: Int
    var day: Int
    var occurrences: Int
}
