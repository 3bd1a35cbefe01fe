import Foundation
import ParPairAggregation
import ParPairModel
import ParPairStore

/// The weekly and daily CSV rows as the tests expect them, computed from the aggregator's typed values
/// (`WeekSummary.metrics`, `DaySummary.metrics`) with the tests' own arithmetic: unit conversion, per-day
/// division and dates are worked out here, not taken from the summaries' `columns`.
enum ExpectedRows {
    /// Millilitres in one US fluid ounce (128 fl oz = 1 US gallon = 231 in³ × 16.387064 ml).
    static let millilitersPerOunce = 231 * 16.387064 / 128

    /// Aggregates a store by streaming its tables through a fresh `Aggregator`, as the docs describe.
    static func aggregate(store: String, options: AggregationOptions) throws -> AggregationResult {
        try StoreReader.withReader(path: store) { reader in
            let aggregator = Aggregator(babies: reader.babies, options: options)
            try reader.forEachFoodLog { aggregator.add($0) }
            try reader.forEachSleepLog { aggregator.add($0) }
            try reader.forEachDiaperLog { aggregator.add($0) }
            try reader.forEachActivityLog { aggregator.add($0) }
            return try aggregator.finish()
        }
    }

    /// The weekly header, written out as the documented interface.
    static func weeklyHeader(units: VolumeUnits) -> [String] {
        let volume = units == .metric ? "ml" : "oz"
        return [
            "baby", "baby_id", "week", "first_day", "last_day", "corrected_week", "corrected_day", "start_date", "end_date", "days", "days_logged",
            "days_with_feeds", "days_with_sleep", "days_with_diapers", "days_with_activities", "feeds", "feedings", "breastfeeding", "formula", "pumped_milk", "solids", "other", "breastfeeding_min",
            "formula_\(volume)", "pumped_milk_\(volume)", "solids_g", "feedings_per_day", "feeds_per_day", "bottle_\(volume)_per_day",
            "bottle_\(volume)_per_feed", "longest_feed_gap_h", "sleep_h", "night_sleep_h", "day_sleep_h", "sleeps", "longest_sleep_h",
            "sleep_h_per_day", "diapers", "wet", "dirty", "mixed", "dry", "wet_per_day", "dirty_per_day",
            "tummy_time_min", "activity_min", "findings",
        ]
    }

    /// The daily header: the weekly one without the week columns and per-day figures.
    static func dailyHeader(units: VolumeUnits) -> [String] {
        let volume = units == .metric ? "ml" : "oz"
        return [
            "baby", "baby_id", "day", "week", "corrected_week", "corrected_day", "date", "logged",
            "feeds_logged", "sleep_logged", "diapers_logged", "activities_logged",
            "feeds", "feedings", "breastfeeding", "formula", "pumped_milk", "solids", "other", "breastfeeding_min",
            "formula_\(volume)", "pumped_milk_\(volume)", "solids_g", "bottle_\(volume)_per_feed",
            "longest_feed_gap_h", "sleep_h", "night_sleep_h", "day_sleep_h", "sleeps", "longest_sleep_h",
            "diapers", "wet", "dirty", "mixed", "dry",
            "tummy_time_min", "activity_min", "findings",
        ]
    }

    static func weekly(_ result: AggregationResult) -> [[ExpectedCell]] {
        let units = result.options.units
        let today = result.options.today
        let volume = units == .metric ? "ml" : "oz"
        return result.babies.flatMap { aggregate in
            aggregate.weeks.map { summary -> [ExpectedCell] in
                let first = summary.week * 7
                let start = aggregate.birthDate.adding(days: first)
                let days = min(7, today.dayNumber - start.dayNumber + 1)
                let metrics = summary.metrics
                var cells = metricCells(metrics, units: units)
                cells["baby"] = .text(aggregate.baby.name)
                cells["baby_id"] = .text(String(aggregate.baby.id.uuidString.lowercased().prefix(8)))
                cells["week"] = .count(summary.week)
                cells["first_day"] = .count(first)
                cells["last_day"] = .count(first + 6)
                // No term in these runs: the corrected-age cells are empty.
                (cells["corrected_week"], cells["corrected_day"]) = (.text(""), .text(""))
                cells["start_date"] = .text(isoDate(start))
                cells["end_date"] = .text(isoDate(aggregate.birthDate.adding(days: first + 6)))
                cells["days"] = .count(days)
                // Per-day figures divide by the days logged for their kind (the daily rows' `logged` and counts), not by
                // `days` nor by every logged day: a day with diapers but no feed is no day of no food.
                let logged = aggregate.days.filter { $0.day / 7 == summary.week && $0.logged && !$0.inProgress }
                cells["days_logged"] = .count(logged.count)
                let fed = logged.filter { $0.metrics.feeds > 0 }, slept = logged.filter { $0.metrics.sleeps > 0 }
                let changed = logged.filter { $0.metrics.diapers > 0 }, active = logged.filter { $0.metrics.activities > 0 }
                cells["days_with_feeds"] = .count(fed.count)
                cells["days_with_sleep"] = .count(slept.count)
                cells["days_with_diapers"] = .count(changed.count)
                cells["days_with_activities"] = .count(active.count)
                func perDay(_ total: Double, _ days: [DaySummary]) -> ExpectedCell {
                    days.isEmpty ? .text("") : .figure(total / Double(days.count), decimals: 2)
                }
                cells["feeds_per_day"] = perDay(Double(feedCount(metrics)), fed)
                cells["feedings_per_day"] = perDay(Double(metrics.feedings), fed)
                cells["bottle_\(volume)_per_day"] = perDay(self.volume(metrics.formulaMilliliters + metrics.pumpedMilkMilliliters, units), fed)
                // Sleep per day is the sleep of the days a sleep starts in: sleep that ran into another day stays out.
                cells["sleep_h_per_day"] = perDay(slept.map(\.metrics.sleepHours).reduce(0, +), slept)
                cells["wet_per_day"] = perDay(Double(metrics.wet), changed)
                cells["dirty_per_day"] = perDay(Double(metrics.dirty), changed)
                cells["findings"] = .count(summary.findings)
                return ordered(cells, by: weeklyHeader(units: units))
            }
        }
    }

    static func daily(_ result: AggregationResult) -> [[ExpectedCell]] {
        let units = result.options.units
        return result.babies.flatMap { aggregate in
            aggregate.days.map { summary -> [ExpectedCell] in
                let metrics = summary.metrics
                var cells = metricCells(metrics, units: units)
                // A day with no logs has no figures: every metric cell is empty, not zero. A logged day without a kind's
                // logs has that kind's cells empty (diapers but no feed: no feed count of 0); sleep is logged on a day
                // that holds hours of a sleep begun the evening before, too.
                let volume = units == .metric ? "ml" : "oz"
                let kinds: [(flag: String, logged: Bool, columns: [String])] = [
                    ("feeds_logged", metrics.feeds > 0, ["feeds", "feedings", "breastfeeding", "formula", "pumped_milk", "solids", "other",
                                                         "breastfeeding_min", "formula_\(volume)", "pumped_milk_\(volume)", "solids_g",
                                                         "bottle_\(volume)_per_feed", "longest_feed_gap_h"]),
                    ("sleep_logged", metrics.sleeps > 0 || metrics.sleepHours > 0,
                     ["sleep_h", "night_sleep_h", "day_sleep_h", "sleeps", "longest_sleep_h"]),
                    ("diapers_logged", metrics.diapers > 0, ["diapers", "wet", "dirty", "mixed", "dry"]),
                    ("activities_logged", metrics.activities > 0, ["tummy_time_min", "activity_min"]),
                ]
                for kind in kinds {
                    let logged = summary.logged && kind.logged
                    cells[kind.flag] = .count(logged ? 1 : 0)
                    if !logged { for column in kind.columns { cells[column] = .text("") } }
                }
                cells["baby"] = .text(aggregate.baby.name)
                cells["baby_id"] = .text(String(aggregate.baby.id.uuidString.lowercased().prefix(8)))
                cells["day"] = .count(summary.day)
                cells["week"] = .count(summary.day / 7)
                (cells["corrected_week"], cells["corrected_day"]) = (.text(""), .text(""))
                cells["date"] = .text(isoDate(aggregate.birthDate.adding(days: summary.day)))
                cells["logged"] = .count(summary.logged ? 1 : 0)
                cells["findings"] = .count(summary.findings)
                return ordered(cells, by: dailyHeader(units: units))
            }
        }
    }

    /// The cells in header order; a header name without an expectation gets one that no cell matches.
    static func ordered(_ cells: [String: ExpectedCell], by header: [String]) -> [ExpectedCell] {
        header.map { cells[$0] ?? .text("(the test has no expectation for \($0))") }
    }

    /// The metric totals shared by weekly and daily rows, by column name, without per-day figures.
    static func metricCells(_ metrics: LogMetrics, units: VolumeUnits) -> [String: ExpectedCell] {
        let volume = units == .metric ? "ml" : "oz"
        let volumeDecimals = units == .metric ? 1 : 2
        return [
            "feeds": .count(feedCount(metrics)),
            "feedings": .count(Int(metrics.feedings)),
            "breastfeeding": .count(Int(metrics.breastfeeds)),
            "formula": .count(Int(metrics.formulaFeeds)),
            "pumped_milk": .count(Int(metrics.pumpedMilkFeeds)),
            "solids": .count(Int(metrics.solidsFeeds)),
            "other": .count(Int(metrics.otherFeeds)),
            "breastfeeding_min": .figure(metrics.breastfeedingMinutes, decimals: 1),
            "formula_\(volume)": .figure(self.volume(metrics.formulaMilliliters, units), decimals: volumeDecimals),
            "pumped_milk_\(volume)": .figure(self.volume(metrics.pumpedMilkMilliliters, units), decimals: volumeDecimals),
            "solids_g": .figure(metrics.solidsGrams, decimals: 1),
            "bottle_\(volume)_per_feed": .figure(
                metrics.bottleFeedsWithAmount > 0
                    ? self.volume((metrics.formulaMilliliters + metrics.pumpedMilkMilliliters) / Double(metrics.bottleFeedsWithAmount), units) : nil,
                decimals: volumeDecimals),
            "longest_feed_gap_h": .figure(metrics.longestFeedGapHours, decimals: 2),
            "sleep_h": .figure(metrics.sleepHours, decimals: 2),
            "night_sleep_h": .figure(metrics.nightSleepHours, decimals: 2),
            "day_sleep_h": .figure(max(0, metrics.sleepHours - metrics.nightSleepHours), decimals: 2),
            "sleeps": .count(Int(metrics.sleeps)),
            "longest_sleep_h": .figure(metrics.longestSleepHours, decimals: 2),
            "diapers": .count(Int(metrics.diapers)),
            "wet": .count(Int(metrics.wet)),
            "dirty": .count(Int(metrics.dirty)),
            "mixed": .count(Int(metrics.mixed)),
            "dry": .count(Int(metrics.dry)),
            "tummy_time_min": .figure(metrics.tummyTimeMinutes, decimals: 1),
            "activity_min": .figure(metrics.activityMinutes, decimals: 1),
        ]
    }

    static func feedCount(_ metrics: LogMetrics) -> Int {
        Int(metrics.breastfeeds) + Int(metrics.formulaFeeds) + Int(metrics.pumpedMilkFeeds) + Int(metrics.solidsFeeds) + Int(metrics.otherFeeds)
    }

    static func volume(_ milliliters: Double, _ units: VolumeUnits) -> Double {
        units == .metric ? milliliters : milliliters / millilitersPerOunce
    }

    static func isoDate(_ date: CivilDate) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
    }
}
