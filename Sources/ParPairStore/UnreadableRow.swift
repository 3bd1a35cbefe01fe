import Foundation
import ParPairModel

/// A log row with a value that does not decode: left out of every total and reported as a finding with
/// its table, row and reason.
public struct UnreadableRow: Sendable, Hashable {
    public var kind: LogKind
    public var table: String
    public var column: String
    /// The row's `Z_PK`.
    public var rowID: Int64
    public var problem: String
    /// The log's id when that much of the row decodes (to find it in the app).
    public var id: UUID?

    /// `table ZFOODLOG, row Z_PK 17: column ZTYPE is NULL, but FoodLog.type is required`.
    public var place: String {
        "table \(table), row Z_PK \(rowID): column \(column) \(problem)"
    }

    /// `table ZFOODLOG, row Z_PK 17: column ZTYPE is NULL, but FoodLog.type is required; left out of every total`.
    public var reason: String { place + "; left out of every total" }
}
