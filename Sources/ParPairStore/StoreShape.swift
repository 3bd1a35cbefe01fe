import Foundation
import ParPairModel
import PropertyList
import SQLite

/// What opening a store finds out about its tables: that it is a ParPair store, the entities and Core Data
/// version, and how each entity's table lays out its columns.
struct StoreShape {
    var entities: [String]
    var frameworkVersion: Int?
    /// `NSStoreUUID` from `Z_METADATA` (else its `Z_UUID`): Core Data's name for this store, the same in every copy of it.
    var storeUUID: UUID?
    var babyLayout: TableLayout
    var layouts: [LogKind: TableLayout]
    /// Things worth telling about the store's shape (absent tables, …).
    var notes: [String]

    static func read(_ database: Database, storePath: String, columns: StoreReader.LogColumns) throws -> StoreShape {
        var notes: [String] = []
        let tables = try database.tableNames()
        let tableNamed = try readableTables(database, tables, storePath: storePath)
        let entities = try readEntities(database, table: tableNamed["Z_PRIMARYKEY"])
        let hasEntities = StoreSchema.requiredEntities.allSatisfy { entities.contains($0.entity) }
        let hasTables = StoreSchema.requiredEntities.allSatisfy { tableNamed[$0.table.uppercased()] != nil }
        guard hasEntities || hasTables else { throw StoreError.notParPairStore(storePath, tables: tables) }
        if tableNamed["Z_PRIMARYKEY"] == nil {
            notes.append("no Z_PRIMARYKEY table: recognised as a ParPair store by its table names only")
        }
        let metadata = readMetadata(database, table: tableNamed["Z_METADATA"], notes: &notes)
        guard let babyTable = tableNamed[StoreSchema.baby.table.uppercased()] else {
            throw StoreError.missingTable(storePath, table: StoreSchema.baby.table, entity: StoreSchema.baby.entity)
        }
        let babyLayout = try TableLayout(mapping: StoreSchema.baby, tableName: babyTable, columns: try database.columns(in: babyTable),
                                         storePath: storePath)
        let layouts = try logLayouts(database, tableNamed, storePath: storePath, columns: columns, notes: &notes)
        return StoreShape(entities: entities, frameworkVersion: metadata.frameworkVersion, storeUUID: metadata.storeUUID, babyLayout: babyLayout, layouts: layouts, notes: notes)
    }

    /// The tables by upper-cased name, without virtual tables. A view or virtual table under an entity's
    /// table name is refused by name, never read: SQLite would run its definition, and a view is not what
    /// SwiftData wrote.
    private static func readableTables(_ database: Database, _ tables: [String], storePath: String) throws -> [String: String] {
        var tableNamed: [String: String] = [:]
        for table in tables { tableNamed[table.uppercased()] = table }
        let kinds = try database.schemaKinds()
        for mapping in [StoreSchema.baby] + StoreSchema.logs {
            if let kind = kinds.nonTableKind(of: mapping.table), kind == "view" || kind == "virtual table" {
                throw StoreError.notATable(storePath, table: mapping.table, kind: kind)
            }
        }
        for table in tables where kinds.nonTableKind(of: table) == "virtual table" {
            tableNamed[table.uppercased()] = nil
        }
        return tableNamed
    }

    /// The layout of each log table the store has; a missing table of a required entity is an error, any
    /// other a note.
    private static func logLayouts(
        _ database: Database, _ tableNamed: [String: String], storePath: String, columns: StoreReader.LogColumns, notes: inout [String]
    ) throws -> [LogKind: TableLayout] {
        var layouts: [LogKind: TableLayout] = [:]
        for mapping in StoreSchema.logs {
            guard let kind = mapping.kind else { continue }
            guard let table = tableNamed[mapping.table.uppercased()] else {
                if StoreSchema.requiredEntities.contains(where: { $0.entity == mapping.entity }) {
                    throw StoreError.missingTable(storePath, table: mapping.table, entity: mapping.entity)
                }
                notes.append("no \(mapping.table) table: the store has no \(mapping.entity) rows")
                continue
            }
            layouts[kind] = try TableLayout(mapping: mapping, tableName: table, columns: try database.columns(in: table),
                                            storePath: storePath, skipping: columns.skipped)
        }
        return layouts
    }

    static func readEntities(_ database: Database, table: String?) throws -> [String] {
        guard let table else { return [] }
        let columns = Set(try database.columns(in: table).map { $0.name.uppercased() })
        guard columns.contains("Z_NAME") else { return [] }
        let order = columns.contains("Z_ENT") ? " ORDER BY Z_ENT" : ""
        return try database.fetchAll("SELECT Z_NAME FROM \(Database.quote(identifier: table))\(order)")
            .compactMap { $0.first?.textValue }
    }

    static func readMetadata(_ database: Database, table: String?, notes: inout [String]) -> (frameworkVersion: Int?, storeUUID: UUID?) {
        guard let table else {
            notes.append("no Z_METADATA table: the Core Data framework version is unknown")
            return (nil, nil)
        }
        let columns = Set(((try? database.columns(in: table)) ?? []).map { $0.name.uppercased() })
        guard columns.contains("Z_PLIST") else { return (nil, nil) }
        let order = columns.contains("Z_VERSION") ? " ORDER BY Z_VERSION" : ""
        let uuidColumn = columns.contains("Z_UUID") ? "Z_UUID" : "NULL"
        guard let rows = try? database.fetchAll("SELECT Z_PLIST, \(uuidColumn) FROM \(Database.quote(identifier: table))\(order) LIMIT 1"),
              let row = rows.first else {
            return (nil, nil)
        }
        let columnUUID = row.count > 1 ? row[1].textValue.flatMap(UUID.init(uuidString:)) : nil
        guard let bytes = row.first?.blobValue, !bytes.isEmpty else { return (nil, columnUUID) }
        // Our bounded reader, not Foundation's: a crafted list of 10,000 nested arrays overflowed the
        // stack in Foundation's XML scanner, and PropertyListSerialization leaks the CFError it makes.
        let metadata: PropertyListValue
        do { metadata = try PropertyList.read(bytes, limits: metadataLimits) } catch {
            notes.append("Z_METADATA.Z_PLIST is not a readable property list: \(error)")
            return (nil, columnUUID)
        }
        guard case .dictionary = metadata else {
            notes.append("Z_METADATA.Z_PLIST is not a readable property list: not a dictionary")
            return (nil, columnUUID)
        }
        var storeUUID = columnUUID
        if case .string(let text)? = metadata["NSStoreUUID"], let uuid = UUID(uuidString: text) { storeUUID = uuid }
        return (frameworkVersion(metadata["NSPersistenceFrameworkVersion"]), storeUUID)
    }

    /// Core Data's metadata is a few KB; the limits leave room and stop anything hostile early.
    static let metadataLimits = PropertyListLimits(maximumBytes: 4 << 20, maximumDepth: 32, maximumValues: 100_000)

    /// `NSPersistenceFrameworkVersion` of a `Z_METADATA` property list: an integer, a real (its
    /// integral part), digits in a string, or a boolean as 1 or 0; nil when absent or of another type.
    static func frameworkVersion(_ value: PropertyListValue?) -> Int? {
        switch value {
        case .integer(let number)?: return Int(exactly: number)
        case .real(let number)? where number.isFinite && abs(number) < 9.0e18: return Int(number)
        case .string(let text)?: return Int(text)
        case .bool(let flag)?: return flag ? 1 : 0  // what Foundation's number bridging gave
        default: return nil
        }
    }
}
