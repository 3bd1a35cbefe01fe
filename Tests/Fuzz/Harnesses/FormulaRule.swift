/// The formula-injection rule as ``CSVEscaping`` documents it, written again independently so the
/// `csv-escape` harness can check the escaper against it.
///
/// A value starts like a formula when, after any leading spaces, it starts with `=` `+` `@` tab CR LF NUL,
/// or with `-` unless the whole value is a plain negative number (`-digits` or `-digits.digits`).
enum FormulaRule {
    private static let triggers: Set<UInt8> = [
        UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D, 0x0A, 0x00,
    ]

    static func startsLikeFormula(_ value: [UInt8]) -> Bool {
        let rest = value.drop { $0 == UInt8(ascii: " ") }
        guard let first = rest.first, triggers.contains(first) else { return false }
        return !isPlainNegativeNumber(value)
    }

    /// Whether the very first byte (no spaces skipped) is a trigger.
    static func startsWithTrigger(_ value: [UInt8]) -> Bool {
        value.first.map(triggers.contains) ?? false
    }

    /// Spaces, then `-`, digits, and optionally `.` and more digits, up to the end.
    static func isPlainNegativeNumber(_ value: [UInt8]) -> Bool {
        let rest = value.drop { $0 == UInt8(ascii: " ") }
        guard rest.first == UInt8(ascii: "-") else { return false }
        let number = rest.dropFirst()
        let parts = number.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: ArraySlice<UInt8>) in !part.isEmpty && part.allSatisfy { $0 >= 48 && $0 <= 57 } }
        return parts.allSatisfy(isDigits) && (number.last != UInt8(ascii: "."))
    }
}
