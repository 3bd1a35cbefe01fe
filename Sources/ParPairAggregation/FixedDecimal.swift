import TextBytes

/// Formats numbers with a fixed number of decimals and a `.` decimal point, whatever the locale.
///
/// Values are rounded half away from zero; `-0` prints as `0`; NaN and infinities print as the empty
/// string (a missing figure).
///
/// ```swift
/// FixedDecimal.format(2.345, decimals: 2)   // "2.35"
/// FixedDecimal.format(-0.001, decimals: 1)  // "0.0"
/// ```
public enum FixedDecimal {
    /// A figure formatted here with `separator` in place of the `.` (`7,1` in German, French, Spanish).
    public static func withDecimalSeparator(_ formatted: String, _ separator: Character) -> String {
        separator == "." ? formatted : String(formatted.map { $0 == "." ? separator : $0 })
    }

    /// `value` with exactly `decimals` digits after the point (0…9; clamped).
    public static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "" }
        let places = min(max(decimals, 0), 9)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9.0e15 else { return large(value, places: places) }
        let units = Int64(scaled)
        // Written straight into one string (the events export formats a few per log): at least one integral
        // digit, then `places` digits after the point, leading zeros kept.
        var divisor: UInt64 = 1
        for _ in 0..<places { divisor *= 10 }
        return ASCIIWriter.string(capacity: 32) { text in
            if units < 0 { text.append(UInt8(ascii: "-")) }
            text.append(decimal: units.magnitude / divisor)
            guard places > 0 else { return }
            text.append(UInt8(ascii: "."))
            text.append(decimal: units.magnitude % divisor, minimumDigits: places)
        }
    }

    /// A whole number, `-` for negatives: `1234`.
    public static func format(_ value: Int) -> String { String(value) }

    /// Beyond 2^53 there are no fractional digits to show: print the integral value digit by digit.
    private static func large(_ value: Double, places: Int) -> String {
        var digits: [Character] = []
        var rest = abs(value).rounded(.toNearestOrAwayFromZero)
        while rest >= 1 {
            let digit = rest.truncatingRemainder(dividingBy: 10)
            digits.append(Character(String(Int(digit))))
            rest = ((rest - digit) / 10).rounded()
        }
        let integral = String(digits.reversed())
        let fraction = places > 0 ? "." + String(repeating: "0", count: places) : ""
        return (value < 0 ? "-" : "") + integral + fraction
    }
}
