import CSQLite

extension Database {
    /// How a database file is opened.
    public enum OpenMode: Sendable, Equatable {
        /// Read only, through a `file:…?mode=ro` URI. Nothing is ever written to the file.
        case readOnly
        /// Read and write an existing file.
        case readWrite
        /// Read and write, creating the file if it is missing (for writing new files only).
        case readWriteCreate

        var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        }
    }
}
