import PrintableText
import SQLite

/// Why a store could not be read (or written), with the file and the problem, on one line.
///
/// `kind` says what sort of failure it is; the command line turns that into its exit code.
public enum StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Nothing exists at the path (66).
    case missingPath(String)
    /// A folder without `default.store` in it (66); `otherStores` lists `*.store` files found instead.
    case folderWithoutStore(folder: String, otherStores: [String])
    /// The path is neither a file nor a folder (a device, a socket, …) (66).
    case notARegularFile(String, kind: String)
    /// The file is empty (65).
    case emptyFile(String)
    /// The file does not start with SQLite's header (65); `found` describes what it starts with.
    case notSQLite(String, found: String)
    /// An SQLite database, but not the ParPair app's (65); `tables` lists what it holds.
    case notParPairStore(String, tables: [String])
    /// The file is shorter than its header says (65).
    case truncated(String, detail: String)
    /// SQLite found the file damaged (65).
    case corrupt(String, detail: String)
    /// The file or folder cannot be read: permission (66) or another I/O failure (74).
    case unreadable(String, reason: String, permission: Bool)
    /// Another process holds a lock SQLite could not get past (74).
    case locked(String, detail: String)
    /// The store kept changing while it was copied to a private snapshot (74).
    case changedDuringCopy(String, attempts: Int)
    /// The private snapshot could not be written (74): the scratch folder is full or not writable.
    case snapshotFailed(String, reason: String)
    /// A table the model needs is missing (65).
    case missingTable(String, table: String, entity: String)
    /// An entity's table is a view or a virtual table, not the table SwiftData writes (65).
    case notATable(String, table: String, kind: String)
    /// A column the model needs is a generated column: SQLite computes it, the app never wrote it (65).
    case generatedColumn(String, table: String, column: String)
    /// A column the model needs is missing (65); `available` lists the table's columns.
    case missingColumn(String, table: String, column: String, property: String, available: [String])
    /// A value that cannot be decoded (65): NULL where required, text in a date column, ….
    case badValue(String, table: String, column: String, rowID: Int64, problem: String)
    /// A value longer than SQLite's length limit (65). A log stream passes over such rows (listing each),
    /// so this is the failure of a read that cannot leave a row out.
    case oversizedValue(String, detail: String)
    /// Another SQLite failure while reading.
    case sqlite(String, detail: String, kind: Kind)
    /// The output file of the store writer exists already (73).
    case outputExists(String)
    /// The store writer could not create its output (73).
    case cannotCreate(String, reason: String)
    /// A bug of ours (70).
    case `internal`(String)

    /// What sort of failure an error is.
    public enum Kind: Sendable, Hashable {
        /// The input is not there or cannot be opened (sysexits 66).
        case missingInput
        /// The input is there but wrong: not a store, damaged, a bad value (65).
        case badData
        /// Reading or copying failed, or the store kept changing (74).
        case ioFailure
        /// The store writer cannot create its output (73).
        case cannotCreate
        /// A bug of ours (70).
        case internalFailure
        /// Memory ran out (71).
        case outOfMemory
    }

    public var kind: Kind {
        switch self {
        case .missingPath, .folderWithoutStore, .notARegularFile: .missingInput
        case .emptyFile, .notSQLite, .notParPairStore, .truncated, .corrupt: .badData
        case .unreadable(_, _, let permission): permission ? .missingInput : .ioFailure
        case .locked, .changedDuringCopy, .snapshotFailed: .ioFailure
        case .missingTable, .missingColumn, .badValue, .notATable, .generatedColumn, .oversizedValue: .badData
        case .sqlite(_, _, let kind): kind
        case .outputExists, .cannotCreate: .cannotCreate
        case .internal: .internalFailure
        }
    }

    /// The file or folder the error is about, if any.
    public var path: String? {
        switch self {
        case .missingPath(let path), .notARegularFile(let path, _), .emptyFile(let path), .outputExists(let path):
            path
        case .folderWithoutStore(let folder, _): folder
        case .notSQLite(let path, _), .notParPairStore(let path, _), .truncated(let path, _), .corrupt(let path, _),
             .unreadable(let path, _, _), .locked(let path, _), .changedDuringCopy(let path, _), .snapshotFailed(let path, _),
             .missingTable(let path, _, _), .missingColumn(let path, _, _, _, _), .badValue(let path, _, _, _, _),
             .notATable(let path, _, _), .generatedColumn(let path, _, _),
             .sqlite(let path, _, _), .cannotCreate(let path, _), .oversizedValue(let path, _):
            path
        case .internal: nil
        }
    }

    public var description: String {
        switch self {
        case .missingPath(let path):
            return "\(path): no such file or folder"
        case .folderWithoutStore(let folder, let others):
            let hint = others.isEmpty ? "" : " (it holds \(StoreError.list(others)); pass one of them as the store file)"
            return "\(folder): folder holds no default.store\(hint)"
        case .notARegularFile(let path, let kind):
            return "\(path): a \(kind), not a store file (nor a folder holding one); nothing was read from it"
        case .emptyFile(let path):
            return "\(path): empty file (0 bytes), not a store"
        case .notSQLite(let path, let found):
            return "\(path): not an SQLite database (it starts with \(found))"
        case .notParPairStore(let path, let tables):
            let found = tables.isEmpty ? "no tables" : "tables \(StoreError.list(tables))"
            return "\(path): an SQLite database, but not a ParPair store: expected tables ZBABY and ZFOODLOG "
                + "(entities Baby and FoodLog in Z_PRIMARYKEY), found \(found)"
        case .truncated(let path, let detail):
            return "\(path): truncated store: \(detail)"
        case .corrupt(let path, let detail):
            return "\(path): damaged store: \(detail)"
        case .unreadable(let path, let reason, _):
            return "\(path): cannot read: \(reason)"
        case .locked(let path, let detail):
            return "\(path): locked by another process: \(detail)"
        case .changedDuringCopy(let path, let attempts):
            return "\(path): the store kept changing while it was copied (\(attempts) attempts); "
                + "close the app or copy the folder first"
        case .snapshotFailed(let path, let reason):
            return "\(path): cannot make a private copy of the store: \(reason)"
        case .missingTable(let path, let table, let entity):
            return "\(path): table \(table) (entity \(entity)) is missing"
        case .notATable(let path, let table, let kind):
            return "\(path): \(table) is \(kind == "index" ? "an" : "a") \(kind), not a table; SwiftData writes ParPair's logs to a table of that name"
        case .generatedColumn(let path, let table, let column):
            return "\(path): column \(column) of table \(table) is a generated column, computed by SQLite rather than "
                + "written by the app; this is not a store ParPair wrote"
        case .missingColumn(let path, let table, let column, let property, let available):
            return "\(path): table \(table) has no column \(column) (property \(property)); "
                + "its columns are \(StoreError.list(available))"
        case .badValue(let path, let table, let column, let rowID, let problem):
            return "\(path): table \(table), column \(column), row Z_PK \(rowID): \(problem)"
        case .sqlite(let path, let detail, _):
            return "\(path): \(detail)"
        case .oversizedValue(let path, let detail):
            return "\(path): it holds a value longer than \(StoreError.valueLimitText), the most this tool reads (\(detail))"
        case .outputExists(let path):
            return "\(path): exists already; the store writer never overwrites a file"
        case .cannotCreate(let path, let reason):
            return "\(path): cannot create: \(reason)"
        case .internal(let detail):
            return "internal error: \(detail)"
        }
    }

    static func list(_ names: [String], limit: Int = 12) -> String {
        let shown = names.prefix(limit).joined(separator: ", ")
        return names.count > limit ? "\(shown), … (\(names.count) in all)" : shown
    }

    /// Maps a failure reported by SQLite while reading `path`.
    static func reading(_ path: String, _ error: SQLiteError) -> StoreError {
        let detail = "\(error.message) (SQLite \(error.extendedCode))"
        switch error.category {
        case .corrupt: return .corrupt(path, detail: detail)
        case .notADatabase: return .notSQLite(path, found: "an unreadable header: \(error.message)")
        case .busy: return .locked(path, detail: detail)
        case .permission: return .unreadable(path, reason: detail, permission: true)
        case .cantOpen: return .unreadable(path, reason: detail, permission: false)
        case .ioError: return .unreadable(path, reason: detail, permission: false)
        case .tooBig: return .oversizedValue(path, detail: detail)
        case .noMemory: return .sqlite(path, detail: "out of memory while reading it (\(detail))", kind: .outOfMemory)
        default: return .sqlite(path, detail: error.description, kind: .internalFailure)
        }
    }

    /// `64 MiB`: the longest text or BLOB a store's value may be (`Database.UntrustedFileLimits`).
    static let valueLimitText = "\(Database.UntrustedFileLimits().maximumValueBytes >> 20) MiB"

    /// Text from a store, quoted and cut short for a one-line message (escaped by ``PrintableText``).
    static func quoted(_ text: String, limit: Int = 40) -> String {
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: text.unicodeScalars.prefix(limit))
        return "'" + PrintableText.escaped(String(cut)) + (text.unicodeScalars.count > limit ? "…" : "") + "'"
    }
}
