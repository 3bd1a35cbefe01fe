import Foundation

/// Facts about a store for `parpair-report info`: babies, rows, time span, layout, WAL, warnings.
///
/// Codable with stable keys (the property names). Encode with `jsonData()` (ISO 8601 dates, sorted
/// keys) for `info --json`.
public struct StoreInfo: Sendable, Hashable, Codable {
    /// The path as given.
    public var path: String
    /// The main store file that was read.
    public var storeFile: String
    /// SQLite's version of the library that read it.
    public var sqliteVersion: String
    /// `NSPersistenceFrameworkVersion` from `Z_METADATA` (1327 ≈ iOS 17, 14xx ≈ iOS 18), when present.
    public var frameworkVersion: Int?
    /// Entity names from `Z_PRIMARYKEY`, in `Z_ENT` order.
    public var entities: [String]
    /// True when the file's header says journal_mode=wal (as SwiftData leaves it).
    public var journalModeWAL: Bool
    /// The `-wal` file as copied, or nil when there was none.
    public var wal: WALInspection?
    /// True when a `-shm` file sat beside the store (never read, never copied).
    public var shmPresent: Bool
    /// The babies, by birthday then name.
    public var babies: [BabyFacts]
    /// One entry per log table (food, sleep, diaper, activity), present or not.
    public var tables: [TableFacts]
    /// Logs of all kinds.
    public var totalLogs: Int
    /// The earliest and latest log start over all tables (a diaper's time), nil without logs.
    public var firstLogTime: Date?
    public var lastLogTime: Date?
    /// Logs that belong to no existing baby (NULL or dangling `ZBABY`), over all tables.
    public var orphanLogs: Int
    /// Things a person should know, one sentence each.
    public var warnings: [String]
    /// The device backup the store was restored from; nil (and absent from JSON) for a store read directly.
    public var source: BackupOrigin?

    public init(
        path: String, storeFile: String, sqliteVersion: String, frameworkVersion: Int?, entities: [String],
        journalModeWAL: Bool, wal: WALInspection?, shmPresent: Bool, babies: [BabyFacts], tables: [TableFacts],
        totalLogs: Int, firstLogTime: Date?, lastLogTime: Date?, orphanLogs: Int, warnings: [String]
    ) {
        self.path = path
        self.storeFile = storeFile
        self.sqliteVersion = sqliteVersion
        self.frameworkVersion = frameworkVersion
        self.entities = entities
        self.journalModeWAL = journalModeWAL
        self.wal = wal
        self.shmPresent = shmPresent
        self.babies = babies
        self.tables = tables
        self.totalLogs = totalLogs
        self.firstLogTime = firstLogTime
        self.lastLogTime = lastLogTime
        self.orphanLogs = orphanLogs
        self.warnings = warnings
    }

    /// The facts of one kind's table.
    public func table(_ table: String) -> TableFacts? {
        tables.first { $0.table == table }
    }

    /// Dates in JSON: UTC ISO 8601 with milliseconds, `2024-06-01T12:05:30.250Z`.
    static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// An encoder for `info --json`: ISO 8601 UTC dates with milliseconds, sorted keys, pretty printed.
    public static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(StoreInfo.timestampStyle))
        }
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The matching decoder.
    public static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = try? StoreInfo.timestampStyle.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
            }
            return date
        }
        return decoder
    }

    /// This value as JSON for `info --json`.
    public func jsonData() throws -> Data {
        try StoreInfo.jsonEncoder().encode(self)
    }
}
