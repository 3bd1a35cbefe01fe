/// Quoted-printable body encoding (RFC 2045 §6.7) for text that already uses CRLF line breaks.
///
/// Beyond the RFC's rules, the encoder also protects the body against common transport mangling:
/// a `.` or the `F` of `From ` at the start of a line is encoded, so neither `sendmail` without `-i`
/// (which ends input at a lone `.`) nor mbox `From ` escaping can change the message.
enum QuotedPrintable {
    /// The longest encoded line, not counting CRLF (RFC 2045 §6.7 rule 5).
    static let maximumLineLength = 76

    /// Encodes `bytes`. CRLF pairs become hard line breaks; every other byte is literal or `=XX`.
    ///
    /// Bare CR or LF bytes are encoded as `=0D` / `=0A`, so callers normalize line breaks first.
    /// The result's lines each end in CRLF and are at most ``maximumLineLength`` characters long.
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var lineStart = 0
        var index = 0
        while index <= bytes.count {
            let atBreak = index == bytes.count
                || (bytes[index] == 0x0d && index + 1 < bytes.count && bytes[index + 1] == 0x0a)
            if atBreak {
                encodeLine(bytes[lineStart..<index], into: &output)
                if index == bytes.count { break }
                index += 2
                lineStart = index
            } else {
                index += 1
            }
        }
        return output
    }

    /// Encodes one line (no CRLF inside), folding it with soft line breaks; appends the final CRLF.
    private static func encodeLine(_ line: ArraySlice<UInt8>, into output: inout [UInt8]) {
        var column = 0
        for index in line.indices {
            let byte = line[index]
            let isLast = index == line.endIndex - 1
            // Keep room for the soft break "=" unless this is the line's last byte.
            let limit = isLast ? maximumLineLength : maximumLineLength - 1
            if column > 0, column + (needsEscape(byte, isLast: isLast) ? 3 : 1) > limit {
                output.append(contentsOf: [UInt8(ascii: "="), 0x0d, 0x0a])
                column = 0
            }
            let atLineStart = column == 0
            let escape = needsEscape(byte, isLast: isLast)
                || (atLineStart && byte == UInt8(ascii: "."))
                || (atLineStart && line[index...].starts(with: "From ".utf8))
            if escape {
                let digits = Array("0123456789ABCDEF".utf8)
                output.append(contentsOf: [UInt8(ascii: "="), digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
                column += 3
            } else {
                output.append(byte)
                column += 1
            }
        }
        output.append(contentsOf: [0x0d, 0x0a])
    }

    /// Whether `byte` must be written as `=XX` wherever it stands on the line.
    private static func needsEscape(_ byte: UInt8, isLast: Bool) -> Bool {
        switch byte {
        case 0x20, 0x09:
            // Trailing whitespace may be stripped in transport, so it is encoded at the end of a line.
            return isLast
        case UInt8(ascii: "="):
            return true
        case 0x21...0x7e:
            return false
        default:
            return true
        }
    }
}
