/// The outcome of one aggregation: per baby in the order given, plus what belongs to no baby.
public struct AggregationResult: Sendable, Hashable {
    /// The options used.
    public var options: AggregationOptions
    /// One entry per baby, in the order the babies were given.
    public var babies: [BabyAggregate]
    /// Findings that belong to no baby: orphan logs (no baby, or a baby row that does not exist), by time.
    public var storeFindings: [Finding]

    public init(options: AggregationOptions, babies: [BabyAggregate], storeFindings: [Finding]) {
        self.options = options
        self.babies = babies
        self.storeFindings = storeFindings
    }

    /// Every finding, store-level first, then each baby's.
    public var allFindings: [Finding] { storeFindings + babies.flatMap(\.findings) }
}
