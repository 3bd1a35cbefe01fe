import ParPairModel

/// The running totals of one day while logs stream in; times in seconds, volumes in ml, counts in
/// 32 bits (a store of years holds one of these per day).
struct DayTally {
    // Doubles, then counts, then the flag: no padding between them (Swift keeps declaration order).
    var breastfeedingSeconds = 0.0
    var formulaMilliliters = 0.0
    var pumpedMilkMilliliters = 0.0
    var solidsGrams = 0.0
    /// Longest gap between consecutive feed starts both in this day; negative when none.
    var longestFeedGap = -1.0
    /// The gap from the feed before this day's first feed (on an earlier day) to it; negative when none.
    var feedGapIntoDay = -1.0
    var sleepSeconds = 0.0
    var nightSleepSeconds = 0.0
    /// Longest valid sleep session starting in this day; negative when none.
    var longestSleep = -1.0
    var tummyTimeSeconds = 0.0
    var activitySeconds = 0.0
    var breastfeeds: LogCount = 0
    var formulaFeeds: LogCount = 0
    var pumpedMilkFeeds: LogCount = 0
    var solidsFeeds: LogCount = 0
    var otherFeeds: LogCount = 0
    /// Formula and pumped-milk feeds whose amount is in the day's ml.
    var bottleFeedsWithAmount: LogCount = 0
    var sleeps: LogCount = 0
    var diapers: LogCount = 0
    var wet: LogCount = 0
    var dirty: LogCount = 0
    var mixed: LogCount = 0
    var dry: LogCount = 0
    var activities: LogCount = 0
    /// The day of life of the feed before this day's first feed (with `feedGapIntoDay`); negative when none.
    var feedGapFromDay: Int32 = -1
    var logged = false

    /// Counts a feed of `type` with what it adds to its type's total (nil: a bottle whose amount does not count).
    @inline(__always)
    mutating func countFeed(_ type: FoodType, _ counted: Double?) {
        let quantity = counted ?? 0
        let withAmount = counted == nil ? 0 : 1
        switch type {
        case .breastfeeding:
            breastfeeds += 1
            breastfeedingSeconds += quantity
        case .formula:
            formulaFeeds += 1
            formulaMilliliters += quantity
            bottleFeedsWithAmount += withAmount
        case .pumpedMilk:
            pumpedMilkFeeds += 1
            pumpedMilkMilliliters += quantity
            bottleFeedsWithAmount += withAmount
        case .solids:
            solidsFeeds += 1
            solidsGrams += quantity
        case .other:
            otherFeeds += 1
        }
    }

    /// Counts a diaper change of `type`: wet = Wet + Mixed, dirty = Dirty + Mixed.
    @inline(__always)
    mutating func countDiaper(_ type: DiaperType) {
        diapers += 1
        switch type {
        case .wet:
            wet += 1
        case .dirty:
            dirty += 1
        case .mixed:
            wet += 1
            dirty += 1
            mixed += 1
        case .dry:
            dry += 1
        case .other:
            break
        }
    }

    /// Notes the gap to a feed on this day (day of life `day`) from the feed before, on day `previousDay`:
    /// within the day it may be the longest; into the day from an earlier one it is kept with the day it
    /// comes from, so a span of days counts it only when that day and every day between are in the span
    /// and logged.
    @inline(__always)
    mutating func noteFeedGap(_ gap: Double, from previousDay: Int, to day: Int) {
        if previousDay == day {
            if gap > longestFeedGap { longestFeedGap = gap }
        } else {
            feedGapIntoDay = gap
            feedGapFromDay = Int32(clamping: previousDay)
        }
    }

    /// The day's figures in the units of `LogMetrics`.
    var metrics: LogMetrics {
        var metrics = LogMetrics()
        add(to: &metrics)
        if longestFeedGap >= 0 { metrics.longestFeedGapHours = longestFeedGap / 3600 }
        return metrics
    }

    /// Adds this day's totals to a week's (the feed gap is the week's own: gaps cross days).
    func add(to metrics: inout LogMetrics) {
        metrics.breastfeeds += breastfeeds.value
        metrics.formulaFeeds += formulaFeeds.value
        metrics.pumpedMilkFeeds += pumpedMilkFeeds.value
        metrics.solidsFeeds += solidsFeeds.value
        metrics.otherFeeds += otherFeeds.value
        metrics.breastfeedingMinutes += breastfeedingSeconds / 60
        metrics.formulaMilliliters += formulaMilliliters
        metrics.pumpedMilkMilliliters += pumpedMilkMilliliters
        metrics.bottleFeedsWithAmount += bottleFeedsWithAmount.value
        metrics.solidsGrams += solidsGrams
        metrics.sleepHours += sleepSeconds / 3600
        metrics.nightSleepHours += nightSleepSeconds / 3600
        metrics.sleeps += sleeps.value
        if longestSleep >= 0 {
            metrics.longestSleepHours = max(metrics.longestSleepHours ?? 0, longestSleep / 3600)
        }
        metrics.diapers += diapers.value
        metrics.wet += wet.value
        metrics.dirty += dirty.value
        metrics.mixed += mixed.value
        metrics.dry += dry.value
        metrics.tummyTimeMinutes += tummyTimeSeconds / 60
        metrics.activityMinutes += activitySeconds / 60
        metrics.activities += activities.value
    }
}
