/// Which way a figure moved from one week to the next.
public enum ChangeDirection: String, Sendable, Hashable, CustomStringConvertible {
    case up
    case down
    /// Equal once both are rounded to the figure's precision.
    case same
    /// One of the two weeks has no figure.
    case unknown
    /// Both have a figure, but one of them rests on fewer than `ReferenceBand.minimumLoggedDays` days logged for its
    /// kind: shown side by side, not compared (3 days of diapers against 7 is no decline).
    case tooFewDays = "too_few_days"

    /// `▲`, `▼`, `=` or an empty string (no figure, too few days), for tables and digests.
    public var symbol: String {
        switch self {
        case .up: "▲"
        case .down: "▼"
        case .same: "="
        case .unknown, .tooFewDays: ""
        }
    }

    public var description: String { rawValue }
}
