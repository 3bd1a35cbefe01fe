/// A strict RFC 4180 reader for the `csv-escape` harness: records end at CRLF, fields are separated by
/// commas, a field is either quoted (`"…"`, with `""` for a quote inside) or holds no comma, quote, CR or LF.
///
/// Anything else (a bare CR or LF outside quotes, a quote inside an unquoted field, text after a closing
/// quote, an unterminated quoted field) is malformed: the reader returns nil rather than guessing.
/// The text `""` is one record with one empty field, and a document ending in CRLF ends with one such record.
enum RFC4180Parser {
    /// The records of `text`, each a list of fields as UTF-8 bytes, or nil when it is not strict RFC 4180.
    static func records(_ text: String) -> [[[UInt8]]]? {
        let bytes = Array(text.utf8)
        var records: [[[UInt8]]] = []
        var record: [[UInt8]] = []
        var index = 0
        while true {
            var field: [UInt8] = []
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while true {
                    guard index < bytes.count else { return nil }  // unterminated
                    if bytes[index] == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                            field.append(UInt8(ascii: "\""))
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    field.append(bytes[index])
                    index += 1
                }
            } else {
                while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != 0x0D {
                    if bytes[index] == UInt8(ascii: "\"") || bytes[index] == 0x0A { return nil }
                    field.append(bytes[index])
                    index += 1
                }
            }
            record.append(field)
            if index == bytes.count {
                records.append(record)
                return records
            }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                records.append(record)
                record = []
                index += 2
            default:
                return nil  // a bare CR, or text after a closing quote
            }
        }
    }
}
