import Concurrency
import Foundation
import IDFingerprints
import ParPairModel
import SQLite

extension StoreReader {
    /// Facts about the store for `parpair-report info`, computed with SQL aggregates over the same
    /// snapshot the streams read.
    /// - Parameter secondThreadFrom: log rows from which the tables are scanned on two threads (tests set 0 to read
    ///   a small store as a large one is read).
    public func info(secondThreadFrom: Int = rowsWorthASecondInfoThread) throws -> StoreInfo {
        try readingSQLite { try collectInfo(secondThreadFrom: secondThreadFrom) }
    }

    private func collectInfo(secondThreadFrom: Int) throws -> StoreInfo {
        let plans = try scanPlans()
        let scanned = try scanTables(plans, babyRowIDs: try babyRowIDs(), secondThreadFrom: secondThreadFrom)
        let (tables, perBaby) = tableFacts(plans, scanned)
        let present = tables.filter(\.present)
        let babyFacts = babies.map { baby in
            BabyFacts(rowID: baby.rowID, id: baby.id, name: baby.name, birthday: baby.birthday, logs: perBaby[baby.rowID] ?? [:])
        }
        var info = StoreInfo(
            path: restored?.origin.backupPath ?? location.requestedPath, storeFile: restored?.displayPath ?? location.storeFile,
            sqliteVersion: Database.libraryVersion,
            frameworkVersion: frameworkVersion, entities: entities, journalModeWAL: snapshot.header.isWAL,
            wal: snapshot.wal, shmPresent: snapshot.shmPresent, babies: babyFacts, tables: tables,
            totalLogs: present.reduce(0) { $0 + $1.rows }, firstLogTime: present.compactMap(\.firstTime).min(),
            lastLogTime: present.compactMap(\.lastTime).max(), orphanLogs: present.reduce(0) { $0 + $1.orphans },
            warnings: try warnings(about: present) + (restored?.warnings ?? []))
        info.source = restored?.origin
        return info
    }

    /// Log rows below which `info` scans its tables on one thread through one connection. Its scan of a row is light
    /// (four columns counted), so a second thread and connection pay for themselves later than a report's (the
    /// measured crossing is in docs/performance.md and the commit that set it).
    public static let rowsWorthASecondInfoThread = 30_000

    /// One pass over a log table for every fact: its columns baby, id, end and time (each NULL when the table
    /// lacks it), and its row count, for sharing the tables out.
    private struct ScanPlan {
        let mapping: EntityMapping
        let layout: TableLayout
        let kind: LogKind
        let select: String
        let rows: Int
    }

    private func scanPlans() throws -> [ScanPlan] {
        try StoreSchema.logs.compactMap { mapping in
            guard let kind = mapping.kind, let layout = layouts[kind] else { return nil }
            let hasEnd = mapping.properties.contains { $0.name == "endTime" }
            let select = [
                layout.columnName("baby"), layout.columnName("id"), hasEnd ? layout.columnName("endTime") : nil,
                layout.columnName(mapping.timeProperty),
            ].map { $0.map(Database.quote(identifier:)) ?? "NULL" }
            return ScanPlan(mapping: mapping, layout: layout, kind: kind,
                            select: "SELECT \(select.joined(separator: ", ")) FROM \(layout.quotedTable) NOT INDEXED",
                            rows: try count("SELECT count(*) FROM \(layout.quotedTable)"))
        }
    }

    private func babyRowIDs() throws -> Set<Int64> {
        var rowIDs = Set<Int64>()
        try database.withStatement("SELECT \(babyLayout.selectList[0]) FROM \(babyLayout.quotedTable)") { statement in
            while try statement.step() { if let rowID = statement.int64(0) { rowIDs.insert(rowID) } }
        }
        return rowIDs
    }

    /// Scans every planned table, the tables shared between two connections of the snapshot on two threads:
    /// the larger tables first, each to the connection with fewer rows so far (a small store's on this thread). The 64-bit fingerprints the
    /// aggregation uses find ids seen twice (two different ids share one with a chance of about 3 in 10⁸ at a
    /// million rows). Returns each plan's scan by the plan's index.
    private func scanTables(_ plans: [ScanPlan], babyRowIDs: Set<Int64>, secondThreadFrom: Int) throws -> [Int: TableScan] {
        var groups: [[Int]] = [[], []]
        var load = [0, 0]
        for index in plans.indices.sorted(by: { plans[$0].rows > plans[$1].rows }) {
            let lighter = load[0] <= load[1] ? 0 : 1
            groups[lighter].append(index)
            load[lighter] += plans[index].rows
        }
        let jobs = plans.map { (kind: $0.kind, select: $0.select, rows: $0.rows) }
        /// Scans the tables of `group` through `connection`, one after another.
        func scan(_ group: [Int], on connection: Database) throws -> [(Int, TableScan)] {
            try group.map { index in
                var scan = TableScan(kind: jobs[index].kind, babyRowIDs: babyRowIDs, rowsHint: jobs[index].rows)
                try connection.withStatement(jobs[index].select) { statement in
                    while try statement.step() { scan.add(statement) }
                }
                scan.finish()
                return (index, scan)
            }
        }
        if plans.reduce(0, { $0 + $1.rows }) < secondThreadFrom {
            // Too few rows to pay for a second thread and connection.
            return Dictionary(uniqueKeysWithValues: try readingSQLite { try scan(groups[0] + groups[1], on: database) })
        }
        var second = try openSecondConnection()
        defer { second.close() }
        let results = try readingSQLite {
            try Concurrently.run({ _ in try scan(groups[0], on: database) }, lending: &second, to: { [groups] connection, _ in
                try scan(groups[1], on: connection)
            })
        }
        var scanned: [Int: TableScan] = [:]
        for (index, scan) in results.0 + results.1 { scanned[index] = scan }
        return scanned
    }

    /// Each log table's facts (absent ones too, in the schema's order) and the logs of each baby row by kind.
    private func tableFacts(_ plans: [ScanPlan], _ scanned: [Int: TableScan]) -> (tables: [TableFacts], perBaby: [Int64: [String: Int]]) {
        var tables: [TableFacts] = []
        var perBaby: [Int64: [String: Int]] = [:]
        for mapping in StoreSchema.logs {
            guard let kind = mapping.kind else { continue }
            guard let index = plans.firstIndex(where: { $0.kind == kind }), let scan = scanned[index] else {
                tables.append(TableFacts(table: mapping.table, entity: mapping.entity, kind: kind.rawValue, present: false))
                continue
            }
            let layout = plans[index].layout
            var facts = TableFacts(table: mapping.table, entity: mapping.entity, kind: kind.rawValue, present: true,
                                   enumLayouts: layout.enumLayouts, missingOptionalColumns: layout.missingOptionalColumns,
                                   extraColumns: layout.extraColumns)
            facts.rows = scan.rows
            if layout.columnName("baby") != nil {
                facts.orphansWithoutBaby = scan.withoutBaby
                facts.orphansWithMissingBaby = scan.withMissingBaby
                for (rowID, number) in scan.perBaby { perBaby[rowID, default: [:]][kind.rawValue] = number }
            } else {
                facts.orphansWithoutBaby = facts.rows
            }
            if layout.columnName("id") != nil { facts.duplicateIDs = scan.duplicateIDs }
            if mapping.properties.contains(where: { $0.name == "endTime" }) {
                facts.withoutEnd = layout.columnName("endTime") != nil ? scan.withoutEnd : facts.rows
            }
            if layout.columnName(mapping.timeProperty) != nil {
                facts.firstTime = scan.firstTime.flatMap { StoreInfo.date(.real($0)) }
                facts.lastTime = scan.lastTime.flatMap { StoreInfo.date(.real($0)) }
            }
            tables.append(facts)
        }
        return (tables, perBaby)
    }

    /// What `info` warns about: the copy (its -wal, journal mode, retries), the shape found on opening, the
    /// babies, and the present tables' orphans, repeated ids and missing columns.
    private func warnings(about present: [TableFacts]) throws -> [String] {
        var warnings: [String] = []
        if snapshot.wal == nil {
            warnings.append("no -wal file beside the store: if the app is running, recent logs may be missing")
        }
        if let wal = snapshot.wal, wal.bytes >= 32, wal.frames == 0 {
            warnings.append("the -wal file (\(wal.bytes) bytes) holds no committed transaction SQLite can use")
        }
        if !snapshot.header.isWAL {
            warnings.append("the store is not in WAL journal mode, unlike a store SwiftData wrote")
        }
        if snapshot.retries > 0 {
            warnings.append("the store changed while it was copied; a consistent copy was read after \(snapshot.retries) retries")
        }
        warnings += openingNotes
        if babies.isEmpty { warnings.append("the store holds no babies") }
        if let id = babyLayout.columnName("id").map(Database.quote(identifier:)) {
            let repeated = try count("SELECT count(*) FROM (SELECT 1 FROM \(babyLayout.quotedTable) WHERE \(id) IS NOT NULL "
                + "GROUP BY \(id) HAVING count(*) > 1)")
            if repeated > 0 { warnings.append("\(repeated) baby ids occur on more than one ZBABY row") }
        }
        for facts in present {
            let noun = facts.entity
            if facts.orphansWithoutBaby > 0 {
                warnings.append("\(facts.orphansWithoutBaby) \(noun) rows belong to no baby (ZBABY is NULL)")
            }
            if facts.orphansWithMissingBaby > 0 {
                warnings.append("\(facts.orphansWithMissingBaby) \(noun) rows point at a baby row that does not exist")
            }
            if facts.duplicateIDs > 0 {
                warnings.append("\(facts.duplicateIDs) \(noun) ids occur on more than one row")
            }
            if !facts.missingOptionalColumns.isEmpty {
                warnings.append("\(facts.table) lacks column(s) \(facts.missingOptionalColumns.joined(separator: ", ")): read as empty")
            }
        }
        return warnings
    }

    func count(_ sql: String) throws -> Int {
        Int(try database.fetchAll(sql).first?.first?.integerValue ?? 0)
    }
}

/// The facts of one log table, gathered row by row: columns baby, id, end and time (each NULL when the
/// table lacks it).
private struct TableScan {
    let kind: LogKind
    /// The baby rows, in order, and the logs counted for each (a store has a few babies: a short array
    /// searched from the last one found beats hashing every row's baby).
    private let babyRowIDs: [Int64]
    private var babyCounts: [Int]
    private var lastBaby = 0
    var rows = 0
    var withoutBaby = 0
    var withMissingBaby = 0
    var perBaby: [Int64: Int] {
        var counts: [Int64: Int] = [:]
        for (rowID, number) in zip(babyRowIDs, babyCounts) where number > 0 { counts[rowID] = number }
        return counts
    }
    /// Ids found more than once (an id three times counts once), known after `finish()`.
    private(set) var duplicateIDs = 0
    var withoutEnd = 0
    var firstTime: Double?
    var lastTime: Double?
    /// The ids' fingerprints as read, sorted at the end: a probe per row of a hash table larger than the
    /// cache was a third of `info`'s time.
    private var fingerprints: [UInt64] = []

    init(kind: LogKind, babyRowIDs: Set<Int64>, rowsHint: Int) {
        self.kind = kind
        self.babyRowIDs = babyRowIDs.sorted()
        babyCounts = Array(repeating: 0, count: babyRowIDs.count)
        fingerprints.reserveCapacity(min(max(0, rowsHint), IDFingerprintSet.largestPresize))
    }

    /// Counts the repeated ids once every row is added, and frees their fingerprints.
    mutating func finish() {
        duplicateIDs = IDFingerprintSet.valuesThatRepeat(in: &fingerprints)
        fingerprints = []
    }

    mutating func add(_ statement: Statement) {
        rows += 1
        let baby = statement.cell(0)
        if baby.type == .null {
            withoutBaby += 1
        } else if let rowID = baby.int64, let index = babyIndex(rowID) {
            babyCounts[index] += 1
        } else {
            withMissingBaby += 1
        }
        if let fingerprint = fingerprint(statement.cell(1)) { fingerprints.append(fingerprint) }
        if statement.cell(2).type == .null { withoutEnd += 1 }
        if let time = statement.cell(3).double {
            firstTime = min(firstTime ?? time, time)
            lastTime = max(lastTime ?? time, time)
        }
    }

    private mutating func babyIndex(_ rowID: Int64) -> Int? {
        if lastBaby < babyRowIDs.count, babyRowIDs[lastBaby] == rowID { return lastBaby }
        guard let index = babyRowIDs.firstIndex(of: rowID) else { return nil }
        lastBaby = index
        return index
    }

    /// The id's fingerprint: a 16-byte blob as the aggregation takes it (a UUID within the kind), any other
    /// value by its bytes and type; nil for NULL.
    private func fingerprint(_ cell: Cell) -> UInt64? {
        switch cell.type {
        case .null:
            return nil
        case .blob:
            if let uuid = RowReader.uuid(cell) { return IDFingerprintSet.fingerprint(of: uuid, kind: kind) }
            return cell.withBlobBytes { IDFingerprintSet.fingerprint(of: $0, tag: 1) }
        case .text:
            return cell.withTextBytes { IDFingerprintSet.fingerprint(of: $0, tag: 2) }
        case .integer, .real:
            // A number by the text SQLite writes for it, tagged apart from blobs and text (a rare, hand-made id:
            // the String costs nothing that matters).
            return IDFingerprintSet.fingerprint(of: cell.text ?? "", tag: 3)
        }
    }
}

extension StoreInfo {
    /// A stored date for facts; nil when not a usable date.
    static func date(_ value: SQLiteValue) -> Date? {
        guard let seconds = value.doubleValue, seconds.isFinite,
              seconds >= RowReader.earliestDate, seconds <= RowReader.latestDate else { return nil }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}
