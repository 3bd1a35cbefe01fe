import Foundation
import ParPairModel
import Testing
@testable import ParPairAggregation

/// Feedings as sessions, and the one rule per figure: every figure below is worked out by hand in its comment.
@Suite struct FeedingSessionTests {
    static let today = CivilDate(year: 2024, month: 6, day: 20)

    /// A baby born 2024-06-03 08:00 in Berlin (day 0 is 3 June).
    static func run(
        _ logs: (inout Fixtures) -> [LogRecord], gap: Int = AggregationOptions.defaultSessionGapMinutes, fewerPhonesFrom: Date? = nil
    ) -> BabyAggregate {
        var f = Fixtures("Europe/Berlin")
        let records = logs(&f)
        var options = f.options(today: today)
        options.sessionGapMinutes = gap
        options.fewerPhonesFrom = fewerPhonesFrom
        options.now = f.at(2024, 7, 1)
        return Aggregator.aggregate(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: options, logs: records).babies[0]
    }

    @Test func aBreastfeedAndItsTopUpAreOneFeeding() throws {
        let baby = Self.run { f in
            [f.feed(.breastfeeding, f.at(2024, 6, 5, 10), end: f.at(2024, 6, 5, 10, 20)),
             // 15 minutes after the breastfeed's end: the same feeding.
             f.feed(.formula, f.at(2024, 6, 5, 10, 35), amount: 30, unit: .milliliters),
             // 55 minutes after the top-up (a bottle without an end ends where it starts): a feeding of its own.
             f.feed(.formula, f.at(2024, 6, 5, 11, 30), amount: 90, unit: .milliliters)]
        }
        let day = try #require(baby.day(2))
        #expect(day.metrics.feeds == 3)
        #expect(day.metrics.feedings == 2)
        #expect(day.metrics.breastfeeds == 1 && day.metrics.formulaFeeds == 2)
        // Between feeding starts: 10:00 to 11:30, 1.5 h (between feeds it would have been 0.58 h and 0.92 h).
        #expect(day.metrics.longestFeedGapHours == 1.5)
        #expect(day.number("feedings") == 2)
    }

    @Test func leftThenRightIsOneFeedingAndAChainStaysOne() throws {
        let baby = Self.run { f in
            [f.feed(.breastfeeding, f.at(2024, 6, 5, 10), end: f.at(2024, 6, 5, 10, 15)),
             f.feed(.breastfeeding, f.at(2024, 6, 5, 10, 20), end: f.at(2024, 6, 5, 10, 40)),
             // 30 minutes after 10:40 (the limit is inclusive), then 29 after that feed's end at 11:20.
             f.feed(.pumpedMilk, f.at(2024, 6, 5, 11, 10), end: f.at(2024, 6, 5, 11, 20), amount: 60, unit: .milliliters),
             f.feed(.solids, f.at(2024, 6, 5, 11, 49), amount: 20, unit: .grams),
             // 31 minutes after 11:49: a new feeding.
             f.feed(.formula, f.at(2024, 6, 5, 12, 20), amount: 90, unit: .milliliters)]
        }
        let day = try #require(baby.day(2))
        #expect((day.metrics.feeds, day.metrics.feedings) == (5, 2))
        #expect(day.metrics.longestFeedGapHours == 140.0 / 60)  // 10:00 to 12:20
    }

    @Test func theSessionGapIsAnOption() throws {
        let logs: (inout Fixtures) -> [LogRecord] = { f in
            [f.feed(.breastfeeding, f.at(2024, 6, 5, 10), end: f.at(2024, 6, 5, 10, 20)),
             f.feed(.formula, f.at(2024, 6, 5, 10, 35), amount: 30, unit: .milliliters)]
        }
        #expect(try #require(Self.run(logs, gap: 0).day(2)).metrics.feedings == 2)
        #expect(try #require(Self.run(logs, gap: 15).day(2)).metrics.feedings == 1)
        #expect(try #require(Self.run(logs, gap: 14).day(2)).metrics.feedings == 2)
    }

    /// A sleep 22:00 to 06:00 from a logged day into a day without logs: 2 h on the logged day and 6 h on the next;
    /// per day over the one logged day, 2.00 h (the 6 h fell on a day without logs, which counts in no per-day figure).
    @Test func perDaySleepIsOverTheLoggedDaysOnly() throws {
        let baby = Self.run { f in
            [f.sleep(f.at(2024, 6, 3, 22), f.at(2024, 6, 4, 6)),
             f.diaper(.wet, f.at(2024, 6, 3, 12))]
        }
        let week = try #require(baby.week(0))
        #expect(week.daysLogged == 1)
        #expect(week.number("sleep_h") == 8)
        #expect(week.number("sleep_h_per_day") == 2)
        #expect(week.number("wet_per_day") == 1)
    }

    /// Two copies of a breastfeed in the same start and end minutes: the one starting first counts with its own times
    /// (10:00:00 to 10:20:50, 20 min 50 s) and the other, saved first, is the one listed.
    @Test func theCopyCountedIsTheOneWhoseTimesAreUsed() throws {
        let baby = Self.run { f in
            let listed = f.feed(.breastfeeding, f.at(2024, 6, 5, 10).addingTimeInterval(30), end: f.at(2024, 6, 5, 10, 20).addingTimeInterval(10))
            let counted = f.feed(.breastfeeding, f.at(2024, 6, 5, 10), end: f.at(2024, 6, 5, 10, 20).addingTimeInterval(50))
            return [counted, listed]
        }
        let day = try #require(baby.day(2))
        #expect(day.metrics.breastfeeds == 1)
        #expect(day.metrics.breastfeedingMinutes == 1250.0 / 60)
        #expect(baby.findings.map(\.rule) == [.loggedTwice])
        #expect(baby.findings.first?.rowID == 1)
    }

    /// A bottle whose end is before its start is listed, and still counts with its amount: the finding says so.
    @Test func aBottleEndingBeforeItStartsStillCounts() throws {
        let baby = Self.run { f in
            [f.feed(.formula, f.at(2024, 6, 5, 10), end: f.at(2024, 6, 5, 9, 50), amount: 60, unit: .milliliters)]
        }
        #expect(try #require(baby.day(2)).metrics.formulaMilliliters == 60)
        let finding = try #require(baby.findings.first)
        #expect(finding.rule == .endBeforeStart)
        #expect(finding.message.key == "finding_end_before_start_plain")
        #expect(FindingMessage.englishTexts[finding.message.key]?.hasSuffix("the feed counts") == true)
    }

    /// The first month's days: the day of birth (born 08:00, after the day start) and a day without logs are not judged;
    /// 5 feedings on day 3 are under 6, and 3 wet on day 5 under the day's 5.
    @Test func theFirstMonthIsJudgedDayByDay() throws {
        let baby = Self.run { f in
            var logs: [LogRecord] = []
            for day in 3...9 where day != 7 {  // 7 June (day 4) has no logs
                // Feedings every 160 minutes from 01:00 (the last at 22:20), each with a mixed diaper 30 minutes later.
                let feedings = day == 6 ? 5 : 9
                let wet = day == 8 ? 3 : 7
                for index in 0..<9 {
                    let time = f.at(2024, 6, day, 1).addingTimeInterval(Double(index * 160 * 60))
                    guard time > f.at(2024, 6, 3, 8) else { continue }  // after the birth
                    if index < feedings { logs.append(f.feed(.formula, time, amount: 60, unit: .milliliters)) }
                    if index < wet { logs.append(f.diaper(.mixed, time.addingTimeInterval(30 * 60))) }  // wet and dirty
                }
            }
            return logs
        }
        let month = baby.firstMonth
        // The weeks chosen from the logs are week 0 alone: days 0-6.
        #expect(month.map(\.day) == Array(0...6))
        #expect(month[0].partial == .dayOfBirth && !month[0].hasConcern)
        #expect(month[4].logged == false && month[4].feedings == nil && !month[4].hasConcern)
        #expect(month[3].feedings == 5 && month[3].bands.filter(\.isConcern).map(\.metric) == ["feedings_per_day"])
        #expect(month[5].wet == 3 && month[5].bands.filter(\.isConcern).map(\.metric) == ["wet_per_day"])
        #expect(month.filter(\.hasConcern).map(\.day) == [3, 5])
        // 160 minutes between feedings, into each day from the one before too; into day 5 from day 3's 11:40 the gap
        // crosses day 4, which has no logs: missing logs, not a gap.
        #expect(month[2].longestGapHours == 160.0 / 60)
        #expect(month[5].longestGapHours == 160.0 / 60)
    }

    /// Born 3 June 08:00, wet diapers on days 0-6 but day 4; a second phone last backed up on 8 June at 12:00 (day 5):
    /// days 5 and 6 may hold one phone's logs only. They are shown and marked, never judged (3 wet on day 5 is no
    /// concern, as it is on one phone), left out of the week's per-day figures (4 logged days: 0 to 3), and the week is
    /// compared with no other.
    @Test func theDaysAfterAPhonesLastBackupAreNotJudged() throws {
        let fixtures = Fixtures("Europe/Berlin")
        let baby = Self.run({ f in
            var logs: [LogRecord] = []
            for day in 3...9 where day != 7 {
                let wet = day == 8 ? 3 : 7
                for index in 0..<wet {
                    let time = f.at(2024, 6, day, 1).addingTimeInterval(Double(index * 160 * 60))
                    if time > f.at(2024, 6, 3, 8) { logs.append(f.diaper(.mixed, time)) }
                }
            }
            return logs
        }, fewerPhonesFrom: fixtures.at(2024, 6, 8, 12))
        let month = baby.firstMonth
        #expect(month.map(\.partial) == [.dayOfBirth, nil, nil, nil, nil, .fewerPhones, .fewerPhones])
        #expect(month[5].wet == 3 && !month[5].hasConcern, "shown, not judged")
        let week = try #require(baby.weeks.first)
        #expect(week.daysOnFewerPhones == 2 && week.daysLogged == 4 && !week.hasEnded)
        #expect(baby.days.filter(\.fewerPhones).map(\.day) == [5, 6])
    }

    /// Bottles every 2 hours from the birth (3 June 08:00) to day 4, but for 6 hours on 5 June (day 2) from 11:00: the
    /// visit summary of days 0–4 judges the longest gap day by day, as the first month's table does (over 4 h in days
    /// 0–13 is a concern), and names the day; without the long gap, nothing is marked.
    @Test func theVisitSummaryJudgesTheGapBetweenFeedingsDayByDay() throws {
        for longGap in [true, false] {
            let baby = Self.run { f in
                var logs: [LogRecord] = []
                var time = f.at(2024, 6, 3, 9)
                while time < f.at(2024, 6, 8) {
                    logs.append(f.feed(.formula, time, amount: 60, unit: .milliliters))
                    time += longGap && time == f.at(2024, 6, 5, 11) ? 6 * 3600 : 2 * 3600
                }
                return logs
            }
            let summary = try #require(VisitSummary(baby, from: CivilDate(year: 2024, month: 6, day: 3), to: CivilDate(year: 2024, month: 6, day: 7)))
            let gap = try #require(summary.figures.first { $0.key == "longest_feed_gap_h" })
            #expect(gap.current == (longGap ? 6 : 2))
            #expect(gap.bands.contains(where: \.isConcern) == longGap, "\(gap.bands)")
            #expect(gap.concernDays == (longGap ? [2] : []))
            #expect(baby.firstMonth.filter(\.hasConcern).map(\.day) == (longGap ? [2] : []), "the table marks the same day")
        }
    }

    /// A figure of a kind a day holds no log of is not logged, never 0, and never judged: day 2 holds diapers but no feed,
    /// day 3 feeds but no diaper. The gap into day 3 would run across day 2, which has no feed log: missing logs, not a
    /// 27-hour gap.
    @Test func aKindNotLoggedOnADayIsNotZeroAndNotJudged() throws {
        let baby = Self.run { f in
            var logs: [LogRecord] = []
            for day in 3...9 {
                for hour in stride(from: 1, to: 24, by: 3) where day > 3 || hour > 8 {
                    let time = f.at(2024, 6, day, hour)
                    if day != 5 { logs.append(f.feed(.formula, time, amount: 60, unit: .milliliters)) }
                    if day != 6 { logs.append(f.diaper(.mixed, time.addingTimeInterval(1800))) }
                }
            }
            return logs
        }
        let month = baby.firstMonth
        let noFeeds = try #require(month.first { $0.day == 2 })
        #expect(noFeeds.logged && noFeeds.feedings == nil && noFeeds.longestGapHours == nil && noFeeds.wet == 8)
        let feedingConcerns = noFeeds.bands.filter { $0.metric == "feedings_per_day" && $0.isConcern }
        #expect(feedingConcerns.isEmpty, "0 feedings is not judged")
        let noDiapers = try #require(month.first { $0.day == 3 })
        #expect(noDiapers.feedings == 8 && noDiapers.wet == nil && noDiapers.dirty == nil)
        #expect(!noDiapers.hasConcern, "\(noDiapers.bands.filter(\.isConcern))")
        // Day 3's first feed at 01:00 follows day 1's last at 22:00 across day 2, which has no feed log: no gap into it.
        #expect(noDiapers.longestGapHours == 3)
    }

    /// The period before a visit never starts before the birth: clipped there, and it says so.
    @Test func thePeriodBeforeIsClippedAtTheBirth() throws {
        let baby = Self.run { f in (3...20).map { f.diaper(.wet, f.at(2024, 6, $0, 12)) } }
        let summary = try #require(VisitSummary(baby, from: CivilDate(year: 2024, month: 6, day: 8), to: CivilDate(year: 2024, month: 6, day: 20)))
        #expect(summary.days == 13)
        #expect(summary.previousClipped)
        #expect(summary.previousFrom == CivilDate(year: 2024, month: 6, day: 3))
        #expect(summary.previousDaysLogged == 5)  // 3 to 7 June
    }
}
