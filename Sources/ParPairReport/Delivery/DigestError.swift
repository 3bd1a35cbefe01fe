/// A digest that could not be assembled: a bug in this tool, reported rather than trapped.
public enum DigestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The aggregation handed to `DigestRun.make(result:plan:settings:)` lacks a planned week.
    case missingWeek(baby: String, week: Int)

    public var description: String {
        switch self {
        case .missingWeek(let baby, let week):
            "the aggregation holds no week \(week) for \(baby); it must cover the plan's weekSelection"
        }
    }
}
