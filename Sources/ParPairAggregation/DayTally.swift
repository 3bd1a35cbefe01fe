import ParPairModel

/// One day while logs stream in: its totals (`LogMetrics`, the one declaration of every quantity), where its
/// feedings' gaps lie, and whether a log counts in it.
struct DayTally {
    var totals = LogMetrics()
    /// Longest gap between consecutive feeding starts both in this day; negative when none.
    var longestFeedGap = -1.0
    /// The gap from the feeding before this day's first feeding (on an earlier day) to it; negative when none.
    var feedGapIntoDay = -1.0
    /// The day of life of the feeding before this day's first one (with `feedGapIntoDay`); negative when none.
    var feedGapFromDay: Int32 = -1
    var logged = false

    /// Counts a feed of `type` with what it adds to its type's total (nil: a bottle whose amount does not count).
    @inline(__always)
    mutating func countFeed(_ type: FoodType, _ counted: Double?) {
        let quantity = counted ?? 0
        let withAmount: LogMetrics.Count = counted == nil ? 0 : 1
        switch type {
        case .breastfeeding:
            totals.breastfeeds += 1
            totals.breastfeedingSeconds += quantity
        case .formula:
            totals.formulaFeeds += 1
            totals.formulaMilliliters += quantity
            totals.bottleFeedsWithAmount += withAmount
        case .pumpedMilk:
            totals.pumpedMilkFeeds += 1
            totals.pumpedMilkMilliliters += quantity
            totals.bottleFeedsWithAmount += withAmount
        case .solids:
            totals.solidsFeeds += 1
            totals.solidsGrams += quantity
        case .other:
            totals.otherFeeds += 1
        }
    }

    /// Counts a diaper change of `type`: wet = Wet + Mixed, dirty = Dirty + Mixed.
    @inline(__always)
    mutating func countDiaper(_ type: DiaperType) {
        totals.diapers += 1
        switch type {
        case .wet:
            totals.wet += 1
        case .dirty:
            totals.dirty += 1
        case .mixed:
            totals.wet += 1
            totals.dirty += 1
            totals.mixed += 1
        case .dry:
            totals.dry += 1
        case .other:
            break
        }
    }

    /// Notes the gap to a feeding on this day (day of life `day`) from the feeding before, on day `previousDay`:
    /// within the day it may be the longest; into the day from an earlier one it is kept with the day it comes from,
    /// so a span of days counts it only when that day and every day between are in the span and logged.
    @inline(__always)
    mutating func noteFeedGap(_ gap: Double, from previousDay: Int, to day: Int) {
        if previousDay == day {
            if gap > longestFeedGap { longestFeedGap = gap }
        } else {
            feedGapIntoDay = gap
            feedGapFromDay = Int32(clamping: previousDay)
        }
    }

    /// The day's figures, with its own longest gap.
    var metrics: LogMetrics {
        var metrics = totals
        if longestFeedGap >= 0 { metrics.longestFeedGapHours = longestFeedGap / 3600 }
        return metrics
    }
}
