import ParPairAggregation
import ParPairModel
import Testing

/// "This week vs last week" compares per-day figures.
@Suite struct WeekComparisonTests {
    @Test func comparesPerDayFigures() throws {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        for day in 3...9 { logs.append(f.feed(.formula, f.at(2024, 6, day, 9), amount: 100, unit: .milliliters)) }
        for day in 3...9 { logs.append(f.diaper(.wet, f.at(2024, 6, day, 10))) }
        // Week 1 so far: days 7–9 (2024-06-10 … 12), two feeds and one wet diaper a day.
        for day in 10...12 {
            logs.append(f.feed(.formula, f.at(2024, 6, day, 9), amount: 100, unit: .milliliters))
            logs.append(f.feed(.formula, f.at(2024, 6, day, 15), amount: 50, unit: .milliliters))
            logs.append(f.diaper(.wet, f.at(2024, 6, day, 10)))
        }
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 12), logs: logs)
        let comparison = try #require(result.latestComparison)
        #expect((comparison.currentWeek, comparison.previousWeek) == (1, 0))
        let feeds = try #require(comparison.change("feeds_per_day"))
        #expect((feeds.current, feeds.previous, feeds.delta) == (2, 1, 1))
        #expect(feeds.direction == .up)
        #expect(feeds.deltaText == "+1.0")  // counts per day to one decimal
        let bottle = try #require(comparison.change("bottle_ml_per_day"))
        #expect(bottle.delta == 50)
        let wet = try #require(comparison.change("wet_per_day"))
        #expect(wet.direction == .same)
        #expect(wet.deltaText == "0.0")
        let sleep = try #require(comparison.change("sleep_h_per_day"))
        #expect(sleep.direction == .same)
        #expect(comparison.changes.map(\.name) == ["feeds_per_day", "bottle_ml_per_day", "sleep_h_per_day", "wet_per_day", "dirty_per_day"])
    }

    @Test func directionIgnoresDifferencesBelowThePrecision() {
        let change = MetricChange(name: "sleep_h_per_day", label: "Sleep", current: 14.001, previous: 14.004, decimals: 2)
        #expect(change.direction == .same)
        let down = MetricChange(name: "sleep_h_per_day", label: "Sleep", current: 13.5, previous: 14.25, decimals: 2)
        #expect(down.direction == .down)
        #expect(down.deltaText == "-0.75")
        #expect(MetricChange(name: "x", label: "x", current: nil, previous: 1, decimals: 2).direction == .unknown)
    }
}
