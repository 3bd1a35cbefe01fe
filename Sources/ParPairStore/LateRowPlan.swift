import Foundation
import ParPairModel
import SQLite

/// Which rows of a log table are stored out of their baby's start order, found by one narrow scan
/// in storage (`Z_PK`) order.
///
/// Rows are grouped by the baby they count for (two `ZBABY` rows with the same id are one baby; logs
/// of no baby, or of a missing baby row, group by their `ZBABY` value). Within a group a row is
/// *in order* when its start is not earlier than every start before it: the in-order rows of a group,
/// in storage order, are sorted by (start, `Z_PK`). The other rows are *late* (saved after a later
/// log, such as a feed entered afterwards); sorted by (start, `Z_PK`) they are merged into the
/// in-order rows, which gives each group exactly in `ORDER BY start, Z_PK` order.
///
/// The scan gives up (nil) when a start or baby value is not a plain number in range (the sorted
/// read reports those rows as before) or when too many rows are late for the merge to pay off.
struct LateRowPlan: Sendable {
    /// A late row: where it goes in its group's order, and where to fetch it.
    struct Late: Sendable {
        let start: Double
        let rowID: Int64
    }

    /// Late rows per group, each list sorted by (start, rowID).
    private(set) var late: [[Late]]
    /// How many rows each group holds, late or not.
    let rows: [Int]
    let grouping: RowGrouping

    /// At most this many late rows are merged (24 bytes each while the table streams).
    static let maximumLateRows = 100_000

    /// Scans `SELECT Z_PK, baby, start … ORDER BY Z_PK`; nil when the table must be sorted instead.
    /// `progress` is called after every `interval` rows.
    static func scan(
        _ statement: Statement, grouping: RowGrouping, progressEvery interval: Int = .max, _ progress: () -> Void = {}
    ) throws -> LateRowPlan? {
        var grouping = grouping
        var groups: [GroupScan] = []
        var lateRows: [(group: Int, row: Late)] = []
        var untilProgress = interval
        while try statement.step() {
            untilProgress -= 1
            if untilProgress == 0 {
                untilProgress = interval
                progress()
            }
            guard let rowID = statement.cell(0).int64,
                  let group = grouping.group(statement, column: 1),
                  let start = RowGrouping.start(statement, column: 2) else { return nil }
            while groups.count <= group { groups.append(GroupScan()) }
            if groups[group].isLate(start) {
                guard lateRows.count < maximumLateRows else { return nil }
                lateRows.append((group, Late(start: start, rowID: rowID)))
            }
        }
        var late = [[Late]](repeating: [], count: groups.count)
        for entry in lateRows { late[entry.group].append(entry.row) }
        for index in late.indices where late[index].count > 1 {
            late[index].sort { ($0.start, $0.rowID) < ($1.start, $1.rowID) }
        }
        return LateRowPlan(late: late, rows: groups.map(\.rows), grouping: grouping)
    }

    /// One group as the scan goes: its rows so far and the latest start among them.
    private struct GroupScan {
        var rows = 0
        var latest = -Double.infinity

        /// Counts a row starting at `start`; true when it is late (starts before a row stored earlier).
        mutating func isLate(_ start: Double) -> Bool {
            rows += 1
            guard start >= latest else { return true }
            latest = start
            return false
        }
    }

    /// How many rows point at each baby (by its id), as `StoreReader.logCounts(of:)` counts them: rows of no baby, or
    /// of a row no baby has, are not counted.
    var rowsPerBaby: [UUID: Int] {
        grouping.babyGroups.reduce(into: [:]) { counts, entry in
            if entry.group < rows.count { counts[entry.id] = rows[entry.group] }
        }
    }
}

/// Puts rows into the groups of `LateRowPlan`: one per baby id, one per other `ZBABY` value.
struct RowGrouping: Sendable {
    private let babies: BabyRowIDs
    private var byValue: [Int64: Int] = [:]
    private var byBaby: [UUID: Int] = [:]
    private var lastValue: Int64?
    private var lastGroup = 0
    private var lastBaby: UUID?
    private var lastBabyGroup = 0
    /// Groups handed out so far; 0 is logs with a NULL `ZBABY` (or no such column).
    private(set) var count = 1

    init(babies: BabyRowIDs) {
        self.babies = babies
    }

    /// The group of the current row; nil when `ZBABY` holds something other than NULL or a whole number.
    mutating func group(_ statement: Statement, column: Int32?) -> Int? {
        guard let column else { return 0 }
        let cell = statement.cell(column)
        switch cell.type {
        case .null:
            return 0
        case .integer, .real:
            guard let value = cell.int64 else { return nil }
            if value == lastValue { return lastGroup }
            let group: Int
            if let known = byValue[value] {
                group = known
            } else {
                if let id = babies[value] {
                    if let shared = byBaby[id] {
                        group = shared
                    } else {
                        group = count
                        byBaby[id] = group
                        count += 1
                    }
                } else {
                    group = count
                    count += 1
                }
                byValue[value] = group
            }
            lastValue = value
            lastGroup = group
            return group
        case .text, .blob:
            return nil
        }
    }

    /// Each baby id the rows pointed at, and its group.
    var babyGroups: [(id: UUID, group: Int)] { byBaby.map { ($0.key, $0.value) } }

    /// The group of a decoded log: the same as `group(_:column:)` gave its row. Nil for a baby or
    /// row value the scan did not see.
    mutating func group(of reference: BabyReference) -> Int? {
        switch reference {
        case .none:
            return 0
        case .baby(let id):
            if id == lastBaby { return lastBabyGroup }
            guard let group = byBaby[id] else { return nil }
            lastBaby = id
            lastBabyGroup = group
            return group
        case .dangling(let rowID):
            return byValue[rowID]
        }
    }

    /// The start of the current row as the reader would decode it; nil unless a number in the date range.
    static func start(_ statement: Statement, column: Int32) -> Double? {
        let cell = statement.cell(column)
        switch cell.type {
        case .integer, .real:
            guard let seconds = cell.double, seconds >= RowReader.earliestDate,
                  seconds <= RowReader.latestDate else { return nil }
            return seconds
        case .null, .text, .blob:
            return nil
        }
    }
}
