/// The metric cells shared by weekly and daily rows, in CSV order, names as in the definitions.
extension LogMetrics {
    /// Decimals per kind of figure: counts are whole; ml, g and minutes one decimal; hours, oz and
    /// per-day figures two.
    enum Precision {
        static let milliliters = 1
        static let grams = 1
        static let minutes = 1
        static let hours = 2
        static let ounces = 2
        static let perDay = 2
    }

    /// The metric columns; with `days` the per-day columns are included (weekly rows), without them
    /// not (daily rows, where they would repeat the totals).
    func columns(units: VolumeUnits, perDayOver days: Int?) -> [SummaryColumn] {
        let volume = units.symbol
        let volumeDecimals = units == .metric ? Precision.milliliters : Precision.ounces
        func count(_ name: String, _ value: Int) -> SummaryColumn { SummaryColumn(name: name, value: .count(value)) }
        func decimal(_ name: String, _ value: Double?, _ decimals: Int) -> SummaryColumn {
            SummaryColumn(name: name, value: .decimal(value, decimals: decimals))
        }
        func perDay(_ name: String, _ total: Double) -> SummaryColumn? {
            guard let days else { return nil }
            return decimal(name, days > 0 ? total / Double(days) : nil, Precision.perDay)
        }
        let rows: [SummaryColumn?] = [
            count("feeds", feeds),
            count("breastfeeding", breastfeeds),
            count("formula", formulaFeeds),
            count("pumped_milk", pumpedMilkFeeds),
            count("solids", solidsFeeds),
            count("other", otherFeeds),
            decimal("breastfeeding_min", breastfeedingMinutes, Precision.minutes),
            decimal("formula_\(volume)", units.volume(milliliters: formulaMilliliters), volumeDecimals),
            decimal("pumped_milk_\(volume)", units.volume(milliliters: pumpedMilkMilliliters), volumeDecimals),
            decimal("solids_g", solidsGrams, Precision.grams),
            perDay("feeds_per_day", Double(feeds)),
            perDay("bottle_\(volume)_per_day", units.volume(milliliters: bottleMilliliters)),
            decimal("longest_feed_gap_h", longestFeedGapHours, Precision.hours),
            decimal("sleep_h", sleepHours, Precision.hours),
            decimal("night_sleep_h", nightSleepHours, Precision.hours),
            decimal("day_sleep_h", daySleepHours, Precision.hours),
            count("sleeps", sleeps),
            decimal("longest_sleep_h", longestSleepHours, Precision.hours),
            perDay("sleep_h_per_day", sleepHours),
            count("diapers", diapers),
            count("wet", wet),
            count("dirty", dirty),
            count("mixed", mixed),
            count("dry", dry),
            perDay("wet_per_day", Double(wet)),
            perDay("dirty_per_day", Double(dirty)),
            decimal("tummy_time_min", tummyTimeMinutes, Precision.minutes),
            decimal("activity_min", activityMinutes, Precision.minutes),
        ]
        return rows.compactMap { $0 }
    }
}
