/// One model property and the column that stores it.
public struct PropertyMapping: Sendable {
    /// The Swift property name in the app's model: `startTime`.
    public let name: String
    /// The column: `ZSTARTTIME`. For an enumeration in the per-case layout this column is absent and
    /// the cases' own columns are used instead.
    public let column: String
    /// What the column holds.
    public let kind: PropertyKind
    /// What NULL means.
    public let nullability: Nullability
    /// `@Attribute(.unique)`: the store has a unique index on the column.
    public let isUnique: Bool

    public init(_ name: String, column: String, _ kind: PropertyKind, _ nullability: Nullability, unique: Bool = false) {
        self.name = name
        self.column = column
        self.kind = kind
        self.nullability = nullability
        isUnique = unique
    }

    /// True when the model's value is optional, so a missing column reads as nil everywhere.
    public var isOptional: Bool { nullability == .optional }
}
