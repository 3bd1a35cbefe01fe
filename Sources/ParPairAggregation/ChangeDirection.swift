/// Which way a figure moved from one week to the next.
public enum ChangeDirection: String, Sendable, Hashable, CustomStringConvertible {
    case up
    case down
    /// Equal once both are rounded to the figure's precision.
    case same
    /// One of the two weeks has no figure.
    case unknown

    /// `▲`, `▼`, `=` or an empty string, for tables and digests.
    public var symbol: String {
        switch self {
        case .up: "▲"
        case .down: "▼"
        case .same: "="
        case .unknown: ""
        }
    }

    public var description: String { rawValue }
}
