import ParPairStore

/// The SQL that creates a store in SwiftData's layout (store-format reference §3 and §10), built
/// from `StoreSchema`, so the writer follows the same one-line mapping as the reader.
public enum StoreLayoutSQL {
    /// How the writer stores enumerations.
    public enum EnumStyle: Sendable, Hashable {
        /// One VARCHAR column with the raw value (iOS 18, and expected on iOS 17).
        case rawValue
        /// One VARCHAR column per case holding the case name.
        case perCase
    }

    /// One column of an entity table: name and declared type.
    public struct Column: Sendable, Hashable {
        public let name: String
        public let declaredType: String
        /// Core Data's grouping: foreign keys, floats, timestamps, strings, then blobs.
        var group: Int {
            switch declaredType {
            case "INTEGER": 0
            case "FLOAT": 1
            case "TIMESTAMP": 2
            case "VARCHAR": 3
            default: 4
            }
        }
    }

    /// `Z_ENT` numbers: 1…n in alphabetical order of entity names, as Core Data assigns them.
    public static var entityNumbers: [String: Int64] {
        var numbers: [String: Int64] = [:]
        for (offset, name) in StoreSchema.entities.map(\.entity).sorted().enumerated() {
            numbers[name] = Int64(offset + 1)
        }
        return numbers
    }

    /// History entities Core Data registers in `Z_PRIMARYKEY`.
    public static let historyEntities: [(number: Int64, name: String)] = [
        (16001, "CHANGE"), (16002, "TRANSACTION"), (16003, "TRANSACTIONSTRING"),
    ]

    /// The mapped columns of an entity table (without `Z_PK`, `Z_ENT`, `Z_OPT`) in Core Data's order.
    public static func columns(of mapping: EntityMapping, style: EnumStyle) -> [Column] {
        var columns: [Column] = []
        for property in mapping.properties {
            if case .enumeration(let descriptor) = property.kind, style == .perCase {
                columns += descriptor.cases.map { Column(name: $0.column, declaredType: "VARCHAR") }
            } else {
                columns.append(Column(name: property.column, declaredType: property.kind.declaredType))
            }
        }
        return columns.sorted { ($0.group, $0.name) < ($1.group, $1.name) }
    }

    /// `CREATE TABLE ZFOODLOG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, … )`.
    public static func createTable(_ mapping: EntityMapping, style: EnumStyle) -> String {
        let columns = ["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
            + self.columns(of: mapping, style: style).map { "\($0.name) \($0.declaredType)" }
        return "CREATE TABLE \(mapping.table) ( \(columns.joined(separator: ", ")) )"
    }

    /// Indexes of an entity table: one per to-one relationship, one unique index per unique property.
    public static func createIndexes(_ mapping: EntityMapping) -> [String] {
        var statements: [String] = []
        for property in mapping.properties {
            if case .toOne = property.kind {
                statements.append("CREATE INDEX \(mapping.table)_\(property.column)_INDEX ON \(mapping.table) (\(property.column))")
            }
            if property.isUnique {
                statements.append("CREATE UNIQUE INDEX Z_\(mapping.entity)_UNIQUE_\(property.name) ON \(mapping.table) "
                    + "(\(property.column) COLLATE BINARY ASC)")
            }
        }
        return statements
    }

    /// Core Data's bookkeeping and history tables with their indexes, verbatim from real stores.
    public static let bookkeeping: [String] = [
        "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
        "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
        "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)",
        "CREATE TABLE ACHANGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, "
            + "ZENTITY INTEGER, ZENTITYPK INTEGER, ZTRANSACTIONID INTEGER, ZCOLUMNS BLOB )",
        "CREATE TABLE ATRANSACTION ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHORTS INTEGER, "
            + "ZBUNDLEIDTS INTEGER, ZCONTEXTNAMETS INTEGER, ZPROCESSIDTS INTEGER, ZTIMESTAMP FLOAT, ZAUTHOR VARCHAR, "
            + "ZBUNDLEID VARCHAR, ZCONTEXTNAME VARCHAR, ZPROCESSID VARCHAR, ZQUERYGEN BLOB )",
        "CREATE TABLE ATRANSACTIONSTRING ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR )",
        "CREATE INDEX ACHANGE_ZTRANSACTIONID_INDEX ON ACHANGE (ZTRANSACTIONID)",
        "CREATE INDEX ATRANSACTION_ZAUTHORTS_INDEX ON ATRANSACTION (ZAUTHORTS)",
        "CREATE INDEX ATRANSACTION_ZBUNDLEIDTS_INDEX ON ATRANSACTION (ZBUNDLEIDTS)",
        "CREATE INDEX ATRANSACTION_ZCONTEXTNAMETS_INDEX ON ATRANSACTION (ZCONTEXTNAMETS)",
        "CREATE INDEX ATRANSACTION_ZPROCESSIDTS_INDEX ON ATRANSACTION (ZPROCESSIDTS)",
        "CREATE INDEX Z_TRANSACTION_TransactionAuthorIndex ON ATRANSACTION (ZAUTHOR COLLATE BINARY ASC)",
        "CREATE INDEX Z_TRANSACTION_TransactionTimestampIndex ON ATRANSACTION (ZTIMESTAMP COLLATE BINARY ASC)",
        "CREATE UNIQUE INDEX Z_TRANSACTIONSTRING_UNIQUE_NAME ON ATRANSACTIONSTRING (ZNAME COLLATE BINARY ASC)",
    ]

    /// Every statement that creates the schema: entity tables and their indexes, then bookkeeping.
    public static func schema(style: EnumStyle) -> [String] {
        let entities = StoreSchema.entities.sorted { $0.table < $1.table }
        return entities.map { createTable($0, style: style) } + entities.flatMap(createIndexes) + bookkeeping
    }
}
