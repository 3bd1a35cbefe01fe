/// How a finding should be presented.
public enum FindingSeverity: String, Sendable, Hashable, CustomStringConvertible {
    /// A data problem the parent may want to fix in the app.
    case problem
    /// Not a mistake: the newest open session, probably still running.
    case inProgress = "in_progress"

    public var description: String { rawValue }
}
