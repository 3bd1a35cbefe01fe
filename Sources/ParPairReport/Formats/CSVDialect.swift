/// How CSV is written (`--csv-dialect`): RFC 4180, the machine contract, or what Excel opens right.
///
/// - `rfc4180`: UTF-8 without a byte-order mark, `,` between cells, `.` decimal point, CRLF.
/// - `excel`: the same with a UTF-8 byte-order mark, so Excel on Windows reads "Léo" and not "LÃ©o".
/// - `excel-semicolon`: the byte-order mark, `;` between cells and a decimal comma, as Excel expects where
///   the list separator is `;` (Germany, France, Spain, …). Dates stay ISO 8601.
/// The formula guard of RFC 4180 output carries over: a guarded cell keeps its apostrophe, and only plain
/// numbers get the decimal comma.
public enum CSVDialect: String, Sendable, CaseIterable {
    case rfc4180
    case excel
    case excelSemicolon = "excel-semicolon"

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// RFC 4180 text (as the templates write it) in this dialect.
    public func convert(_ text: String) -> [UInt8] {
        switch self {
        case .rfc4180: return Array(text.utf8)
        case .excel: return Self.byteOrderMark + Array(text.utf8)
        case .excelSemicolon:
            var output = Self.byteOrderMark
            output.reserveCapacity(text.utf8.count + 3)
            for record in Self.records(Array(text.utf8)) {
                for (index, field) in record.fields.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ";")) }
                    output += Self.semicolonField(field.value, wasQuoted: field.quoted)
                }
                output += record.terminator
            }
            return output
        }
    }

    /// A cell for `;`-separated CSV: a plain decimal number gets a comma; a cell holding `;`, `"`, CR or LF
    /// (or quoted before) is quoted.
    static func semicolonField(_ value: [UInt8], wasQuoted: Bool) -> [UInt8] {
        if isPlainDecimal(value) {
            return value.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: ",") : $0 }
        }
        let needsQuotes = wasQuoted || value.contains { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }
        guard needsQuotes else { return value }
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        for byte in value {
            if byte == UInt8(ascii: "\"") { quoted.append(byte) }
            quoted.append(byte)
        }
        quoted.append(UInt8(ascii: "\""))
        return quoted
    }

    /// `-12.50`, `3.0`: digits with one decimal point, maybe a leading minus.
    static func isPlainDecimal(_ value: [UInt8]) -> Bool {
        var digits = value[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard let point = digits.firstIndex(of: UInt8(ascii: ".")), point > digits.startIndex, point < digits.endIndex - 1 else {
            return false
        }
        return digits.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") }
            && digits.filter { $0 == UInt8(ascii: ".") }.count == 1
    }

    struct Field {
        var value: [UInt8]
        var quoted: Bool
    }

    struct Record {
        var fields: [Field]
        var terminator: [UInt8]
    }

    /// RFC 4180 records, each with the line break that ended it (none for a last line without one).
    static func records(_ bytes: [UInt8]) -> [Record] {
        var records: [Record] = []
        var fields: [Field] = []
        var value: [UInt8] = []
        var quoted = false
        var inQuotes = false
        var index = 0
        func endField() {
            fields.append(Field(value: value, quoted: quoted))
            value = []
            quoted = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        value.append(byte)
                        index += 2
                        continue
                    }
                    inQuotes = false
                } else {
                    value.append(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inQuotes = true
                quoted = true
                index += 1
            case UInt8(ascii: ","):
                endField()
                index += 1
            case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                endField()
                records.append(Record(fields: fields, terminator: [0x0D, 0x0A]))
                fields = []
                index += 2
            case 0x0A:
                endField()
                records.append(Record(fields: fields, terminator: [0x0A]))
                fields = []
                index += 1
            default:
                value.append(byte)
                index += 1
            }
        }
        if !value.isEmpty || quoted || !fields.isEmpty {
            endField()
            records.append(Record(fields: fields, terminator: []))
        }
        return records
    }
}
