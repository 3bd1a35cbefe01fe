import SQLite

/// An entity's table as this store lays it out: which result column holds each property.
///
/// Built once from `PRAGMA table_info` and the `StoreSchema` mapping. Columns are selected by name,
/// so column order and extra columns do not matter; result column 0 is always `Z_PK`.
struct TableLayout: Sendable {
    /// Where one property's value comes from in the result row.
    enum Source: Sendable {
        /// One column at this result index.
        case column(Int32, name: String)
        /// An enum spread over case columns: result index, column name, case name.
        case perCase([CaseColumn])
        /// No such column (optional properties only): always nil.
        case absent
    }

    struct CaseColumn: Sendable {
        let index: Int32
        let column: String
        let caseName: String
    }

    let mapping: EntityMapping
    /// The table's name as the store spells it.
    let tableName: String
    /// Every column the table has, in declaration order.
    let tableColumns: [String]
    /// SQL expressions of the SELECT list (quoted names), `Z_PK` first.
    let selectList: [String]
    /// Where each property comes from, by property name.
    let sources: [String: Source]
    /// The layout of each enumeration property, by property name.
    let enumLayouts: [String: EnumLayout]
    /// Columns of optional properties the table lacks (read as nil).
    let missingOptionalColumns: [String]
    /// Columns the mapping does not use (besides `Z_ENT` and `Z_OPT`).
    let extraColumns: [String]

    /// Resolves the mapping against a table's columns. The properties in `skipping` (optional or
    /// empty-when-NULL ones, such as notes) are not selected and read as absent.
    ///
    /// - Throws: `StoreError.missingColumn` naming the table and column when a required one is absent.
    init(mapping: EntityMapping, tableName: String, columns: [Database.ColumnInfo], storePath: String,
         skipping: Set<String> = []) throws {
        self.mapping = mapping
        self.tableName = tableName
        tableColumns = columns.map(\.name)
        if let generated = columns.first(where: { $0.isGenerated && mapping.reads($0.name) }) {
            throw StoreError.generatedColumn(storePath, table: tableName, column: generated.name)
        }
        var resolver = try Resolver(mapping: mapping, tableColumns: tableColumns, storePath: storePath)
        for property in mapping.properties {
            try resolver.place(property, skipped: skipping.contains(property.name))
        }
        selectList = resolver.selectList
        sources = resolver.sources
        enumLayouts = resolver.enumLayouts
        missingOptionalColumns = resolver.missingOptional
        extraColumns = tableColumns.filter { !resolver.used.contains($0.uppercased()) }
    }

    /// The source of a property (every mapped property has one).
    func source(_ property: String) -> Source {
        sources[property] ?? .absent
    }

    /// The actual column name holding a single-column property, or nil when absent / per case.
    func columnName(_ property: String) -> String? {
        if case .column(_, let name) = source(property) { return name }
        return nil
    }

    var quotedTable: String { Database.quote(identifier: tableName) }

    /// `SELECT <columns> FROM <table>`.
    private var selectColumns: String { "SELECT " + selectList.joined(separator: ", ") + " FROM " + quotedTable }

    /// ` WHERE Z_PK NOT IN (3, 17)` for the rows a read leaves out, or nothing.
    private func exclusion(_ excluded: [Int64]) -> String {
        excluded.isEmpty ? "" : " WHERE " + selectList[0] + " NOT IN (" + excluded.map(String.init).joined(separator: ", ") + ")"
    }

    /// `SELECT <columns> FROM <table> ORDER BY Z_PK`: storage order, which SQLite reads without sorting,
    /// without the rows whose `Z_PK` is in `excluded`.
    func storageOrderSelectSQL(excluding excluded: [Int64] = []) -> String {
        selectColumns + exclusion(excluded) + " ORDER BY " + selectList[0]
    }

    /// `SELECT <columns> FROM <table> WHERE Z_PK > ?1 ORDER BY Z_PK`: every column of the rows after one.
    var rowsAfterSelectSQL: String { selectColumns + " WHERE " + selectList[0] + " > ?1 ORDER BY " + selectList[0] }

    /// `SELECT <columns> FROM <table> WHERE Z_PK = ?1`.
    var rowSelectSQL: String { selectColumns + " WHERE " + selectList[0] + " = ?1" }

    /// `SELECT Z_PK, <baby or NULL>, <time> FROM <table> ORDER BY Z_PK`, for `LateRowPlan`, without the rows
    /// whose `Z_PK` is in `excluded`; nil without a time column.
    func orderScanSQL(excluding excluded: [Int64] = []) -> String? {
        guard let time = columnName(mapping.timeProperty) else { return nil }
        let baby = columnName("baby").map(Database.quote(identifier:)) ?? "NULL"
        return "SELECT \(selectList[0]), \(baby), \(Database.quote(identifier: time)) FROM \(quotedTable)\(exclusion(excluded)) "
            + "ORDER BY \(selectList[0])"
    }

    /// `SELECT <columns> FROM <table> ORDER BY <time>, Z_PK`, without the rows whose `Z_PK` is in `excluded`.
    func orderedSelectSQL(excluding excluded: [Int64] = []) -> String {
        let order = columnName(mapping.timeProperty).map { Database.quote(identifier: $0) + ", " } ?? ""
        return selectColumns + exclusion(excluded) + " ORDER BY " + order + selectList[0]
    }
}

/// The SELECT list and the sources built up property by property, in the mapping's order.
private struct Resolver {
    let mapping: EntityMapping
    let tableColumns: [String]
    let storePath: String
    /// The table's column names by their upper-cased spelling (SQLite compares names without case).
    let actualName: [String: String]
    var selectList: [String]
    /// Upper-cased names of the columns the mapping accounts for.
    var used: Set<String>
    var sources: [String: TableLayout.Source] = [:]
    var enumLayouts: [String: EnumLayout] = [:]
    var missingOptional: [String] = []

    /// Starts the SELECT list with the row id.
    ///
    /// - Throws: `StoreError.missingColumn` when the table has no `Z_PK`.
    init(mapping: EntityMapping, tableColumns: [String], storePath: String) throws {
        self.mapping = mapping
        self.tableColumns = tableColumns
        self.storePath = storePath
        var actualName: [String: String] = [:]
        for column in tableColumns { actualName[column.uppercased()] = column }
        self.actualName = actualName
        guard let rowID = actualName[StoreSchema.rowIDColumn.uppercased()] else {
            throw StoreError.missingColumn(storePath, table: mapping.table, column: StoreSchema.rowIDColumn,
                                           property: "\(mapping.entity) row id", available: tableColumns)
        }
        selectList = [Database.quote(identifier: rowID)]
        used = [rowID.uppercased(), "Z_ENT", "Z_OPT"]
    }

    func find(_ name: String) -> String? { actualName[name.uppercased()] }

    /// Adds a column to the SELECT list and returns its result index.
    mutating func select(_ name: String) -> Int32 {
        selectList.append(Database.quote(identifier: name))
        used.insert(name.uppercased())
        return Int32(selectList.count - 1)
    }

    /// Finds where one property is read from: its column, an enumeration's case columns, or nowhere.
    ///
    /// - Throws: `StoreError.missingColumn` when a required property has no column.
    mutating func place(_ property: PropertyMapping, skipped: Bool) throws {
        if skipped, property.isOptional || property.nullability == .emptyWhenNull {
            sources[property.name] = .absent
            if let name = find(property.column) { used.insert(name.uppercased()) }
            return
        }
        if let name = find(property.column) {
            sources[property.name] = .column(select(name), name: name)
            if case .enumeration = property.kind { enumLayouts[property.name] = .rawValue }
            return
        }
        if case .enumeration(let descriptor) = property.kind {
            return try placeCaseColumns(property, cases: descriptor.cases)
        }
        guard property.isOptional else {
            throw StoreError.missingColumn(storePath, table: mapping.table, column: property.column,
                                           property: "\(mapping.entity).\(property.name)", available: tableColumns)
        }
        sources[property.name] = .absent
        missingOptional.append(property.column)
    }

    /// An enumeration without its raw-value column: one column per case, or absent when optional.
    ///
    /// - Throws: `StoreError.missingColumn` when a required enumeration has neither layout.
    private mutating func placeCaseColumns(_ property: PropertyMapping, cases: [EnumDescriptor.Case]) throws {
        let present = cases.compactMap { enumCase in
            find(enumCase.column).map { (name: $0, caseName: enumCase.caseName) }
        }
        if !present.isEmpty {
            sources[property.name] = .perCase(present.map {
                TableLayout.CaseColumn(index: select($0.name), column: $0.name, caseName: $0.caseName)
            })
            enumLayouts[property.name] = .perCase
            return
        }
        guard property.isOptional else {
            let caseColumns = cases.map(\.column).joined(separator: ", ")
            throw StoreError.missingColumn(storePath, table: mapping.table,
                                           column: "\(property.column) (or per-case columns \(caseColumns))",
                                           property: "\(mapping.entity).\(property.name)", available: tableColumns)
        }
        sources[property.name] = .absent
        enumLayouts[property.name] = .absent
        missingOptional.append(property.column)
    }
}
