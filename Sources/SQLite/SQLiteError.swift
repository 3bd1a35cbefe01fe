/// An error reported by SQLite: result codes, SQLite's message and the SQL that failed.
///
/// The `description` is one line for people, e.g.
/// `SQLite error 11 (extended 11): database disk image is malformed, while running: SELECT …`.
public struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The primary result code (`SQLITE_CORRUPT` = 11, …), the low byte of `extendedCode`.
    public var code: Int32
    /// The extended result code (`SQLITE_IOERR_SHORT_READ` = 522, …).
    public var extendedCode: Int32
    /// SQLite's own message (`sqlite3_errmsg`), or ours when SQLite gave none.
    public var message: String
    /// The SQL that failed, or nil when the error is not about a statement (opening a file).
    public var sql: String?

    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code & 0xFF
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// What kind of failure this is, so callers can react without knowing SQLite's numbers.
    public var category: Category {
        switch code {
        case 11: return .corrupt            // SQLITE_CORRUPT
        case 26: return .notADatabase       // SQLITE_NOTADB
        case 10, 13: return .ioError        // SQLITE_IOERR, SQLITE_FULL
        case 14: return .cantOpen           // SQLITE_CANTOPEN
        case 3, 23: return .permission      // SQLITE_PERM, SQLITE_AUTH
        case 5, 6: return .busy             // SQLITE_BUSY, SQLITE_LOCKED
        case 8: return .readOnly            // SQLITE_READONLY
        case 19: return .constraint         // SQLITE_CONSTRAINT
        case 20, 25: return .misuse         // SQLITE_MISMATCH, SQLITE_RANGE
        case 21: return .misuse             // SQLITE_MISUSE
        case 7: return .noMemory            // SQLITE_NOMEM
        case 18: return .tooBig             // SQLITE_TOOBIG
        case 1: return .sql                 // SQLITE_ERROR: bad SQL, missing table, …
        default: return .other
        }
    }

    /// Families of SQLite result codes.
    public enum Category: Sendable, Equatable {
        /// The file is damaged or truncated ("database disk image is malformed").
        case corrupt
        /// The file is not an SQLite database, or is encrypted.
        case notADatabase
        /// Reading or writing the file failed, or the disk is full.
        case ioError
        /// The file could not be opened.
        case cantOpen
        /// Access was denied.
        case permission
        /// Another connection holds a lock.
        case busy
        /// A write was attempted on a read-only connection.
        case readOnly
        /// A constraint (unique index, …) failed.
        case constraint
        /// The API was used wrongly: a bad bind index, a finalized statement, ….
        case misuse
        /// SQLite ran out of memory.
        case noMemory
        /// A string or blob is longer than the connection's length limit (`SQLITE_LIMIT_LENGTH`).
        case tooBig
        /// The SQL is wrong or names something that does not exist.
        case sql
        /// Anything else.
        case other
    }

    public var description: String {
        var text = "SQLite error \(code)"
        if extendedCode != code { text += " (extended \(extendedCode))" }
        text += ": \(message.isEmpty ? "no message" : message)"
        if let sql {
            text += ", while running: \(SQLiteError.oneLine(sql))"
        }
        return text
    }

    /// The SQL on one line, shortened, so a message stays one line.
    static func oneLine(_ sql: String, limit: Int = 200) -> String {
        var flat = ""
        var pendingSpace = false
        for character in sql {
            if character.isWhitespace {
                pendingSpace = !flat.isEmpty
            } else {
                if pendingSpace { flat.append(" ") }
                pendingSpace = false
                flat.append(character)
            }
        }
        return flat.count > limit ? String(flat.prefix(limit)) + "…" : flat
    }
}
