import Foundation

/// Where a log's `baby` relationship points.
public enum BabyReference: Sendable, Hashable {
    /// A baby that exists in the store.
    case baby(id: UUID)
    /// The relationship is NULL: the log belongs to no baby (an orphan).
    case none
    /// The relationship holds a `Z_PK` that no baby row has (an orphan).
    case dangling(rowID: Int64)

    /// The baby's id, or nil for an orphan.
    public var babyID: UUID? {
        if case .baby(let id) = self { return id }
        return nil
    }
}
