/// A small, strict RFC 4180 reader for checking what the CSV escaping writes.
///
/// Records end with CRLF or LF; a final line break is optional. A quoted field may hold commas, quotes
/// (doubled) and line breaks; an unquoted field may not hold a quote. Anything else is `Malformed`.
enum RFC4180Reader {
    struct Malformed: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static func records(_ text: String) throws -> [[String]] {
        let scalars = Array(text.unicodeScalars)
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var index = 0
        var fieldStarted = false  // something (even "") was read for the current record

        func endField() {
            record.append(String(field))
            field = String.UnicodeScalarView()
        }

        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" && field.isEmpty {
                // Quoted field.
                index += 1
                var closed = false
                while index < scalars.count {
                    if scalars[index] == "\"" {
                        if index + 1 < scalars.count && scalars[index + 1] == "\"" {
                            field.append("\"")
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    field.append(scalars[index])
                    index += 1
                }
                guard closed else { throw Malformed(message: "unterminated quoted field") }
                fieldStarted = true
                guard index == scalars.count || scalars[index] == "," || scalars[index] == "\n" || scalars[index] == "\r" else {
                    throw Malformed(message: "text after closing quote at scalar \(index)")
                }
                continue
            }
            switch scalar {
            case ",":
                endField()
                fieldStarted = true
                index += 1
            case "\r" where index + 1 < scalars.count && scalars[index + 1] == "\n", "\n":
                endField()
                records.append(record)
                record = []
                fieldStarted = false
                index += scalar == "\r" ? 2 : 1
            case "\"":
                throw Malformed(message: "quote inside unquoted field at scalar \(index)")
            default:
                field.append(scalar)
                fieldStarted = true
                index += 1
            }
        }
        if fieldStarted || !field.isEmpty || !record.isEmpty {
            endField()
            records.append(record)
        }
        return records
    }
}
