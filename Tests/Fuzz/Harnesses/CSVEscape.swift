import Mustache

/// Harness `csv-escape`: the first byte's lowest bit says whether formulas are guarded; the other bytes
/// are a table, rows separated by 0xFE and fields by 0xFF (bytes that never occur in UTF-8), each field
/// read as UTF-8 (lossy). Every field goes through ``CSVEscaping/field(_:guardingFormulas:)``; fields are
/// joined with commas and rows with CRLF, and the text is read back with a strict RFC 4180 reader.
///
/// Properties:
/// - the text is strict RFC 4180 with the same number of rows and fields;
/// - each field reads back as the original bytes, or, when guarding, as `'` + the original exactly when
///   the original starts like a formula (per the documented rule, reimplemented here);
/// - when guarding, no field as read back starts (after spaces) with `=` `+` `-` `@` tab CR LF or NUL unless
///   it is a plain negative number, and no escaped field's text starts with one of them;
/// - an unquoted field holds none of `,` `"` CR LF `;` tab.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    guard let options = input.bytes.first else { return 0 }
    let guarding = options & 1 == 1
    let table: [[String]] = input.bytes.dropFirst()
        .split(separator: 0xFE, omittingEmptySubsequences: false)
        .map { row in
            row.split(separator: 0xFF, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
    let escaped = table.map { row in row.map { CSVEscaping.field($0, guardingFormulas: guarding) } }
    let document = escaped.map { $0.joined(separator: ",") }.joined(separator: "\r\n")

    guard let records = RFC4180Parser.records(document) else {
        input.violated("not strict RFC 4180: \(document.debugDescription)")
    }
    guard records.count == table.count else {
        input.violated("\(table.count) rows written, \(records.count) read back from \(document.debugDescription)")
    }
    for (rowIndex, row) in table.enumerated() {
        guard records[rowIndex].count == row.count else {
            input.violated("row \(rowIndex): \(row.count) fields written, \(records[rowIndex].count) read back")
        }
        for (fieldIndex, original) in row.enumerated() {
            let field = escaped[rowIndex][fieldIndex]
            let readBack = records[rowIndex][fieldIndex]
            let expectGuard = guarding && FormulaRule.startsLikeFormula(Array(original.utf8))
            let expected = (expectGuard ? [UInt8(ascii: "'")] : []) + Array(original.utf8)
            guard readBack == expected else {
                input.violated("""
                    field \(original.debugDescription) escaped as \(field.debugDescription) reads back as \
                    \(String(decoding: readBack, as: UTF8.self).debugDescription), expected \
                    \(String(decoding: expected, as: UTF8.self).debugDescription)
                    """)
            }
            if guarding {
                guard !FormulaRule.startsLikeFormula(readBack), !FormulaRule.startsWithTrigger(Array(field.utf8))
                        || FormulaRule.isPlainNegativeNumber(Array(field.utf8)) else {
                    input.violated("field \(original.debugDescription) escaped as \(field.debugDescription) can run as a formula")
                }
            }
            if field.utf8.first != UInt8(ascii: "\"") {
                let separators: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0D, 0x0A, UInt8(ascii: ";"), 0x09]
                guard !field.utf8.contains(where: separators.contains) else {
                    input.violated("unquoted field \(field.debugDescription) holds a separator")
                }
            }
        }
    }
    return 0
}
