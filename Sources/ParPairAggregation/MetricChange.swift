import ParPairModel

/// One figure of this week next to last week's, with the difference.
public struct MetricChange: Sendable, Hashable {
    /// The column name compared, e.g. `sleep_h_per_day`.
    public var name: String
    /// For people: `Sleep per day`.
    public var label: String
    /// This week's figure.
    public var current: Double?
    /// Last week's figure.
    public var previous: Double?
    /// Decimals for display, as in the CSV column.
    public var decimals: Int
    /// Either figure rests on fewer than `ReferenceBand.minimumLoggedDays` days logged for its kind: the two are
    /// shown, not compared, as such a figure is not judged against a band either.
    public var tooFewDays: Bool

    public init(name: String, label: String, current: Double?, previous: Double?, decimals: Int, tooFewDays: Bool = false) {
        self.name = name
        self.label = label
        self.current = current
        self.previous = previous
        self.decimals = decimals
        self.tooFewDays = tooFewDays
    }

    /// Whether a per-day figure of `kind` (nil: not per day) rests on too few logged days in either span to be compared.
    public static func tooFewDays(_ kind: LogKind?, current: LoggedDays.Counts, previous: LoggedDays.Counts) -> Bool {
        guard let kind else { return false }
        return min(current[kind], previous[kind]) < ReferenceBand.minimumLoggedDays
    }

    /// `current - previous`; nil when either is missing.
    public var delta: Double? {
        guard let current, let previous else { return nil }
        return current - previous
    }

    /// Up, down, or the same once both are rounded to `decimals`; not compared with too few days.
    public var direction: ChangeDirection {
        guard let current, let previous else { return .unknown }
        if tooFewDays { return .tooFewDays }
        let now = FixedDecimal.format(current, decimals: decimals)
        let before = FixedDecimal.format(previous, decimals: decimals)
        if now == before { return .same }
        return current > previous ? .up : .down
    }

    /// The signed difference as text: `+1.25`, `-0.50`, `0.00`; empty when unknown or not compared.
    /// It is the difference of the two figures as shown, so it always agrees with them and with the arrow
    /// (6.2 against 6.3 reads -0.1, never 0.0).
    public var deltaText: String {
        guard let current, let previous, !tooFewDays else { return "" }
        if direction == .same { return FixedDecimal.format(0, decimals: decimals) }
        let shown = { (value: Double) in Double(FixedDecimal.format(value, decimals: self.decimals)) ?? value }
        let text = FixedDecimal.format(shown(current) - shown(previous), decimals: decimals)
        return current > previous ? "+" + text : text
    }
}
