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

    /// What the names of the main schema are, read in one query: a store's shape asks about a dozen names, and a
    /// query each (`sqlite_master` has no index on names) prepared and scanned the schema a dozen times.
    public func schemaKinds() throws -> SchemaKinds {
        SchemaKinds(entries: try fetchAll("SELECT name, type, sql FROM sqlite_master"))
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

/// What each name in a database's main schema is when it is not a plain table (``Database/schemaKinds()``).
public struct SchemaKinds: Sendable {
    /// The kind of each name that is not a plain table, by name with ASCII letters upper-cased, as SQLite's
    /// `NOCASE` compares them. A name's first entry in the schema's storage order decides (where a scan of
    /// `sqlite_master` for the name stops first), a plain table's too.
    private var kinds: [String: String] = [:]

    init(entries: [[SQLiteValue]]) {
        var seen: Set<String> = []
        for entry in entries {
            guard let name = entry[0].textValue else { continue }  // `name = ?` matches only text
            let key = SchemaKinds.key(name)
            guard seen.insert(key).inserted, let type = entry[1].textValue else { continue }
            if type != "table" {
                kinds[key] = type
            } else if (entry[2].textValue ?? "").uppercased().hasPrefix("CREATE VIRTUAL TABLE") {
                kinds[key] = "virtual table"
            }
        }
    }

    /// What `name` is, when it is not a plain table: `view`, `virtual table`, `index` or `trigger`; nil for a
    /// plain table or a name the schema lacks. Case-insensitive in ASCII letters only, as SQLite is.
    public func nonTableKind(of name: String) -> String? {
        kinds[SchemaKinds.key(name)]
    }

    private static func key(_ name: String) -> String {
        String(decoding: name.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
