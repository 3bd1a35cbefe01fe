/// SQLite's storage classes, as `sqlite3_column_type` reports them for one value.
public enum ColumnType: Sendable, Hashable, CustomStringConvertible {
    case integer
    case real
    case text
    case blob
    case null

    /// The name SQLite's `typeof()` uses: `integer`, `real`, `text`, `blob`, `null`.
    public var description: String {
        switch self {
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        case .null: "null"
        }
    }
}
