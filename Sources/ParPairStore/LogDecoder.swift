import Foundation
import ParPairModel

/// Turns the current result row of an entity's ordered SELECT into a model value.
protocol LogDecoder {
    associatedtype Log: Sendable
    /// The entity this decoder reads.
    static var mapping: EntityMapping { get }
    init(layout: TableLayout, babies: BabyRowIDs)
    func decode(_ row: RowReader) throws -> Log
    /// The id column, read alone when the rest of a row does not decode.
    var id: Field { get }
    /// The log wrapped for mixed streams.
    static func record(_ log: Log) -> LogRecord
    /// When the log starts (a diaper: its time), for merging streams.
    static func start(_ log: Log) -> Date
    static func rowID(_ log: Log) -> Int64
    /// The baby the log points at.
    static func baby(_ log: Log) -> BabyReference
}
