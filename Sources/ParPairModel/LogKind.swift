/// The four kinds of log the app records.
public enum LogKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case food
    case sleep
    case diaper
    case activity

    /// The kind's place in `allCases` (food 0, sleep 1, diaper 2, activity 3), for per-kind arrays.
    @inline(__always)
    public var index: Int {
        switch self {
        case .food: 0
        case .sleep: 1
        case .diaper: 2
        case .activity: 3
        }
    }

    public static func < (lhs: LogKind, rhs: LogKind) -> Bool {
        lhs.index < rhs.index
    }
}
