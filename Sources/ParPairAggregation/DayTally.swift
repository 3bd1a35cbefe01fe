/// The running totals of one day while logs stream in; times in seconds, volumes in ml.
struct DayTally {
    var logged = false
    var breastfeeds = 0
    var formulaFeeds = 0
    var pumpedMilkFeeds = 0
    var solidsFeeds = 0
    var otherFeeds = 0
    var breastfeedingSeconds = 0.0
    var formulaMilliliters = 0.0
    var pumpedMilkMilliliters = 0.0
    var solidsGrams = 0.0
    /// Longest gap between consecutive feed starts both in this day; negative when none.
    var longestFeedGap = -1.0
    var sleepSeconds = 0.0
    var nightSleepSeconds = 0.0
    var sleeps = 0
    /// Longest valid sleep session starting in this day; negative when none.
    var longestSleep = -1.0
    var diapers = 0
    var wet = 0
    var dirty = 0
    var mixed = 0
    var dry = 0
    var tummyTimeSeconds = 0.0
    var activitySeconds = 0.0
    var activities = 0

    /// The day's figures in the units of `LogMetrics`.
    var metrics: LogMetrics {
        var metrics = LogMetrics()
        add(to: &metrics)
        if longestFeedGap >= 0 { metrics.longestFeedGapHours = longestFeedGap / 3600 }
        return metrics
    }

    /// Adds this day's totals to a week's (the feed gap is the week's own: gaps cross days).
    func add(to metrics: inout LogMetrics) {
        metrics.breastfeeds += breastfeeds
        metrics.formulaFeeds += formulaFeeds
        metrics.pumpedMilkFeeds += pumpedMilkFeeds
        metrics.solidsFeeds += solidsFeeds
        metrics.otherFeeds += otherFeeds
        metrics.breastfeedingMinutes += breastfeedingSeconds / 60
        metrics.formulaMilliliters += formulaMilliliters
        metrics.pumpedMilkMilliliters += pumpedMilkMilliliters
        metrics.solidsGrams += solidsGrams
        metrics.sleepHours += sleepSeconds / 3600
        metrics.nightSleepHours += nightSleepSeconds / 3600
        metrics.sleeps += sleeps
        if longestSleep >= 0 {
            metrics.longestSleepHours = max(metrics.longestSleepHours ?? 0, longestSleep / 3600)
        }
        metrics.diapers += diapers
        metrics.wet += wet
        metrics.dirty += dirty
        metrics.mixed += mixed
        metrics.dry += dry
        metrics.tummyTimeMinutes += tummyTimeSeconds / 60
        metrics.activityMinutes += activitySeconds / 60
        metrics.activities += activities
    }
}
