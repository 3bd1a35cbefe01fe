/// What a property's column holds.
public enum PropertyKind: Sendable {
    /// A `UUID`: a 16-byte BLOB.
    case uuid
    /// A `Date`: seconds since 2001-01-01T00:00:00Z, REAL or (whole seconds) INTEGER.
    case date
    /// A `String`: UTF-8 TEXT.
    case text
    /// A `Double`: REAL (an INTEGER is accepted).
    case double
    /// A `String`-raw enum: one TEXT column with the raw value, or one column per case.
    case enumeration(EnumDescriptor)
    /// A to-one relationship: the related row's `Z_PK`.
    case toOne(entity: String)

    /// The SQL type Core Data declares for such a column.
    public var declaredType: String {
        switch self {
        case .uuid: "BLOB"
        case .date: "TIMESTAMP"
        case .text, .enumeration: "VARCHAR"
        case .double: "FLOAT"
        case .toOne: "INTEGER"
        }
    }
}
