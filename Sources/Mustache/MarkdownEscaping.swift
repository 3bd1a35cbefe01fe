/// Escaping of values inside Markdown (CommonMark and GitHub tables), so a value shows as its own text and
/// cannot break a table row or start formatting.
///
/// - A backslash goes before `\` `` ` `` `*` `_` `[` `]` `<` `|` `~` anywhere in the value (`|` would end a
///   table cell, `<` would start HTML or an autolink, `~` strike-through).
/// - A backslash goes before `&` when it starts something that reads as a character reference (`&amp;`,
///   `&#60;`, `&#x3C;`), so the reference shows literally; a lone `&` stays as is.
/// - At the start of the value (after any spaces or tabs, and any line breaks that `lineBreak` turns into
///   spaces or tabs), where a Markdown block could begin:
///   `#` (heading), `>` (quote) and `=` (underline heading) are escaped; `-` and `+` (list item, rule) are
///   escaped unless a digit follows, so `-3` stays `-3`; a run of digits followed by `.` or `)` and then a
///   space, a tab, a line break or the end (`1. `, `2)`) gets its `.` or `)` escaped, so `3.5` stays `3.5`.
/// - Control characters other than tab and line breaks (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+007F)
///   are dropped: a terminal showing the file would obey them (escape sequences, backspace, bell).
/// - **Line breaks** (`\r\n`, `\r`, `\n`) cannot appear inside a table cell, and `<br>` cannot be spelled in a
///   value because `<` is escaped; each is replaced by `lineBreak`, **a single space** unless you pass
///   something else (for example `"<br />"`, which the escaper then writes as is). When `lineBreak` ends
///   with a line break (`\n`, `\r\n` or `\r`), the start-of-line rules apply again after it.
///
/// ```swift
/// MarkdownEscaping.escape("# a|b *c*") // "\\# a\\|b \\*c\\*"
/// ```
public enum MarkdownEscaping {
    /// `value` escaped for Markdown, with line breaks replaced by `lineBreak`.
    public static func escape(_ value: String, lineBreak: String = " ") -> String {
        var result = ""
        write(value, lineBreak: lineBreak, to: &result)
        return result
    }

    /// Writes `value` escaped for Markdown into `target`.
    public static func write<Target: TextOutputStream>(
        _ value: String, lineBreak: String = " ", to target: inout Target
    ) {
        // Most values (a figure, a date, a name) hold nothing these rules change: written as they are.
        guard UTF8Bytes.with(value, mayChange) else { return target.write(value) }
        // Bytes, not Characters: `"\r\n"` is one Character, so `hasSuffix("\n")` would miss it.
        let restartsLine = lineBreak.utf8.last == 0x0A || lineBreak.utf8.last == 0x0D
        // A line break written as blanks (the default space) leaves a line's start where it was.
        let blankBreak = lineBreak.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == 0x09 }
        // Drop control characters first, so what is left is judged as it will read (ASCII bytes never
        // occur inside a multi-byte UTF-8 sequence, so filtering bytes keeps the text valid).
        let value = value.utf8.contains(where: isDroppedControl)
            ? String(decoding: value.utf8.filter { !isDroppedControl($0) }, as: UTF8.self) : value
        UTF8Bytes.with(value) { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 8)
            var index = 0
            var lineStart = true
            while index < bytes.count {
                if lineStart {
                    index = writeLineStart(bytes, from: index, blankBreak: blankBreak ? lineBreak : nil, into: &output)
                    lineStart = false
                    continue
                }
                let byte = bytes[index]
                switch byte {
                case 0x0D, 0x0A:
                    output.append(contentsOf: lineBreak.utf8)
                    if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    lineStart = restartsLine
                case _ where isEscapedAnywhere(byte):
                    output.append(UInt8(ascii: "\\"))
                    output.append(byte)
                case UInt8(ascii: "&") where startsCharacterReference(bytes, at: index):
                    output.append(UInt8(ascii: "\\"))
                    output.append(byte)
                default:
                    output.append(byte)
                }
                index += 1
            }
            target.write(String(decoding: output, as: UTF8.self))
        }
    }

    /// Copies leading blanks, and line breaks as `blankBreak` when line breaks are written as blanks,
    /// escapes a block marker if one follows, and returns where normal escaping goes on.
    private static func writeLineStart(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, blankBreak: String?, into output: inout [UInt8]
    ) -> Int {
        var index = start
        blanks: while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), 0x09:
                output.append(bytes[index])
            case 0x0D, 0x0A:
                guard let blankBreak else { break blanks }
                output.append(contentsOf: blankBreak.utf8)
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            default:
                break blanks
            }
            index += 1
        }
        guard index < bytes.count else { return index }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "="):
            output.append(UInt8(ascii: "\\"))
            output.append(byte)
            return index + 1
        case UInt8(ascii: "-"), UInt8(ascii: "+"):
            if index + 1 < bytes.count, isDigit(bytes[index + 1]) { return index }
            output.append(UInt8(ascii: "\\"))
            output.append(byte)
            return index + 1
        case _ where isDigit(byte):
            var end = index
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")") else {
                return index
            }
            let after = end + 1
            guard after == bytes.count || [UInt8(ascii: " "), 0x09, 0x0A, 0x0D].contains(bytes[after]) else {
                return index
            }
            output.append(contentsOf: bytes[index..<end])
            output.append(UInt8(ascii: "\\"))
            output.append(bytes[end])
            return after
        default:
            return index
        }
    }

    /// Whether any rule above could change `bytes`: false only when none can (a byte that is escaped, dropped or
    /// replaced anywhere, or a blank, block marker or digits then `.` or `)` at the start, say yes, whatever follows).
    private static func mayChange(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: " "), 0x09, UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "-"),
            UInt8(ascii: "+"):
            return true
        case _ where isDigit(first):
            var end = 0
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")") { return true }
        default:
            break
        }
        return bytes.contains { isEscapedAnywhere($0) || $0 == UInt8(ascii: "&") || $0 < 0x20 || $0 == 0x7F }
    }

    /// A byte that gets a backslash wherever it is.
    private static func isEscapedAnywhere(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// A control character the escaper drops: C0 other than tab, CR and LF, and DEL.
    private static func isDroppedControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }

    /// `&name;`, `&#digits;` or `&#xhex;`, as CommonMark recognises them (name up to 32 characters).
    private static func startsCharacterReference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start + 1
        guard index < bytes.count else { return false }
        var count = 0
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < bytes.count && (bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X"))
            if hex { index += 1 }
            while index < bytes.count, count < 8, hex ? isHexDigit(bytes[index]) : isDigit(bytes[index]) {
                index += 1; count += 1
            }
        } else {
            while index < bytes.count, count < 32, isLetterOrDigit(bytes[index]) {
                if count == 0 && isDigit(bytes[index]) { return false }
                index += 1; count += 1
            }
        }
        return count > 0 && index < bytes.count && bytes[index] == UInt8(ascii: ";")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }
}
