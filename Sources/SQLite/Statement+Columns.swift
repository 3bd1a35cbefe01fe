import CSQLite

extension Statement {
    /// The number of columns in a result row.
    public var columnCount: Int32 {
        rawHandle.map { sqlite3_column_count($0) } ?? 0
    }

    /// A result column's name (`AS` alias or column name).
    public func columnName(_ index: Int32) -> String {
        guard let handle = rawHandle, let name = sqlite3_column_name(handle, index) else { return "" }
        return String(cString: name)
    }

    /// All result column names in order.
    public var columnNames: [String] {
        (0..<columnCount).map { columnName($0) }
    }

    /// The storage class of a column in the current row (`.null` for an index out of range).
    public func columnType(_ index: Int32) -> ColumnType { cell(index).type }

    /// True when the column is NULL in the current row.
    public func isNull(_ index: Int32) -> Bool {
        columnType(index) == .null
    }

    /// The value as an integer: INTEGER as is, a whole REAL converted exactly; nil for NULL, TEXT,
    /// BLOB and REALs that are not whole numbers in range.
    public func int64(_ index: Int32) -> Int64? { cell(index).int64 }

    /// The value as a Double for INTEGER and REAL (±infinity included); nil for NULL, TEXT, BLOB.
    public func double(_ index: Int32) -> Double? { cell(index).double }

    /// The value as text: TEXT decoded as UTF-8 (invalid bytes become U+FFFD, never a trap),
    /// INTEGER and REAL as SQLite renders them; nil for NULL and BLOB.
    public func text(_ index: Int32) -> String? { cell(index).text }

    /// True when a TEXT value is valid UTF-8 (`text(_:)` repairs invalid bytes); false for other classes.
    public func textIsValidUTF8(_ index: Int32) -> Bool {
        withTextBytes(index) { bytes in
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        } ?? false
    }

    /// The raw UTF-8 bytes of a TEXT value (no copy, no validation), or nil for any other class.
    /// The buffer is valid only inside `body`.
    public func withTextBytes<Result>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        try cell(index).withTextBytes(body)
    }

    /// The bytes of a BLOB (no copy), or nil for any other class. Valid only inside `body`.
    public func withBlobBytes<Result>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result? {
        try cell(index).withBlobBytes(body)
    }

    /// The bytes of a BLOB or TEXT value; nil for NULL, INTEGER and REAL.
    public func blob(_ index: Int32) -> [UInt8]? {
        let cell = cell(index)
        return cell.withBlobBytes { Array($0) } ?? cell.withTextBytes { Array($0) }
    }

    /// The value with its storage class.
    public func value(at index: Int32) -> SQLiteValue {
        let cell = cell(index)
        switch cell.type {
        case .null: return .null
        case .integer: return .integer(cell.int64 ?? 0)
        case .real: return .real(cell.double ?? 0)
        case .text: return .text(cell.text ?? "")
        case .blob: return .blob(cell.withBlobBytes { Array($0) } ?? [])
        }
    }
}

/// One column of the current row, fetched with a single `sqlite3_column_value` call: its storage class
/// and its value are then read from SQLite's value directly. Each `sqlite3_column_*` call enters and
/// leaves the statement's bookkeeping anew, so a type and a value cost two of them (a BLOB or TEXT,
/// with its length, three); over a million rows of nine columns that is a visible part of a scan.
///
/// Valid only until the statement steps, resets or is finalized, and only on the thread using the
/// statement (SQLite calls such a value unprotected).
public struct Cell {
    private let value: OpaquePointer?
    /// The storage class (`.null` for an index out of range).
    public let type: ColumnType

    init(_ value: OpaquePointer?) {
        self.value = value
        guard let value else {
            type = .null
            return
        }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: type = .integer
        case SQLITE_FLOAT: type = .real
        case SQLITE_TEXT: type = .text
        case SQLITE_BLOB: type = .blob
        default: type = .null
        }
    }

    /// INTEGER as is, a whole REAL converted exactly; nil for NULL, TEXT, BLOB and REALs that are not whole
    /// numbers in range.
    public var int64: Int64? {
        switch type {
        case .integer: sqlite3_value_int64(value)
        case .real: Int64(exactly: sqlite3_value_double(value))
        case .null, .text, .blob: nil
        }
    }

    /// INTEGER and REAL as a Double (±infinity included); nil for NULL, TEXT and BLOB.
    public var double: Double? {
        switch type {
        case .integer, .real: sqlite3_value_double(value)
        case .null, .text, .blob: nil
        }
    }

    /// TEXT decoded as UTF-8 (invalid bytes become U+FFFD, never a trap), INTEGER and REAL as SQLite
    /// renders them; nil for NULL and BLOB.
    public var text: String? {
        switch type {
        case .text, .integer, .real:
            let bytes = sqlite3_value_text(value)
            let count = Int(sqlite3_value_bytes(value))
            guard let bytes, count > 0 else { return "" }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        case .null, .blob:
            return nil
        }
    }

    /// The raw UTF-8 bytes of a TEXT value (no copy, no validation), or nil for any other class.
    public func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        guard type == .text else { return nil }
        let bytes = sqlite3_value_text(value)
        let count = Int(sqlite3_value_bytes(value))
        return try body(UnsafeBufferPointer(start: count > 0 ? bytes : nil, count: bytes == nil ? 0 : count))
    }

    /// Where this TEXT value's bytes first appear among `candidates`, compared in place (no String is made): the
    /// index of the first candidate of the same length and bytes; nil when none is, or for any other class.
    public func textIndex(in candidates: [[UInt8]]) -> Int? {
        withTextBytes { text -> Int? in
            for (index, candidate) in candidates.enumerated() where candidate.count == text.count {
                if candidate.elementsEqual(text) { return index }
            }
            return nil
        } ?? nil
    }

    /// The bytes of a BLOB (no copy), or nil for any other class.
    public func withBlobBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result? {
        guard type == .blob else { return nil }
        let bytes = sqlite3_value_blob(value)
        let count = Int(sqlite3_value_bytes(value))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? bytes : nil, count: bytes == nil ? 0 : count))
    }
}

extension Statement {
    /// Column `index` of the current row, for reading its type and value with one call into SQLite.
    public func cell(_ index: Int32) -> Cell {
        Cell(rawHandle.flatMap { sqlite3_column_value($0, index) })
    }
}
