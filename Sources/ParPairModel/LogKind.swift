/// The four kinds of log the app records.
public enum LogKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case food
    case sleep
    case diaper
    case activity

    public static func < (lhs: LogKind, rhs: LogKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
