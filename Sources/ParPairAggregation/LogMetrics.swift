/// The totals of one day, one week or one period: every quantity a log adds to, declared once. A day's totals are
/// kept in this form while logs stream in (`DayTally.totals`), and a span's are the sum of its days' (`add`).
///
/// Times are kept in the seconds logs add (their minutes and hours are views of them); volumes in millilitres,
/// which `VolumeUnits.volume(milliliters:)` converts for display. A new quantity is a stored property here and its
/// line in `add`, a figure in `ReportFigure.all` (its column, unit and decimals), and what a log adds to it in the
/// kind's `BabyAccumulator` fold.
public struct LogMetrics: Sendable, Hashable {
    /// A count of logs: 32 bits, since a store of years holds one day's totals per day of life while it is read (a day
    /// would need two billion logs to reach the limit).
    public typealias Count = Int32

    /// Breastfeeds (feeds by type sum to `feeds`).
    public var breastfeeds: Count = 0
    /// Formula feeds.
    public var formulaFeeds: Count = 0
    /// Pumped-milk feeds.
    public var pumpedMilkFeeds: Count = 0
    /// Solids feeds.
    public var solidsFeeds: Count = 0
    /// Feeds of a type this tool does not know.
    public var otherFeeds: Count = 0
    /// Feedings: feeds that start within `AggregationOptions.sessionGapMinutes` of the current feeding's end (the latest end of its feeds) are one
    /// feeding (a breastfeed and its bottle top-up, left breast then right), whatever their types; counted on the day
    /// its first feed starts.
    public var feedings: Count = 0
    /// Formula and pumped-milk feeds whose amount is in `formulaMilliliters` or `pumpedMilkMilliliters` (a bottle
    /// without an amount, or with one that cannot count, adds no ml and is not one of them).
    public var bottleFeedsWithAmount: Count = 0
    /// Sleep sessions starting in the window, valid or not.
    public var sleeps: Count = 0
    /// All diapers, unknown types included.
    public var diapers: Count = 0
    /// Wet and Mixed diapers.
    public var wet: Count = 0
    /// Dirty and Mixed diapers.
    public var dirty: Count = 0
    /// Mixed diapers.
    public var mixed: Count = 0
    /// Dry diapers.
    public var dry: Count = 0
    /// Activity logs starting in the window, valid or not (not a CSV column; decides whether the tummy-time band
    /// applies).
    public var activities: Count = 0
    /// Summed durations of breastfeeds with a valid end.
    public var breastfeedingSeconds = 0.0
    /// Formula, converted to millilitres.
    public var formulaMilliliters = 0.0
    /// Pumped milk, converted to millilitres.
    public var pumpedMilkMilliliters = 0.0
    /// Solids in grams.
    public var solidsGrams = 0.0
    /// Time asleep inside the window, overlapping sessions counted once.
    public var sleepSeconds = 0.0
    /// The part of `sleepSeconds` on the night clock (`--night`).
    public var nightSleepSeconds = 0.0
    /// Tummy Time with a valid end, by start.
    public var tummyTimeSeconds = 0.0
    /// Activities of every type with a valid end, by start.
    public var activitySeconds = 0.0
    /// The longest whole valid sleep session starting in the window, in seconds; negative without one
    /// (`longestSleepHours` is nil then).
    public var longestSleepSeconds = -1.0
    /// The longest gap between the starts of consecutive feedings that both lie in the window; nil with fewer than
    /// two feedings (a span's, set by its summary: gaps cross days).
    public var longestFeedGapHours: Double?

    public init() {}

    /// All feeds.
    public var feeds: Int { Int(breastfeeds) + Int(formulaFeeds) + Int(pumpedMilkFeeds) + Int(solidsFeeds) + Int(otherFeeds) }
    /// Formula and pumped milk, in millilitres.
    public var bottleMilliliters: Double { formulaMilliliters + pumpedMilkMilliliters }

    public var breastfeedingMinutes: Double {
        get { breastfeedingSeconds / 60 }
        set { breastfeedingSeconds = newValue * 60 }
    }
    public var sleepHours: Double {
        get { sleepSeconds / 3600 }
        set { sleepSeconds = newValue * 3600 }
    }
    public var nightSleepHours: Double {
        get { nightSleepSeconds / 3600 }
        set { nightSleepSeconds = newValue * 3600 }
    }
    /// `sleepHours` outside the night clock.
    public var daySleepHours: Double { max(0, sleepHours - nightSleepHours) }
    public var tummyTimeMinutes: Double {
        get { tummyTimeSeconds / 60 }
        set { tummyTimeSeconds = newValue * 60 }
    }
    public var activityMinutes: Double {
        get { activitySeconds / 60 }
        set { activitySeconds = newValue * 60 }
    }
    public var longestSleepHours: Double? {
        get { longestSleepSeconds >= 0 ? longestSleepSeconds / 3600 : nil }
        set { longestSleepSeconds = newValue.map { $0 * 3600 } ?? -1 }
    }
}

extension LogMetrics {
    /// Adds another span's totals; the longest sleep is the longer of the two, and the longest gap, which crosses
    /// days, is left to the span's summary.
    mutating func add(_ other: LogMetrics) {
        breastfeeds += other.breastfeeds
        formulaFeeds += other.formulaFeeds
        pumpedMilkFeeds += other.pumpedMilkFeeds
        solidsFeeds += other.solidsFeeds
        otherFeeds += other.otherFeeds
        feedings += other.feedings
        bottleFeedsWithAmount += other.bottleFeedsWithAmount
        sleeps += other.sleeps
        diapers += other.diapers
        wet += other.wet
        dirty += other.dirty
        mixed += other.mixed
        dry += other.dry
        activities += other.activities
        breastfeedingSeconds += other.breastfeedingSeconds
        formulaMilliliters += other.formulaMilliliters
        pumpedMilkMilliliters += other.pumpedMilkMilliliters
        solidsGrams += other.solidsGrams
        sleepSeconds += other.sleepSeconds
        nightSleepSeconds += other.nightSleepSeconds
        tummyTimeSeconds += other.tummyTimeSeconds
        activitySeconds += other.activitySeconds
        longestSleepSeconds = max(longestSleepSeconds, other.longestSleepSeconds)
    }
}
