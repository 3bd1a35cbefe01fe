import Foundation
import ParPairAggregation
import ParPairModel
import Testing

/// Feeds, diapers and activities, worked out by hand.
@Suite struct FeedTests {
    static let born = (2024, 6, 3)
    static let today = CivilDate(year: 2024, month: 6, day: 16)

    @Test func mixedMillilitresAndOuncesAddUp() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [
            f.feed(.formula, f.at(2024, 6, 4, 8), amount: 4, unit: .ounces),
            f.feed(.formula, f.at(2024, 6, 4, 12), amount: 60, unit: .milliliters),
            f.feed(.pumpedMilk, f.at(2024, 6, 5, 9), amount: 2.5, unit: .ounces),
        ]
        let metric = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: logs)
        let week = try #require(metric.week(0))
        // 4 × 29.5735295625 + 60 = 178.29411825 ml; 2.5 oz = 73.93382390625 ml.
        #expect(abs(try #require(week.number("formula_ml")) - 178.29411825) < 1e-9)
        #expect(abs(try #require(week.number("pumped_milk_ml")) - 73.93382390625) < 1e-9)
        #expect(week.value(of: "formula_ml")?.formatted == "178.3")
        #expect(week.value(of: "pumped_milk_ml")?.formatted == "73.9")
        // Per day over the 2 logged days (June 4 and 5): 252.22794215625 / 2 = 126.113971078125.
        #expect(week.number("days_logged") == 2)
        #expect(week.value(of: "bottle_ml_per_day")?.formatted == "126.11")
        #expect(week.number("formula") == 2)
        #expect(week.number("pumped_milk") == 1)

        let imperial = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: logs, units: .imperial)
        let ounces = try #require(imperial.week(0))
        // 4 oz + 60 ml = 4 + 2.028841… = 6.028841… oz.
        #expect(abs(try #require(ounces.number("formula_oz")) - (4 + 60 / 29.5735295625)) < 1e-9)
        #expect(ounces.value(of: "formula_oz")?.formatted == "6.03")
        #expect(ounces.value(of: "pumped_milk_oz")?.formatted == "2.50")
        #expect(ounces.value(of: "bottle_oz_per_day")?.formatted == "4.26")  // 8.528841… / 2
        #expect(ounces.value(of: "formula_ml") == nil)
        #expect(ounces.value(of: "solids_g") != nil)
    }

    @Test func bottlePerFeedAveragesTheBottlesWithAnAmount() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [
            f.feed(.formula, f.at(2024, 6, 4, 8), amount: 90, unit: .milliliters),
            f.feed(.formula, f.at(2024, 6, 4, 12), amount: 120, unit: .milliliters),
            f.feed(.pumpedMilk, f.at(2024, 6, 4, 16)),  // no amount: a finding, and not a bottle with an amount
            f.feed(.breastfeeding, f.at(2024, 6, 4, 20), end: f.at(2024, 6, 4, 20, 15)),
            // June 5: 4 oz = 118.29411825 ml and 60 ml in grams (left out with a finding).
            f.feed(.pumpedMilk, f.at(2024, 6, 5, 9), amount: 4, unit: .ounces),
            f.feed(.formula, f.at(2024, 6, 5, 13), amount: 60, unit: .grams),
            // June 6: a breastfeed only.
            f.feed(.breastfeeding, f.at(2024, 6, 6, 9), end: f.at(2024, 6, 6, 9, 20)),
        ]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: logs)
        // June 4 is day 1: (90 + 120) / 2 = 105 ml.
        #expect(result.day(1)?.value(of: "bottle_ml_per_feed")?.formatted == "105.0")
        // June 5 is day 2: one bottle that counts, 118.29411825 ml.
        #expect(result.day(2)?.value(of: "bottle_ml_per_feed")?.formatted == "118.3")
        // June 6 has no bottle: an empty cell, not zero.
        #expect(result.day(3)?.value(of: "bottle_ml_per_feed")?.formatted == "")
        // The week: (90 + 120 + 118.29411825) / 3 = 109.43137275 ml.
        let week = try #require(result.week(0))
        #expect(week.value(of: "bottle_ml_per_feed")?.formatted == "109.4")

        let imperial = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: logs, units: .imperial)
        // 210 ml / 2 = 105 ml = 3.5505… oz; the week's 109.43137275 ml = 3.7003… oz.
        #expect(imperial.day(1)?.value(of: "bottle_oz_per_feed")?.formatted == "3.55")
        #expect(imperial.week(0)?.value(of: "bottle_oz_per_feed")?.formatted == "3.70")
        #expect(imperial.week(0)?.value(of: "bottle_ml_per_feed") == nil)

        // The visit of days 1 to 3: the period's 328.29411825 ml over its 3 bottles with an amount, shown whole.
        let visit = try #require(VisitSummary(result, from: CivilDate(year: 2024, month: 6, day: 4), to: CivilDate(year: 2024, month: 6, day: 6)))
        let figure = try #require(visit.figures.first { $0.key == "bottle_per_feed" })
        #expect(abs(try #require(figure.current) - 109.43137275) < 1e-9)
        #expect(figure.decimals == 0)
        #expect(figure.daily.count == 3)
        #expect(figure.daily[0] == 105)
        #expect(figure.daily[2] == nil)
        #expect(VisitSummary.figureKeys.firstIndex(of: "bottle_per_feed") == VisitSummary.figureKeys.firstIndex(of: "bottle_per_day").map { $0 + 1 })
    }

    @Test func breastfeedsSolidsAndGaps() throws {
        var f = Fixtures("America/New_York")
        let logs = [
            f.feed(.breastfeeding, f.at(2024, 6, 4, 1), end: f.at(2024, 6, 4, 1, 20)),
            f.feed(.breastfeeding, f.at(2024, 6, 4, 4, 30), end: f.at(2024, 6, 4, 4, 45)),
            f.feed(.solids, f.at(2024, 6, 4, 12), amount: 35, unit: .grams),
            f.feed(.solids, f.at(2024, 6, 4, 18), end: f.at(2024, 6, 4, 18, 10)),  // no amount: normal
            f.feed(.breastfeeding, f.at(2024, 6, 5, 3), end: f.at(2024, 6, 5, 3, 25)),
        ]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: logs)
        let day1 = try #require(result.day(1))
        #expect(day1.number("feeds") == 4)
        #expect(day1.number("breastfeeding") == 2)
        #expect(day1.number("solids") == 2)
        #expect(day1.number("breastfeeding_min") == 35)
        #expect(day1.number("solids_g") == 35)
        #expect(day1.number("longest_feed_gap_h") == 7.5)  // 04:30 → 12:00
        #expect(result.day(2)?.number("longest_feed_gap_h") == nil)  // a single feed
        let week = try #require(result.week(0))
        #expect(week.number("longest_feed_gap_h") == 9)  // 18:00 → 03:00 crosses midnight inside the week
        #expect(week.number("feeds_per_day") == 5.0 / 2)  // two logged days, June 4 and 5
        #expect(week.number("breastfeeding_min") == 60)
        #expect(result.findings.isEmpty)
    }

    /// The longest feed gap is between consecutive feeds inside the span, and a gap across a whole day without a
    /// feed log is missing logs, not a feeding gap, whatever else the day holds (issue 51: a feedless day is feeds
    /// not logged, never 0 feeds).
    @Test func feedGapsStayInsideWhatWasLogged() throws {
        var f = Fixtures("Europe/Berlin")
        // Born Monday June 3; days of life 1 … 5 are June 4 … 8.
        let feeds = [
            f.feed(.formula, f.at(2024, 6, 4, 8), amount: 90, unit: .milliliters),   // day 1
            f.feed(.formula, f.at(2024, 6, 4, 20), amount: 90, unit: .milliliters),  // day 1: 12 h inside the day
            f.feed(.formula, f.at(2024, 6, 5, 2), amount: 90, unit: .milliliters),   // day 2: 6 h across midnight
            f.feed(.formula, f.at(2024, 6, 5, 5), amount: 90, unit: .milliliters),   // day 2: 3 h
            f.feed(.formula, f.at(2024, 6, 8, 6), amount: 90, unit: .milliliters),   // day 5: 73 h after day 2's last
            f.feed(.formula, f.at(2024, 6, 8, 10), amount: 90, unit: .milliliters),  // day 5: 4 h
        ]
        // Days 3 and 4 (June 6 and 7) hold nothing: the 73 h are not a gap between feeds that were logged.
        let unlogged = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: feeds)
        #expect(try #require(unlogged.week(0)).number("longest_feed_gap_h") == 12)
        #expect(unlogged.day(5)?.number("longest_feed_gap_h") == 4)
        // With a diaper on each of those days, they still hold no feed log: the 73 h do not count either.
        let diapers = [f.diaper(.wet, f.at(2024, 6, 6, 9)), f.diaper(.wet, f.at(2024, 6, 7, 9))]
        let logged = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: feeds + diapers)
        #expect(try #require(logged.week(0)).number("longest_feed_gap_h") == 12)

        // The visit of days 5 to 6 (June 8 and 9): only day 5's feeds are inside it, 4 h apart; the 73 h reach
        // back before the period. The visit of days 2 to 5: day 2's 6 h gap comes from day 1, outside; inside,
        // 3 h, then 4 h, and never the 73 h across days 3 and 4, which hold no feed log.
        func visit(_ aggregate: BabyAggregate, _ from: Int, _ to: Int) -> Double? {
            VisitSummary(aggregate, from: CivilDate(year: 2024, month: 6, day: 3 + from), to: CivilDate(year: 2024, month: 6, day: 3 + to))?
                .figures.first { $0.key == "longest_feed_gap_h" }?.current
        }
        #expect(visit(unlogged, 5, 6) == 4)
        #expect(visit(logged, 5, 6) == 4)
        #expect(visit(unlogged, 2, 5) == 4)
        #expect(visit(logged, 2, 5) == 4)
        #expect(visit(unlogged, 1, 2) == 12)
    }

    @Test func diapersAndActivities() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [
            f.diaper(.wet, f.at(2024, 6, 4, 8)),
            f.diaper(.mixed, f.at(2024, 6, 4, 10)),
            f.diaper(.dirty, f.at(2024, 6, 4, 12)),
            f.diaper(.dry, f.at(2024, 6, 4, 14)),
            f.activity(.tummyTime, f.at(2024, 6, 4, 9), f.at(2024, 6, 4, 9, 5)),
            f.activity(.tummyTime, f.at(2024, 6, 4, 23, 55), f.at(2024, 6, 5, 0, 10)),  // by start: all 15 min on day 1
            f.activity(.bath, f.at(2024, 6, 4, 19), f.at(2024, 6, 4, 19, 12)),
        ]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: logs)
        let day = try #require(result.day(1))
        #expect(day.number("diapers") == 4)
        #expect(day.number("wet") == 2)
        #expect(day.number("dirty") == 2)
        #expect(day.number("mixed") == 1)
        #expect(day.number("dry") == 1)
        #expect(day.number("tummy_time_min") == 20)
        #expect(day.number("activity_min") == 32)
        #expect(result.day(2)?.number("tummy_time_min") == 0)
        let week = try #require(result.week(0))
        // Everything starts on June 4: one logged day.
        #expect(week.number("wet_per_day") == 2.0 / 1)
        #expect(week.number("dirty_per_day") == 2.0 / 1)
    }

    @Test func babiesAreKeptApart() throws {
        var f = Fixtures("Europe/Berlin")
        let twin = Baby(id: Fixtures.id(9_999), name: "Noa", birthday: f.at(2024, 6, 3, 9), rowID: 2)
        let logs = [
            f.diaper(.wet, f.at(2024, 6, 4, 8)),
            f.diaper(.wet, f.at(2024, 6, 4, 9), baby: .baby(id: twin.id)),
            f.diaper(.dirty, f.at(2024, 6, 4, 10), baby: .baby(id: twin.id)),
        ]
        let result = Aggregator.aggregate(
            babies: [f.baby(born: f.at(2024, 6, 3, 8)), twin], options: f.options(today: Self.today), logs: logs)
        #expect(result.babies.map(\.baby.name) == ["Mia", "Noa"])
        #expect(result.babies[0].week(0)?.number("diapers") == 1)
        #expect(result.babies[1].week(0)?.number("diapers") == 2)
        #expect(result.babies[1].week(0)?.value(of: "baby")?.formatted == "Noa")
    }
}
