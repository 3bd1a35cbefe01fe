/// A published range for a baby's age, with the week's figure placed against it. Context, not a diagnosis.
public struct ReferenceBand: Sendable, Hashable {
    /// Which side of the band is a concern. A figure on the fine side of a one-sided band is not outside it:
    /// more tummy time or more wet diapers than the band is fine.
    public enum Concern: String, Sendable, Hashable {
        /// Too little is the concern (wet diapers, tummy time): only `below` is marked.
        case below
        /// Too much is the concern: only `above` is marked.
        case above
        /// Both sides (total sleep, a newborn's breastfeeds).
        case both
    }

    /// The per-day figure compared, named like the columns: `sleep_h_per_day`, `wet_per_day`,
    /// `breastfeeds_per_day`, `tummy_time_min_per_day`.
    public var metric: String
    /// What the band says, for people: `Total sleep per 24 h at 0–3 months`.
    public var label: String
    /// The lower bound, if the source gives one.
    public var low: Double?
    /// The upper bound, if the source gives one.
    public var high: Double?
    /// The unit of bounds and value: `h per 24 h`, `per day`, `min per day`.
    public var unit: String
    /// The source by name: `WHO 2019 guidelines on physical activity, sedentary behaviour and sleep`.
    public var sourceName: String
    /// The source's address.
    public var sourceURL: String
    /// The week's figure compared (per day); nil when nothing of the kind was logged.
    public var value: Double?
    /// Below, within or above the band, or not applicable.
    public var status: BandStatus
    /// Which side of the band is a concern.
    public var concern: Concern

    public init(
        metric: String, label: String, low: Double?, high: Double?, unit: String,
        sourceName: String, sourceURL: String, value: Double?, status: BandStatus, concern: Concern = .both
    ) {
        self.concern = concern
        self.metric = metric
        self.label = label
        self.low = low
        self.high = high
        self.unit = unit
        self.sourceName = sourceName
        self.sourceURL = sourceURL
        self.value = value
        self.status = status
    }

    /// `14–17`, `≥ 6`, `≤ 12`: the bounds for a table cell.
    public var rangeText: String {
        switch (low, high) {
        case let (low?, high?): "\(Self.number(low))–\(Self.number(high))"
        case let (low?, nil): "≥ \(Self.number(low))"
        case let (nil, high?): "≤ \(Self.number(high))"
        case (nil, nil): "—"
        }
    }

    /// A week needs this many days with logs before its figures are placed against a band.
    public static let minimumLoggedDays = 4

    /// The status of `value` against bounds: below `low`, above `high`, otherwise within; too few days
    /// when the week has fewer than `minimumLoggedDays` logged days. Past the side that is no concern, a
    /// figure is within: it is never marked as outside.
    static func status(of value: Double?, low: Double?, high: Double?, loggedDays: Int, concern: Concern = .both) -> BandStatus {
        guard let value else { return .notApplicable }
        guard loggedDays >= minimumLoggedDays else { return .tooFewDays }
        if let low, value < low, concern != .above { return .below }
        if let high, value > high, concern != .below { return .above }
        return .within
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? FixedDecimal.format(value, decimals: 0) : FixedDecimal.format(value, decimals: 1)
    }
}
