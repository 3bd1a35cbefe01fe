import Foundation
import ParPairModel
import SQLite

/// The rows of a log table stored out of their baby's start order, found before the table is read in
/// `StreamOrder.startTimePerBaby` (`StoreReader.lateRows(of:progressEvery:_:)`): on a sibling reader of
/// the same snapshot, one thread can scan for them while another reads a different table.
public struct LateRows: Sendable {
    let kind: LogKind
    /// Nil when the table must be sorted instead (or has no start column).
    let plan: LateRowPlan?

    /// How many rows point at each baby (by its id in the store), counted by the scan; nil without a plan.
    var rowsPerBaby: [UUID: Int]? { plan?.rowsPerBaby }
}

extension StoreReader {
    /// Scans the table of `kind` for the rows `StreamOrder.startTimePerBaby` must merge in, calling
    /// `progress` after every `interval` rows (so the caller can take in other work meanwhile). Any
    /// reader of the same snapshot can stream the table with the result.
    public func lateRows(of kind: LogKind, progressEvery interval: Int, _ progress: () -> Void) throws -> LateRows {
        guard let layout = layouts[kind], let scanSQL = layout.orderScanSQL(excluding: excludedRows(of: kind)) else {
            return LateRows(kind: kind, plan: nil)
        }
        let scan = try beginStream(kind, sql: scanSQL)
        defer { finishStream(kind) }
        do {
            return try readingSQLite {
                LateRows(kind: kind, plan: try LateRowPlan.scan(scan, grouping: RowGrouping(babies: babyIDs), progressEvery: interval, progress))
            }
        } catch StoreError.oversizedValue {
            // A start or baby value longer than SQLite's limit is no number: the table is sorted instead, and
            // that read lists the row.
            return LateRows(kind: kind, plan: nil)
        }
    }

    /// Streams a table in `StreamOrder.startTimePerBaby`: a narrow scan finds the rows saved out of
    /// their baby's start order (`LateRowPlan`), unless `lateRows` brings its result; the table is then
    /// read in storage order, and each late row is fetched by `Z_PK` and delivered just before the first
    /// row of its baby that comes after it in (start, `Z_PK`) order. No sort of the table.
    ///
    /// - Returns: false, having delivered nothing, when the table must be sorted instead.
    func streamMergingLateRows<Decoder: LogDecoder>(
        _ type: Decoder.Type, kind: LogKind, layout: TableLayout, lateRows: LateRows?, _ body: (Decoder.Log) throws -> Void
    ) throws -> Bool {
        if let lateRows, lateRows.kind != kind {
            throw StoreError.internal("the late rows of the \(lateRows.kind) table were given for the \(kind) table")
        }
        guard let plan = try (lateRows ?? self.lateRows(of: kind, progressEvery: .max, {})).plan else { return false }

        let statement = try beginStream(kind, sql: layout.storageOrderSelectSQL(excluding: excludedRows(of: kind)))
        defer { finishStream(kind) }
        let fetch = try prepared(layout.rowSelectSQL)
        let decoder = Decoder(layout: layout, babies: babyIDs)
        let row = RowReader(statement: statement, table: layout.tableName, storePath: location.storeFile)
        let fetchedRow = RowReader(statement: fetch, table: layout.tableName, storePath: location.storeFile)
        var grouping = plan.grouping
        let late = plan.late
        var nextLate = [Int](repeating: 0, count: late.count)
        var latest = [Double](repeating: -.infinity, count: late.count)

        /// Delivers the late rows of `group` that come before (start, rowID), or all that are left.
        func deliverLate(_ group: Int, before start: Double, _ rowID: Int64) throws {
            let rows = late[group]
            while nextLate[group] < rows.count {
                let entry = rows[nextLate[group]]
                guard (entry.start, entry.rowID) < (start, rowID) else { return }
                nextLate[group] += 1
                let log = try readingSQLite { () throws -> Decoder.Log? in
                    defer { try? fetch.reset() }
                    try fetch.bind(entry.rowID, at: 1)
                    guard try fetch.step() else {
                        throw StoreError.internal("\(layout.tableName) row \(entry.rowID) vanished inside one read transaction")
                    }
                    return try decodeOrSkip(decoder, fetchedRow, kind: kind)
                }
                if let log { try body(log) }
            }
        }

        while try readingSQLite({ try statement.step() }) {
            // Decoded first (a late row is decoded again when it is delivered): the log's baby and start
            // are the values the scan grouped and compared.
            guard let log = try readingSQLite({ try decodeOrSkip(decoder, row, kind: kind) }) else { continue }
            let start = Decoder.start(log).timeIntervalSinceReferenceDate
            guard let group = grouping.group(of: Decoder.baby(log)), group < late.count else {
                throw StoreError.internal("\(layout.tableName) changed between two reads of one transaction")
            }
            guard start >= latest[group] else { continue }  // a late row: delivered from the plan
            latest[group] = start
            if nextLate[group] < late[group].count { try deliverLate(group, before: start, Decoder.rowID(log)) }
            try body(log)
        }
        for group in late.indices { try deliverLate(group, before: .infinity, .max) }
        return true
    }
}
