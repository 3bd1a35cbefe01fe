import Foundation

/// The babies' ids by `ZBABY` row (`Z_PK`), looked up once per log: an array for the usual small
/// row numbers, a dictionary for the others.
struct BabyRowIDs: Sendable {
    private let direct: [UUID?]
    private let others: [Int64: UUID]

    /// Row numbers below this are looked up in the array.
    static let directLimit: Int64 = 4096

    init(_ ids: [Int64: UUID]) {
        let largest = ids.keys.filter { $0 >= 0 && $0 < BabyRowIDs.directLimit }.max() ?? -1
        var direct = [UUID?](repeating: nil, count: Int(largest + 1))
        var others: [Int64: UUID] = [:]
        for (rowID, id) in ids {
            if rowID >= 0, rowID < BabyRowIDs.directLimit { direct[Int(rowID)] = id } else { others[rowID] = id }
        }
        self.direct = direct
        self.others = others
    }

    subscript(rowID: Int64) -> UUID? {
        if rowID >= 0, rowID < Int64(direct.count) { return direct[Int(rowID)] }
        return others[rowID]
    }
}
