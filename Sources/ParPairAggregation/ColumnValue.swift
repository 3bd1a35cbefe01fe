/// One cell of a summary row: text, a whole count, or a decimal figure with its precision.
public enum ColumnValue: Sendable, Hashable, CustomStringConvertible {
    /// Text such as the baby's name or a date (`2024-06-01`).
    case text(String)
    /// A whole count (feeds, diapers, days).
    case count(Int)
    /// A figure shown with a fixed number of decimals; nil when there is nothing to show
    /// (e.g. `longest_feed_gap_h` with fewer than two feeds).
    case decimal(Double?, decimals: Int)

    /// The cell as text, with a `.` decimal point and no thousands separator; empty for a missing figure.
    public var formatted: String {
        switch self {
        case .text(let text): text
        case .count(let count): FixedDecimal.format(count)
        case .decimal(let value, let decimals): value.map { FixedDecimal.format($0, decimals: decimals) } ?? ""
        }
    }

    /// The value as a number (counts and decimals), for charts and tests; nil for text or a missing figure.
    public var number: Double? {
        switch self {
        case .text: nil
        case .count(let count): Double(count)
        case .decimal(let value, _): value
        }
    }

    public var description: String { formatted }
}
