/// A published number for a baby's age, with a span's figure placed against it.
///
/// Two kinds, printed differently (`pediatric-reference-ranges.md` §5): a **typical range** is what many healthy
/// babies do, context beside the figure and never an alarm; a **concern threshold** is a source's "talk to your
/// midwife or doctor if", and only it, crossed on a figure with enough logged days, is a concern.
public struct ReferenceBand: Sendable, Hashable {
    /// Context, or the source's reason to call.
    public enum Kind: String, Sendable, Hashable {
        case typical
        case concern
    }

    /// Which side of the bounds a figure is judged on. A typical range reads both sides as context; a concern
    /// threshold is crossed on one side only.
    public enum Direction: String, Sendable, Hashable {
        /// Too little is the concern (wet diapers, feedings).
        case below
        /// Too much is the concern (the longest gap, formula per day).
        case above
        /// Both sides: a typical range.
        case both
    }

    /// Which age a band follows: intake and output by the days since birth, development (sleep, tummy time)
    /// by the corrected age while correction applies (`visits-and-corrected-age.md`).
    public enum Age: String, Sendable, Hashable {
        case sinceBirth = "since_birth"
        case corrected
    }

    /// The figure compared, named like the columns: `feedings_per_day`, `longest_feed_gap_h`, `wet_per_day`,
    /// `dirty_per_day`, `formula_ml_per_day`, `sleep_h_per_day`, `tummy_time_min_per_day`.
    public var metric: String
    public var kind: Kind
    public var direction: Direction
    public var age: Age
    /// What the band says, for people: `Total sleep per 24 h at 0–3 months`.
    public var label: String
    /// The catalog key of a concern's wording as the source words it (`concern_feedings`); empty for a typical range.
    public var wording: String
    /// The lower bound, if the source gives one.
    public var low: Double?
    /// The upper bound, if the source gives one.
    public var high: Double?
    /// The unit of bounds and value: `h per 24 h`, `per day`, `min per day`.
    public var unit: String
    /// The source by name.
    public var sourceName: String
    /// The source's address.
    public var sourceURL: String
    /// The span's figure compared; nil when nothing of the kind was logged.
    public var value: Double?
    /// Below, within or above the bounds (on the band's side), too few days, or not applicable.
    public var status: BandStatus

    public init(
        metric: String, kind: Kind, direction: Direction, age: Age, label: String, wording: String = "", low: Double?, high: Double?,
        unit: String, sourceName: String, sourceURL: String, value: Double?, status: BandStatus
    ) {
        self.metric = metric
        self.kind = kind
        self.direction = direction
        self.age = age
        self.label = label
        self.wording = wording
        self.low = low
        self.high = high
        self.unit = unit
        self.sourceName = sourceName
        self.sourceURL = sourceURL
        self.value = value
        self.status = status
    }

    /// True for a concern threshold the figure crossed on enough logged days: the only mark that reads as a concern.
    public var isConcern: Bool { kind == .concern && (status == .below || status == .above) }

    /// `14–17`, `≥ 6`, `≤ 12`: the bounds for a table cell (a typical range).
    public var rangeText: String {
        switch (low, high) {
        case let (low?, high?): "\(Self.number(low))–\(Self.number(high))"
        case let (low?, nil): "≥ \(Self.number(low))"
        case let (nil, high?): "≤ \(Self.number(high))"
        case (nil, nil): "—"
        }
    }

    /// `< 6`, `> 4`: where a concern threshold is crossed.
    public var thresholdText: String {
        switch direction {
        case .below: low.map { "< \(Self.number($0))" } ?? "—"
        case .above: high.map { "> \(Self.number($0))" } ?? "—"
        case .both: rangeText
        }
    }

    /// `6`, `4`, `3.4`: the bound a concern threshold is crossed at (the lower one below, the upper one above).
    public var thresholdNumber: String {
        (direction == .above ? high : low).map(Self.number) ?? ""
    }

    /// A span needs this many days with logs before its figures are judged against a band.
    public static let minimumLoggedDays = 4

    /// The status of `value` against bounds: below `low`, above `high`, otherwise within; too few days when the
    /// span has fewer than `minimumDays` logged days. Past the side a band does not judge, a figure is within.
    static func status(
        of value: Double?, low: Double?, high: Double?, loggedDays: Int, direction: Direction, minimumDays: Int = minimumLoggedDays
    ) -> BandStatus {
        guard let value else { return .notApplicable }
        guard loggedDays >= minimumDays else { return .tooFewDays }
        if let low, value < low, direction != .above { return .below }
        if let high, value > high, direction != .below { return .above }
        return .within
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? FixedDecimal.format(value, decimals: 0) : FixedDecimal.format(value, decimals: 1)
    }
}
