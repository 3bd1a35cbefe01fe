import Foundation
import ParPairModel

/// What a family (`FamilySource`) asks of a store before it reads its tables.
extension StoreReader {
    public var storeName: String { location.fileName }

    /// Log rows below which a store is read by one thread through one connection: a second thread and
    /// connection cost about what reading a few hundred rows does (a thread's start, a connection opened on the
    /// snapshot, the hand-overs); above this many rows, two pay.
    static let rowsWorthASecondThread = 2_000

    /// The rows of every log table.
    func logRows() throws -> Int {
        try LogKind.allCases.reduce(0) { $0 + (try rowCount(of: $1)) }
    }
}
