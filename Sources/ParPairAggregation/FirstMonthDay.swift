import ParPairModel

/// One day of the first month (days 0–27 of life) against the day-of-life counts of `pediatric-reference-ranges.md`
/// §5: the first office visit comes on days 3–5, before age-week 0 ends, and every chart of the first month is
/// written per day of life, which a weekly average hides.
///
/// Intake and output follow the days since birth, whatever the correction. A day without logs says so, never zero;
/// the day of birth (it starts at the birth, unless the birth came before its day start) and the day in progress
/// are partial: a per-24-hours count is not judged on them.
public struct FirstMonthDay: Sendable, Hashable {
    /// Why a day is not judged.
    public enum Partial: String, Sendable, Hashable {
        case dayOfBirth = "day_of_birth"
        case inProgress = "in_progress"
        /// After a phone of the family was last backed up.
        case fewerPhones = "fewer_phones"
    }

    /// The day of life (0 = day of birth).
    public var day: Int
    public var date: CivilDate
    /// True when a log of any kind starts in the day.
    public var logged: Bool
    /// Nil for a whole day.
    public var partial: Partial?
    /// The day's feedings, wet and dirty diapers; nil when nothing was logged.
    public var feedings: Int?
    public var wet: Int?
    public var dirty: Int?
    /// The longest gap between feeding starts ending on this day (from the day before too, when every day between
    /// is logged); nil without one.
    public var longestGapHours: Double?
    /// The bands of the day's own figures: typical ranges always, concern thresholds judged only on a whole,
    /// logged day.
    public var bands: [ReferenceBand]

    /// The last day of life the table covers: day 27, the end of age-week 3.
    public static let lastDay = 27
    /// The figures the table shows and judges.
    static let shownMetrics: Set<String> = ["feedings_per_day", "longest_feed_gap_h", "wet_per_day", "dirty_per_day"]

    /// The first-month days of `days` (daily summaries in order), judged against the day-of-life counts.
    /// - Parameter birthIsPartial: whether the day of birth began at the birth (a baby born after its day start).
    public static func days(_ days: [DaySummary], birthDate: CivilDate, birthIsPartial: Bool) -> [FirstMonthDay] {
        let month = days.filter { $0.day >= 0 && $0.day <= lastDay }
        // A gap runs into a day only from a day with feeds across days with feeds: a day without a feed log is missing
        // logs, not a day without food.
        let fedDays = Set(days.filter(\.hasFeeds).map(\.day))
        return month.map { summary in
            let partial: Partial? = summary.inProgress ? .inProgress : summary.fewerPhones ? .fewerPhones
                : summary.day == 0 && birthIsPartial ? .dayOfBirth : nil
            var metrics = summary.metrics
            metrics.longestFeedGapHours = summary.hasFeeds ? longestGap(summary, fedDays: fedDays) : nil
            let judged = summary.logged && partial == nil
            var bands = ReferenceRanges.bands(ofDay: summary.day, birthDate: birthDate, metrics: metrics, only: shownMetrics)
            if !judged {
                // Context only: the typical counts stand beside a partial or empty day, nothing is judged on it.
                bands = bands.filter { $0.kind == .typical }.map { band in
                    var band = band
                    band.status = .notApplicable
                    return band
                }
            }
            return FirstMonthDay(
                day: summary.day, date: summary.date, logged: summary.logged, partial: partial,
                feedings: summary.hasFeeds ? Int(metrics.feedings) : nil, wet: summary.hasDiapers ? Int(metrics.wet) : nil,
                dirty: summary.hasDiapers ? Int(metrics.dirty) : nil, longestGapHours: metrics.longestFeedGapHours,
                bands: bands)
        }
    }

    /// The day's longest gap: inside it, or into it from an earlier day when every day between has feed logs.
    static func longestGap(_ day: DaySummary, fedDays: Set<Int>) -> Double? {
        var into: Double?
        if let gap = day.feedGapIntoDayHours, let from = day.feedGapFromDay, (from + 1..<day.day).allSatisfy(fedDays.contains) {
            into = gap
        }
        return [day.metrics.longestFeedGapHours, into].compactMap { $0 }.max()
    }

    /// True when any concern threshold is crossed on this day.
    public var hasConcern: Bool { bands.contains(where: \.isConcern) }
}
