extension Database {
    /// A column as `PRAGMA table_info` describes it.
    public struct ColumnInfo: Sendable, Hashable {
        /// The column name as declared (case preserved).
        public var name: String
        /// The declared type (`TIMESTAMP`, `VARCHAR`, …), possibly empty.
        public var declaredType: String
        /// True for a `NOT NULL` column.
        public var notNull: Bool
        /// 1-based position in the primary key, 0 when not part of it.
        public var primaryKeyPosition: Int

        public init(name: String, declaredType: String, notNull: Bool = false, primaryKeyPosition: Int = 0) {
            self.name = name
            self.declaredType = declaredType
            self.notNull = notNull
            self.primaryKeyPosition = primaryKeyPosition
        }
    }

    /// Names of the tables in the main schema, SQLite's internal tables left out, sorted.
    public func tableNames() throws -> [String] {
        try fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
            .compactMap { $0.first?.textValue }
    }

    /// The columns of a table in declaration order; empty when the table does not exist.
    public func columns(in table: String) throws -> [ColumnInfo] {
        try fetchAll("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", [.text(table)]).map { row in
            ColumnInfo(
                name: row[0].textValue ?? "",
                declaredType: row[1].textValue ?? "",
                notNull: (row[2].integerValue ?? 0) != 0,
                primaryKeyPosition: Int(row[3].integerValue ?? 0)
            )
        }
    }

    /// Runs a query and returns every row; meant for small results (schema, pragmas, counts).
    public func fetchAll(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        try withStatement(sql) { statement in
            try statement.bind(bindings)
            var rows: [[SQLiteValue]] = []
            let width = statement.columnCount
            while try statement.step() {
                rows.append((0..<width).map { statement.value(at: $0) })
            }
            return rows
        }
    }
}
