@testable import ParPairAggregation
import ParPairModel
import Testing

/// "This week vs last week" compares per-day figures.
@Suite struct WeekComparisonTests {
    /// Born Monday 2024-06-03 08:00 in Berlin: week 0 is June 3–9, week 1 June 10–16, week 2 June 17–23.
    static func logs(_ f: inout Fixtures, week1Days: ClosedRange<Int> = 10...16) -> [LogRecord] {
        var logs: [LogRecord] = []
        // Week 0: one feed of 100 ml and one wet diaper a day.
        for day in 3...9 {
            logs.append(f.feed(.formula, f.at(2024, 6, day, 9), amount: 100, unit: .milliliters))
            logs.append(f.diaper(.wet, f.at(2024, 6, day, 10)))
        }
        // Week 1: two feeds (150 ml) and one wet diaper a day.
        for day in week1Days {
            logs.append(f.feed(.formula, f.at(2024, 6, day, 9), amount: 100, unit: .milliliters))
            logs.append(f.feed(.formula, f.at(2024, 6, day, 15), amount: 50, unit: .milliliters))
            logs.append(f.diaper(.wet, f.at(2024, 6, day, 10)))
        }
        // Week 2 so far (June 17–19): three feeds a day, no diapers.
        for day in 17...19 {
            for hour in [8, 12, 16] { logs.append(f.feed(.formula, f.at(2024, 6, day, hour), amount: 60, unit: .milliliters)) }
        }
        return logs
    }

    /// The latest week that has ended (week 1) against the one before; week 2, in progress, rides along "so far".
    @Test func comparesPerDayFigures() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = Self.logs(&f)
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 19), logs: logs)
        let comparison = try #require(result.latestComparison)
        #expect((comparison.currentWeek, comparison.previousWeek) == (1, 0))
        let feeds = try #require(comparison.change("feedings_per_day"))  // each feed a feeding of its own: hours apart
        #expect((feeds.current, feeds.previous, feeds.delta) == (2, 1, 1))
        #expect(feeds.direction == .up)
        #expect(feeds.deltaText == "+1.0")  // counts per day to one decimal
        let bottle = try #require(comparison.change("bottle_ml_per_day"))
        #expect(bottle.delta == 50)
        let wet = try #require(comparison.change("wet_per_day"))
        #expect(wet.direction == .same)
        #expect(wet.deltaText == "0.0")
        // No sleep logged in either week: not logged, never 0 hours, so no direction.
        let sleep = try #require(comparison.change("sleep_h_per_day"))
        #expect(sleep.current == nil && sleep.previous == nil && sleep.direction == .unknown)
        #expect(comparison.changes.map(\.name) == ["feedings_per_day", "bottle_ml_per_day", "sleep_h_per_day", "wet_per_day", "dirty_per_day"])
        #expect(comparison.changes.map(\.label)
            == ["Feedings per day", "Bottle ml per day", "Sleep hours per day", "Wet diapers per day", "Dirty diapers per day"])
        // Week 2 so far: 3 days, each 3 feeds of 60 ml and no diaper.
        let soFar = try #require(comparison.soFar)
        #expect((soFar.week, soFar.days, soFar.daysLogged) == (2, 3, 3))
        #expect(soFar.values[0] == 3)
        #expect(soFar.values[1] == 180)
        #expect(soFar.values[3] == nil, "no diaper logged so far: not 0 wet diapers a day")
    }

    /// The rows' labels in either unit: the bottle's names its unit, the others stay as written.
    @Test func theLabelsNameTheUnit() {
        let labels = { (units: VolumeUnits) in ReportFigure.compared.map { WeekComparison.label($0, units: units) } }
        #expect(labels(.imperial) == ["Feedings per day", "Bottle oz per day", "Sleep hours per day", "Wet diapers per day", "Dirty diapers per day"])
        #expect(labels(.metric) == ["Feedings per day", "Bottle ml per day", "Sleep hours per day", "Wet diapers per day", "Dirty diapers per day"])
    }

    /// A week that has ended with fewer than 4 logged days is not compared: the latest with 4 or more is week 0,
    /// which has no week before it.
    @Test func aPartlyLoggedWeekIsNotCompared() {
        var f = Fixtures("Europe/Berlin")
        let logs = Self.logs(&f, week1Days: 10...12)
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 19), logs: logs)
        #expect(result.latestComparison == nil)
        // Ending the report on June 12, week 1 is in progress: nothing to compare it with either.
        let early = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 12), logs: logs)
        #expect(early.latestComparison == nil)
    }

    /// Born Monday 2024-06-03 08:00: a feed and a wet diaper each day of week 0 (June 3–9) and feeds each day of week 1
    /// (June 10–16), but diapers logged on 3 of its days only (June 10–12, two wet each). Wet per day: week 0 1.0
    /// (7 over 7 days), week 1 2.0 (6 over 3 days); 3 days of diapers are too few to judge, so too few to compare.
    @Test func aFigureWithTooFewDaysOfItsKindIsShownNotCompared() throws {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        for day in 3...16 { logs.append(f.feed(.formula, f.at(2024, 6, day, 9), amount: 100, unit: .milliliters)) }
        for day in 3...9 { logs.append(f.diaper(.wet, f.at(2024, 6, day, 10))) }
        for day in 10...12 { logs += [f.diaper(.wet, f.at(2024, 6, day, 10)), f.diaper(.wet, f.at(2024, 6, day, 14))] }
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 17), logs: logs)
        let comparison = try #require(result.latestComparison)
        let wet = try #require(comparison.change("wet_per_day"))
        #expect((wet.previous, wet.current) == (1, 2))
        #expect(wet.direction == .tooFewDays && wet.direction.symbol.isEmpty && wet.deltaText.isEmpty)
        // Feeds were logged on all 7 days of both weeks: compared as ever (the day of birth begins at 08:00, still a day with a feed).
        let feeds = try #require(comparison.change("feedings_per_day"))
        #expect(feeds.direction == .same && feeds.deltaText == "0.0")
        // The visit summary of week 1 against week 0 compares as the weeks do.
        let visit = try #require(VisitSummary(result, from: CivilDate(year: 2024, month: 6, day: 10), to: CivilDate(year: 2024, month: 6, day: 16)))
        let visitWet = try #require(visit.figures.first { $0.key == "wet_per_day" })
        #expect((visitWet.previous, visitWet.current) == (1, 2))
        #expect(visitWet.change.direction == .tooFewDays)
        #expect(try #require(visit.figures.first { $0.key == "feedings_per_day" }).change.direction == .same)
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
