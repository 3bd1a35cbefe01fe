/// Turns a value into one CSV field that spreadsheets read back as the same text and never run as a formula.
///
/// Two steps, following RFC 4180 and OWASP's advice on CSV (formula) injection:
///
/// 1. **Defuse formulas.** When the value, after any leading spaces, starts with `=`, `+`, `-`, `@`, a tab,
///    a carriage return, a line feed or NUL, a single quote `'` is put in front of the whole value, so a
///    spreadsheet shows the cell as text instead of evaluating it. Leading spaces do not hide a trigger
///    (`" =1+1"` becomes `"' =1+1"`), because some programs trim them before evaluating.
///    **Exception: plain negative numbers stay numbers.** A value that is `-` followed by a decimal number,
///    `-?digits` with an optional `.digits` part (`-3`, `-0.5`, `-12.25`), optionally after leading spaces,
///    is left alone. Anything else starting with `-` or `+` (`-1+1`, `-.5`, `-1e5`, `+1`, `+44 20 …`) gets
///    the quote: a leading `+` is never how a number is written in our output.
/// 2. **Quote.** The field is enclosed in double quotes, with every inner `"` doubled, when it holds a comma,
///    a double quote, a carriage return or a line feed (RFC 4180), and also when it holds a semicolon or a
///    tab, which some spreadsheet locales and importers treat as separators.
///
/// ```swift
/// CSVEscaping.field("Anytown, WW")   // "\"Anytown, WW\""
/// CSVEscaping.field("=1+2\";=1+2")   // "\"'=1+2\"\";=1+2\""
/// CSVEscaping.field("-3")            // "-3"
/// ```
///
/// A consumer that is not a spreadsheet sees the added `'`; pass `guardingFormulas: false` to get plain
/// RFC 4180 quoting only.
public enum CSVEscaping {
    /// `value` as one CSV field: formula-guarded (unless `guardingFormulas` is false), then quoted if needed.
    public static func field(_ value: String, guardingFormulas: Bool = true) -> String {
        var result = ""
        write(field: value, guardingFormulas: guardingFormulas, to: &result)
        return result
    }

    /// Writes `value` as one CSV field into `target` (see ``field(_:guardingFormulas:)``).
    public static func write<Target: TextOutputStream>(
        field value: String, guardingFormulas: Bool = true, to target: inout Target
    ) {
        UTF8Bytes.with(value) { bytes in
            let guarded = guardingFormulas && startsLikeFormula(bytes)
            guard needsQuotes(bytes) else {
                if guarded { target.write("'") }
                target.write(value)
                return
            }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 8)
            append(bytes, guarded: guarded, quoted: true, to: &output)
            target.write(String(decoding: output, as: UTF8.self))
        }
    }

    /// Appends `value` as one CSV field to `bytes` (see ``field(_:guardingFormulas:)``): the same field as
    /// ``write(field:guardingFormulas:to:)`` writes, made without a string per field (a million-row export).
    public static func append(field value: String, guardingFormulas: Bool = true, to output: inout [UInt8]) {
        UTF8Bytes.with(value) { bytes in
            append(bytes, guarded: guardingFormulas && startsLikeFormula(bytes), quoted: needsQuotes(bytes), to: &output)
        }
    }

    /// The field's bytes, given what the rules above decided for them.
    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, guarded: Bool, quoted: Bool, to output: inout [UInt8]) {
        if quoted { output.append(UInt8(ascii: "\"")) }
        if guarded { output.append(UInt8(ascii: "'")) }
        if quoted {
            for byte in bytes {
                output.append(byte)
                if byte == UInt8(ascii: "\"") { output.append(byte) }
            }
            output.append(UInt8(ascii: "\""))
        } else {
            output.append(contentsOf: bytes)
        }
    }

    /// Whether a spreadsheet could evaluate `value` as a formula when it opens the cell
    /// (the first rule above, including the plain-negative-number exception).
    public static func startsLikeFormula(_ value: String) -> Bool {
        UTF8Bytes.with(value) { startsLikeFormula($0) }
    }

    private static func startsLikeFormula(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
        guard start < bytes.count else { return false }
        switch bytes[start] {
        case UInt8(ascii: "-"):
            return !isPlainNumber(bytes, from: start + 1)
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "@"), 0x09, 0x0D, 0x0A, 0x00:
            return true
        default:
            return false
        }
    }

    /// `digits` or `digits.digits`, up to the end of the value.
    private static func isPlainNumber(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        var digits = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1; digits += 1 }
        guard digits > 0 else { return false }
        if index == bytes.count { return true }
        guard bytes[index] == UInt8(ascii: ".") else { return false }
        index += 1
        var fraction = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1; fraction += 1 }
        return fraction > 0 && index == bytes.count
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { byte in
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "\""), 0x0D, 0x0A, UInt8(ascii: ";"), 0x09: true
            default: false
            }
        }
    }
}
