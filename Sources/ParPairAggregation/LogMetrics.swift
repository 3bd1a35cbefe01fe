/// The figures of one day or one week, in fixed units (ml, g, minutes, hours), for templates and charts.
///
/// Volumes are kept in millilitres here; `VolumeUnits.volume(milliliters:)` converts for display, and
/// the summaries' `columns` already follow `--units`.
public struct LogMetrics: Sendable, Hashable {
    /// Breastfeeds (feeds by type sum to `feeds`).
    public var breastfeeds = 0
    /// Formula feeds.
    public var formulaFeeds = 0
    /// Pumped-milk feeds.
    public var pumpedMilkFeeds = 0
    /// Solids feeds.
    public var solidsFeeds = 0
    /// Feeds of a type this tool does not know.
    public var otherFeeds = 0
    /// Summed durations of breastfeeds with a valid end.
    public var breastfeedingMinutes = 0.0
    /// Formula, converted to millilitres.
    public var formulaMilliliters = 0.0
    /// Pumped milk, converted to millilitres.
    public var pumpedMilkMilliliters = 0.0
    /// Formula and pumped-milk feeds whose amount is in `formulaMilliliters` or `pumpedMilkMilliliters` (a bottle
    /// without an amount, or with one that cannot count, adds no ml and is not one of them).
    public var bottleFeedsWithAmount = 0
    /// Solids in grams.
    public var solidsGrams = 0.0
    /// The longest gap between consecutive feed starts that both lie in the window; nil with fewer than two feeds.
    public var longestFeedGapHours: Double?
    /// Time asleep inside the window, overlapping sessions counted once.
    public var sleepHours = 0.0
    /// The part of `sleepHours` on the night clock (`--night`).
    public var nightSleepHours = 0.0
    /// Sleep sessions starting in the window, valid or not.
    public var sleeps = 0
    /// The longest whole valid session starting in the window; nil without one.
    public var longestSleepHours: Double?
    /// All diapers, unknown types included.
    public var diapers = 0
    /// Wet and Mixed diapers.
    public var wet = 0
    /// Dirty and Mixed diapers.
    public var dirty = 0
    /// Mixed diapers.
    public var mixed = 0
    /// Dry diapers.
    public var dry = 0
    /// Tummy Time with a valid end, by start.
    public var tummyTimeMinutes = 0.0
    /// Activities of every type with a valid end, by start.
    public var activityMinutes = 0.0
    /// Activity logs starting in the window, valid or not (not a CSV column; decides whether the
    /// tummy-time band applies).
    public var activities = 0

    public init() {}

    /// All feeds.
    public var feeds: Int { breastfeeds + formulaFeeds + pumpedMilkFeeds + solidsFeeds + otherFeeds }
    /// Formula and pumped milk, in millilitres.
    public var bottleMilliliters: Double { formulaMilliliters + pumpedMilkMilliliters }
    /// `sleepHours` outside the night clock.
    public var daySleepHours: Double { max(0, sleepHours - nightSleepHours) }
}

extension LogMetrics {
    /// Adds another span's totals (the longest figures are not sums and stay as they are).
    mutating func add(_ other: LogMetrics) {
        breastfeeds += other.breastfeeds
        formulaFeeds += other.formulaFeeds
        pumpedMilkFeeds += other.pumpedMilkFeeds
        solidsFeeds += other.solidsFeeds
        otherFeeds += other.otherFeeds
        breastfeedingMinutes += other.breastfeedingMinutes
        formulaMilliliters += other.formulaMilliliters
        pumpedMilkMilliliters += other.pumpedMilkMilliliters
        bottleFeedsWithAmount += other.bottleFeedsWithAmount
        solidsGrams += other.solidsGrams
        sleepHours += other.sleepHours
        nightSleepHours += other.nightSleepHours
        sleeps += other.sleeps
        diapers += other.diapers
        wet += other.wet
        dirty += other.dirty
        mixed += other.mixed
        dry += other.dry
        tummyTimeMinutes += other.tummyTimeMinutes
        activityMinutes += other.activityMinutes
        activities += other.activities
    }
}
