/// What a NULL in a property's column means.
public enum Nullability: Sendable, Equatable {
    /// The model's value is not optional: NULL is a bad-data error naming table, column and `Z_PK`.
    case required
    /// The model's value is optional: NULL is nil. A missing column reads as nil too (and is noted).
    case optional
    /// A non-optional `String` that reads as `""` when NULL (a leniency: the app never writes NULL
    /// there, but an empty note is harmless, so a report should not fail on it).
    case emptyWhenNull
}
