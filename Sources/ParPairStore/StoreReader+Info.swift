import Foundation
import ParPairModel
import SQLite

extension StoreReader {
    /// Facts about the store for `parpair-report info`, computed with SQL aggregates over the same
    /// snapshot the streams read.
    public func info() throws -> StoreInfo {
        try readingSQLite { try collectInfo() }
    }

    private func collectInfo() throws -> StoreInfo {
        var warnings: [String] = []
        var tables: [TableFacts] = []
        var perBaby: [Int64: [String: Int]] = [:]
        let babyTable = babyLayout.quotedTable
        let babyRowID = babyLayout.selectList[0]

        for mapping in StoreSchema.logs {
            guard let kind = mapping.kind else { continue }
            guard let layout = layouts[kind] else {
                tables.append(TableFacts(table: mapping.table, entity: mapping.entity, kind: kind.rawValue, present: false))
                continue
            }
            let table = layout.quotedTable
            var facts = TableFacts(table: mapping.table, entity: mapping.entity, kind: kind.rawValue, present: true,
                                   enumLayouts: layout.enumLayouts, missingOptionalColumns: layout.missingOptionalColumns,
                                   extraColumns: layout.extraColumns)
            facts.rows = try count("SELECT count(*) FROM \(table)")
            if let baby = layout.columnName("baby").map(Database.quote(identifier:)) {
                facts.orphansWithoutBaby = try count("SELECT count(*) FROM \(table) WHERE \(baby) IS NULL")
                facts.orphansWithMissingBaby = try count(
                    "SELECT count(*) FROM \(table) WHERE \(baby) IS NOT NULL AND \(baby) NOT IN (SELECT \(babyRowID) FROM \(babyTable))")
                for row in try database.fetchAll("SELECT \(baby), count(*) FROM \(table) WHERE \(baby) IS NOT NULL GROUP BY \(baby)") {
                    if let rowID = row[0].integerValue, let number = row[1].integerValue {
                        perBaby[rowID, default: [:]][kind.rawValue] = Int(number)
                    }
                }
            } else {
                facts.orphansWithoutBaby = facts.rows
            }
            if let id = layout.columnName("id").map(Database.quote(identifier:)) {
                facts.duplicateIDs = try count(
                    "SELECT count(*) FROM (SELECT 1 FROM \(table) WHERE \(id) IS NOT NULL GROUP BY \(id) HAVING count(*) > 1)")
            }
            if mapping.properties.contains(where: { $0.name == "endTime" }) {
                if let end = layout.columnName("endTime").map(Database.quote(identifier:)) {
                    facts.withoutEnd = try count("SELECT count(*) FROM \(table) WHERE \(end) IS NULL")
                } else {
                    facts.withoutEnd = facts.rows
                }
            }
            if let time = layout.columnName(mapping.timeProperty).map(Database.quote(identifier:)) {
                let row = try database.fetchAll(
                    "SELECT min(\(time)), max(\(time)) FROM \(table) WHERE typeof(\(time)) IN ('integer', 'real')").first
                facts.firstTime = row.flatMap { StoreInfo.date($0[0]) }
                facts.lastTime = row.flatMap { StoreInfo.date($0[1]) }
            }
            tables.append(facts)
        }

        let present = tables.filter(\.present)
        let firstLogTime = present.compactMap(\.firstTime).min()
        let lastLogTime = present.compactMap(\.lastTime).max()
        let orphanLogs = present.reduce(0) { $0 + $1.orphans }

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
        var babyDuplicates = 0
        if let id = babyLayout.columnName("id").map(Database.quote(identifier:)) {
            babyDuplicates = try count(
                "SELECT count(*) FROM (SELECT 1 FROM \(babyTable) WHERE \(id) IS NOT NULL GROUP BY \(id) HAVING count(*) > 1)")
        }
        if babyDuplicates > 0 { warnings.append("\(babyDuplicates) baby ids occur on more than one ZBABY row") }
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

        let babyFacts = babies.map { baby in
            BabyFacts(rowID: baby.rowID, id: baby.id, name: baby.name, birthday: baby.birthday, logs: perBaby[baby.rowID] ?? [:])
        }
        var info = StoreInfo(
            path: restored?.origin.backupPath ?? location.requestedPath, storeFile: restored?.displayPath ?? location.storeFile,
            sqliteVersion: Database.libraryVersion,
            frameworkVersion: frameworkVersion, entities: entities, journalModeWAL: snapshot.header.isWAL,
            wal: snapshot.wal, shmPresent: snapshot.shmPresent, babies: babyFacts, tables: tables,
            totalLogs: present.reduce(0) { $0 + $1.rows }, firstLogTime: firstLogTime, lastLogTime: lastLogTime,
            orphanLogs: orphanLogs, warnings: warnings + (restored?.warnings ?? []))
        info.source = restored?.origin
        return info
    }

    func count(_ sql: String) throws -> Int {
        Int(try database.fetchAll(sql).first?.first?.integerValue ?? 0)
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
