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
        /// A generated column (`GENERATED ALWAYS AS …`): computed by SQLite, not stored data.
        public var isGenerated: Bool

        public init(name: String, declaredType: String, notNull: Bool = false, primaryKeyPosition: Int = 0, isGenerated: Bool = false) {
            self.name = name
            self.declaredType = declaredType
            self.notNull = notNull
            self.primaryKeyPosition = primaryKeyPosition
            self.isGenerated = isGenerated
        }
    }

    /// Names of the tables in the main schema, SQLite's internal tables left out, sorted.
    public func tableNames() throws -> [String] {
        try fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
            .compactMap { $0.first?.textValue }
    }

    /// The columns of a table in declaration order, generated ones included (`table_xinfo`: hidden 2
    /// and 3) and marked; empty when the table does not exist.
    public func columns(in table: String) throws -> [ColumnInfo] {
        try fetchAll("SELECT name, type, \"notnull\", pk, hidden FROM pragma_table_xinfo(?) WHERE hidden IN (0, 2, 3)",
                     [.text(table)]).map { row in
            ColumnInfo(
                name: row[0].textValue ?? "",
                declaredType: row[1].textValue ?? "",
                notNull: (row[2].integerValue ?? 0) != 0,
                primaryKeyPosition: Int(row[3].integerValue ?? 0),
                isGenerated: (row[4].integerValue ?? 0) != 0
            )
        }
    }

    /// What a name in the main schema is, when it is not a plain table: `view`, `virtual table`,
    /// `index` or `trigger`; nil for a plain table or a name the schema lacks. Case-insensitive.
    public func nonTableKind(of name: String) throws -> String? {
        let rows = try fetchAll("SELECT type, sql FROM sqlite_master WHERE name = ?1 COLLATE NOCASE", [.text(name)])
        guard let row = rows.first, let type = row[0].textValue else { return nil }
        if type == "table" {
            let sql = (row[1].textValue ?? "").uppercased()
            return sql.hasPrefix("CREATE VIRTUAL TABLE") ? "virtual table" : nil
        }
        return type
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
