import Foundation
import ParPairModel
import SQLite

/// Reads typed values from the current row of a statement; every failure names the table, the
/// column and the row's `Z_PK`. Nothing here allocates for the common cases (numbers, UUIDs,
/// known enum values), and each column is fetched from SQLite once (`Statement.cell(_:)`).
/// Messages about a bad value read the column again (`describe(_:)`): only the good path is lean.
struct RowReader {
    let statement: Statement
    let table: String
    let storePath: String

    /// Dates outside years 0001–9999 are rejected: nothing downstream can place them on a calendar.
    static let earliestDate = -63_113_904_000.0  // 0001-01-01T00:00:00Z
    static let latestDate = 252_423_993_599.0    // 9999-12-31T23:59:59Z

    /// The row's `Z_PK` (result column 0).
    func rowID() throws -> Int64 {
        if let value = statement.cell(0).int64 { return value }
        throw StoreError.badValue(storePath, table: table, column: StoreSchema.rowIDColumn, rowID: 0,
                                  problem: "Z_PK is \(describe(0)), expected an integer")
    }

    func uuid(_ field: Field) throws -> UUID {
        guard let index = field.index else { throw missing(field) }
        let cell = statement.cell(index)
        if let id = RowReader.uuid(cell) { return id }
        if cell.type == .null { throw null(field) }
        throw bad(field, "holds \(describe(index)), expected a 16-byte UUID BLOB")
    }

    /// The UUID a 16-byte BLOB holds; nil for anything else.
    static func uuid(_ cell: Cell) -> UUID? {
        let value = cell.withBlobBytes { bytes -> UUID? in
            guard bytes.count == 16 else { return nil }
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
        return value.flatMap { $0 }
    }

    func date(_ field: Field) throws -> Date {
        guard let date = try optionalDate(field) else { throw null(field) }
        return date
    }

    func optionalDate(_ field: Field) throws -> Date? {
        guard let index = field.index else { return nil }
        let cell = statement.cell(index)
        switch cell.type {
        case .integer, .real:
            let seconds = cell.double ?? .nan
            guard seconds.isFinite, seconds >= RowReader.earliestDate, seconds <= RowReader.latestDate else {
                throw bad(field, "holds \(seconds), which is not a date between the years 0001 and 9999 "
                    + "(seconds since 2001-01-01)")
            }
            return Date(timeIntervalSinceReferenceDate: seconds)
        case .null:
            return nil
        case .text, .blob:
            throw bad(field, "holds \(describe(index)), expected a date (seconds since 2001-01-01 as a number)")
        }
    }

    /// Text; NULL is nil (the caller applies the property's nullability).
    func optionalText(_ field: Field) throws -> String? {
        guard let index = field.index else { return nil }
        let cell = statement.cell(index)
        switch cell.type {
        case .text, .integer, .real: return cell.text ?? ""
        case .null: return nil
        case .blob: throw bad(field, "holds \(describe(index)), expected text")
        }
    }

    /// Text for a non-optional `String` property: NULL is an error when required, `""` when the
    /// mapping says `emptyWhenNull`.
    func string(_ field: Field) throws -> String {
        if let text = try optionalText(field) { return text }
        if field.nullability == .required { throw null(field) }
        return ""
    }

    func optionalDouble(_ field: Field) throws -> Double? {
        guard let index = field.index else { return nil }
        let cell = statement.cell(index)
        switch cell.type {
        case .integer, .real: return cell.double
        case .null: return nil
        case .text, .blob: throw bad(field, "holds \(describe(index)), expected a number")
        }
    }

    func babyReference(_ field: Field, babies: BabyRowIDs) throws -> BabyReference {
        guard let index = field.index else { return .none }
        let cell = statement.cell(index)
        switch cell.type {
        case .null:
            return .none
        case .integer, .real:
            guard let rowID = cell.int64 else {
                throw bad(field, "holds \(describe(index)), expected a baby's Z_PK")
            }
            if let id = babies[rowID] { return .baby(id: id) }
            return .dangling(rowID: rowID)
        case .text, .blob:
            throw bad(field, "holds \(describe(index)), expected a baby's Z_PK")
        }
    }

    /// An enumeration in either layout; nil when NULL (or every case column is NULL).
    func optionalEnumeration<Value: AppEnumeration>(_ column: EnumColumn<Value>) throws -> Value? {
        switch column.source {
        case .absent:
            return nil
        case .rawValue(let index):
            let cell = statement.cell(index)
            if cell.type == .null { return nil }
            return try enumText(index, cell, column: column, matcher: column.rawValues) { Value(rawValue: $0) }
        case .perCase(let cases):
            for entry in cases {
                let cell = statement.cell(entry.index)
                if cell.type == .null { continue }
                return try enumText(entry.index, cell, column: column, matcher: column.caseNames) { Value(caseName: $0) }
            }
            return nil
        }
    }

    func enumeration<Value: AppEnumeration>(_ column: EnumColumn<Value>) throws -> Value {
        if let value = try optionalEnumeration(column) { return value }
        // Per case, every known case column NULL: the value sits in a column of a case a newer app added.
        // Kept as an unknown value (counted under "other" and listed), never the store's failure.
        if case .perCase = column.source { return Value.unknown(RowReader.newerCaseText) }
        throw StoreError.badValue(storePath, table: table, column: column.columnDescription, rowID: (try? rowID()) ?? 0,
                                  problem: "is NULL, but \(column.property) is required")
    }

    private func enumText<Value: AppEnumeration>(
        _ index: Int32, _ cell: Cell, column: EnumColumn<Value>, matcher: EnumColumn<Value>.Known,
        decode: (String) -> Value
    ) throws -> Value {
        if let value = matcher.value(of: cell) { return value }
        switch cell.type {
        case .blob:
            throw StoreError.badValue(storePath, table: table, column: statement.columnName(index),
                                      rowID: (try? rowID()) ?? 0,
                                      problem: "holds \(describe(index)), expected the text of \(column.typeName)")
        default:
            return decode(cell.text ?? "")
        }
    }

    // MARK: - Messages

    /// A value for a message: `text 'yesterday'`, `a BLOB of 5 bytes`, `integer 7`, `NULL`.
    /// The unknown value of a per-case enumeration whose known case columns are all NULL.
    static let newerCaseText = "a case this tool does not know (a newer app's)"

    func describe(_ index: Int32) -> String {
        switch statement.columnType(index) {
        case .null: return "NULL"
        case .integer: return "integer \(statement.int64(index) ?? 0)"
        case .real: return "real \(statement.double(index) ?? 0)"
        case .text: return "text \(StoreError.quoted(statement.text(index) ?? ""))"
        case .blob: return "a BLOB of \(statement.blob(index)?.count ?? 0) bytes"
        }
    }

    private func bad(_ field: Field, _ problem: String) -> StoreError {
        StoreError.badValue(storePath, table: table, column: field.column, rowID: (try? rowID()) ?? 0, problem: problem)
    }

    private func null(_ field: Field) -> StoreError {
        bad(field, "is NULL, but \(field.property) is required")
    }

    private func missing(_ field: Field) -> StoreError {
        .internal("\(table).\(field.column) was not selected")
    }
}
