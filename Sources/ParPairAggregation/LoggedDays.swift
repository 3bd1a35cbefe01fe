import ParPairModel

/// The days of a span (a week, a visit's period) that hold a log of each kind: a figure per day is its total over the
/// days logged for its kind divided by their number, and is judged only with enough of them. A day with diapers but
/// no feed is a day of diapers, not a day of no food.
public struct LoggedDays: Sendable, Hashable {
    private var days: [[Int]] = Array(repeating: [], count: LogKind.allCases.count)

    public init() {}

    /// The same days logged for each of `kinds` (every kind by default): a span whose days all hold every kind.
    public init(days: [Int], kinds: [LogKind] = LogKind.allCases) {
        for kind in kinds { self.days[kind.index] = days }
    }

    /// The days of life logged for `kind`, in the order added.
    public subscript(_ kind: LogKind) -> [Int] { days[kind.index] }

    /// Notes day of life `day` with its totals: logged for each kind it holds a log of (a sleep: one that starts in it).
    public mutating func add(day: Int, _ metrics: LogMetrics) {
        for kind in LogKind.allCases where Self.holds(metrics, kind) { days[kind.index].append(day) }
    }

    /// Whether totals hold a log of `kind`.
    public static func holds(_ metrics: LogMetrics, _ kind: LogKind) -> Bool {
        switch kind {
        case .food: metrics.feeds > 0
        case .sleep: metrics.sleeps > 0
        case .diaper: metrics.diapers > 0
        case .activity: metrics.activities > 0
        }
    }

    /// How many days were logged for each kind.
    public var counts: Counts { Counts(food: days[0].count, sleep: days[1].count, diaper: days[2].count, activity: days[3].count) }

    /// How many days of a span were logged for each kind.
    public struct Counts: Sendable, Hashable {
        public var food = 0
        public var sleep = 0
        public var diaper = 0
        public var activity = 0

        public init(food: Int = 0, sleep: Int = 0, diaper: Int = 0, activity: Int = 0) {
            self.food = food
            self.sleep = sleep
            self.diaper = diaper
            self.activity = activity
        }

        public subscript(_ kind: LogKind) -> Int {
            switch kind {
            case .food: food
            case .sleep: sleep
            case .diaper: diaper
            case .activity: activity
            }
        }
    }
}
