/// A strict RFC 4180 reader, written for the tests (the code under test only writes CSV).
///
/// Records end with CRLF (the last one may lack it); a field is either plain (no `"`, CR or LF) or
/// enclosed in `"` with inner quotes doubled, and may then hold commas, CR and LF. Anything else,
/// including a bare LF between records, is an error: the writer promises RFC 4180, so a test
/// should not quietly accept less.
struct CSVTable {
    struct ParseError: Error, CustomStringConvertible {
        var record: Int
        var message: String
        var description: String { "CSV record \(record): \(message)" }
    }

    /// Every record, the header first.
    let records: [[String]]

    var header: [String] { records.first ?? [] }
    var rows: ArraySlice<[String]> { records.dropFirst() }

    init(parsing text: String) throws {
        // The structure is ASCII, so UTF-8 bytes can be split without decoding every character.
        let bytes = Array(text.utf8)
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var index = 0
        var fieldStarted = false

        func fail(_ message: String) -> ParseError { ParseError(record: records.count + 1, message: message) }
        func finishField() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if !fieldStarted && byte == quote {
                // A quoted field: up to the closing quote, then a comma, CRLF or the end.
                index += 1
                while true {
                    guard index < bytes.count else { throw fail("a quoted field is not closed") }
                    if bytes[index] == quote {
                        if index + 1 < bytes.count, bytes[index + 1] == quote {
                            field.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    field.append(bytes[index])
                    index += 1
                }
                fieldStarted = true
                guard index == bytes.count || bytes[index] == comma || bytes[index] == cr else {
                    throw fail("byte \(bytes[index]) after a closing quote")
                }
                continue
            }
            switch byte {
            case comma:
                finishField()
                fieldStarted = false
                index += 1
            case cr:
                guard index + 1 < bytes.count, bytes[index + 1] == lf else {
                    throw fail("a carriage return outside quotes not followed by a line feed")
                }
                finishField()
                records.append(record)
                record = []
                fieldStarted = false
                index += 2
            case lf:
                throw fail("a bare line feed outside quotes (records end with CRLF)")
            case quote:
                throw fail("a quote inside an unquoted field")
            default:
                field.append(byte)
                fieldStarted = true
                index += 1
            }
        }
        if fieldStarted || !record.isEmpty {
            finishField()
            records.append(record)
        }
        self.records = records
    }

    /// The rows as dictionaries keyed by the header's names.
    var namedRows: [[String: String]] {
        rows.map { row in
            Dictionary(zip(header, row).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
