import Foundation
import ParPairAggregation
import ParPairModel
import Testing

/// Sleep time by absolute instants, worked out by hand.
@Suite struct SleepTests {
    @Test func sleepAcrossMidnightSplitsBetweenDays() throws {
        var f = Fixtures("Europe/Berlin")
        // Born Monday 2024-06-03; day 2 is 2024-06-05.
        let logs = [f.sleep(f.at(2024, 6, 5, 22), f.at(2024, 6, 6, 6))]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs)
        let day2 = try #require(result.day(2))
        let day3 = try #require(result.day(3))
        #expect(day2.number("sleep_h") == 2)
        #expect(day3.number("sleep_h") == 6)
        #expect(day2.number("sleeps") == 1)
        #expect(day3.number("sleeps") == 0)
        #expect(day2.number("longest_sleep_h") == 8)  // the whole session, on the day it starts
        #expect(day3.number("longest_sleep_h") == nil)
        #expect(day2.number("night_sleep_h") == 2)
        #expect(day3.number("night_sleep_h") == 6)
        #expect(result.week(0)?.number("sleep_h") == 8)
    }

    /// A sleep that starts on the last logged day and runs into the next week: its hours there get a week
    /// row and a day row, though nothing starts in that week.
    @Test func aWeekHoldingOnlyTheEndOfASleepIsNoRow() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [f.sleep(f.at(2024, 6, 9, 22), f.at(2024, 6, 10, 6))]  // day 6 22:00 → day 7 06:00
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs)
        // No log starts in week 1: it is no row, and neither is day 7. The sleep counts once, in week 0, whole as a
        // sleep (8 h the longest) and with the 2 h before midnight as week 0's hours.
        #expect(result.weeks.map(\.week) == [0])
        #expect(result.week(0)?.number("sleep_h") == 2)
        #expect(result.week(0)?.number("longest_sleep_h") == 8)
        #expect(result.week(0)?.number("sleeps") == 1)
        #expect(result.day(7) == nil)
        #expect(result.day(6)?.number("sleep_h") == 2)
    }

    @Test func aWeekWithoutLogsBetweenLoggedWeeksIsNoRow() throws {
        var f = Fixtures("Europe/Berlin")
        // Day 2 (2024-06-05) in week 0 and day 15 (2024-06-18) in week 2; nothing starts in week 1.
        let logs = [f.diaper(.wet, f.at(2024, 6, 5, 9)), f.diaper(.wet, f.at(2024, 6, 18, 9))]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 30), logs: logs)
        #expect(result.weeks.map(\.week) == [0, 2])
        #expect(result.day(8) == nil)
        #expect(result.day(15)?.number("wet") == 1)
    }

    @Test func sleepAcrossWeekBoundarySplitsBetweenWeeks() throws {
        var f = Fixtures("Europe/Berlin")
        // Day 6 is 2024-06-09, day 7 (week 1) is 2024-06-10. A diaper in week 1 puts it in the report
        // (weeks run from the first to the last week with logs).
        let logs = [f.sleep(f.at(2024, 6, 9, 22), f.at(2024, 6, 10, 6)), f.diaper(.wet, f.at(2024, 6, 12, 9))]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs)
        let week0 = try #require(result.week(0))
        let week1 = try #require(result.week(1))
        #expect(week0.number("sleep_h") == 2)
        #expect(week1.number("sleep_h") == 6)
        #expect(week0.number("sleeps") == 1)
        #expect(week1.number("sleeps") == 0)
        #expect(week0.number("longest_sleep_h") == 8)
        #expect(week1.number("longest_sleep_h") == nil)
        #expect(week0.number("sleep_h_per_day") == 2.0 / 1)  // week 0's one logged day, day 6
    }

    struct DaylightCase: Sendable, CustomTestStringConvertible {
        var zone: String
        var born: (Int, Int, Int)
        var night: (Int, Int, Int)
        /// Real hours from 22:00 to 24:00 and from 00:00 to 06:00 that night.
        var before: Double
        var after: Double
        var testDescription: String { zone }
    }

    static let daylightCases = [
        // Clocks go forward at 02:00 on 2024-03-10: 00:00–06:00 holds 5 real hours.
        DaylightCase(zone: "America/New_York", born: (2024, 3, 1), night: (2024, 3, 9), before: 2, after: 5),
        // Clocks go back at 03:00 on 2024-10-27: 00:00–06:00 holds 7 real hours.
        DaylightCase(zone: "Europe/Berlin", born: (2024, 10, 20), night: (2024, 10, 26), before: 2, after: 7),
        // Lord Howe moves its clock by 30 minutes at 02:00 on 2024-10-06: 5.5 real hours.
        DaylightCase(zone: "Australia/Lord_Howe", born: (2024, 10, 1), night: (2024, 10, 5), before: 2, after: 5.5),
        // And back by 30 minutes at 02:00 on 2024-04-07: 6.5 real hours.
        DaylightCase(zone: "Australia/Lord_Howe", born: (2024, 4, 1), night: (2024, 4, 6), before: 2, after: 6.5),
    ]

    @Test(arguments: daylightCases)
    func sleepAcrossDaylightChangeCountsRealHours(_ testCase: DaylightCase) throws {
        var f = Fixtures(testCase.zone)
        let (year, month, day) = testCase.night
        let start = f.at(year, month, day, 22)
        let end = f.at(year, month, day + 1, 6)
        let logs = [f.sleep(start, end), f.diaper(.wet, f.at(year, month, day + 1, 9))]
        let result = f.run(
            born: f.at(testCase.born.0, testCase.born.1, testCase.born.2, 9),
            today: CivilDate(year: year, month: month, day: day + 3), logs: logs)
        let first = CivilDate(year: year, month: month, day: day).dayNumber
            - CivilDate(year: testCase.born.0, month: testCase.born.1, day: testCase.born.2).dayNumber
        #expect(result.day(first)?.number("sleep_h") == testCase.before)
        #expect(result.day(first + 1)?.number("sleep_h") == testCase.after)
        #expect(result.day(first)?.number("longest_sleep_h") == testCase.before + testCase.after)
        // The whole night is on the night clock 19:00–07:00.
        #expect(result.day(first + 1)?.number("night_sleep_h") == testCase.after)
        #expect(result.day(first + 1)?.number("day_sleep_h") == 0)
    }

    @Test func dayOfTwentyFiveHoursHoldsTwentyFiveHoursOfSleep() throws {
        var f = Fixtures("Europe/Berlin")
        // 2024-10-27 lasts 25 hours in Berlin; two sleeps cover it completely.
        let logs = [
            f.sleep(f.at(2024, 10, 26, 20), f.at(2024, 10, 27, 12)),
            f.sleep(f.at(2024, 10, 27, 12), f.at(2024, 10, 28, 3)),
        ]
        let result = f.run(born: f.at(2024, 10, 20, 9), today: CivilDate(year: 2024, month: 10, day: 30), logs: logs)
        #expect(result.day(7)?.number("sleep_h") == 25)
        let night = try #require(result.day(7)?.number("night_sleep_h"))
        #expect(night == 7 + 1 + 5)  // 00:00–07:00 (+1 h repeated), 19:00–24:00
        #expect(result.findings.isEmpty)  // touching sessions do not overlap
    }

    @Test func overlappingSleepsCountOnceAndAreListed() throws {
        var f = Fixtures("Europe/Berlin")
        let first = f.sleep(f.at(2024, 6, 5, 13), f.at(2024, 6, 5, 15))
        let second = f.sleep(f.at(2024, 6, 5, 14), f.at(2024, 6, 5, 16))
        let inside = f.sleep(f.at(2024, 6, 5, 14, 30), f.at(2024, 6, 5, 15, 30))
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: [inside, second, first])
        let day = try #require(result.day(2))
        #expect(day.number("sleep_h") == 3)
        #expect(day.number("sleeps") == 3)
        #expect(day.number("longest_sleep_h") == 2)
        #expect(day.number("day_sleep_h") == 3)
        #expect(result.findings.map(\.rule) == [.overlappingSleep, .overlappingSleep])
        #expect(result.findings.map(\.logID) == [second.id, inside.id])
        #expect(result.findings[0].reason.contains("2024-06-05T13:00:00+02:00"))
        #expect(day.number("findings") == 2)
    }

    @Test func dayStartMovesSleepBetweenDays() throws {
        var f = Fixtures("Europe/Berlin")
        // With days starting at 02:00, 01:00–02:00 on 2024-06-06 still belongs to day 2.
        let logs = [f.sleep(f.at(2024, 6, 6, 1), f.at(2024, 6, 6, 3))]
        let result = f.run(
            born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs, dayStart: "02:00")
        #expect(result.day(2)?.number("sleep_h") == 1)
        #expect(result.day(3)?.number("sleep_h") == 1)
        #expect(result.day(2)?.number("sleeps") == 1)
        #expect(result.day(2)?.date == CivilDate(year: 2024, month: 6, day: 5))
    }

    @Test func nightFollowsTheNightOption() throws {
        var f = Fixtures("America/New_York")
        let logs = [
            f.sleep(f.at(2024, 6, 5, 22), f.at(2024, 6, 6, 8)),  // 8 h in 20:00–06:00, 2 h after
            f.sleep(f.at(2024, 6, 6, 13), f.at(2024, 6, 6, 14)),  // a nap
        ]
        let result = f.run(
            born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs, night: "20:00-06:00")
        let week = try #require(result.week(0))
        #expect(week.number("sleep_h") == 11)
        #expect(week.number("night_sleep_h") == 8)
        #expect(week.number("day_sleep_h") == 3)
    }

    @Test func sleepIsCutAtTheEndOfToday() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [f.sleep(f.at(2024, 6, 20, 22), f.at(2024, 6, 21, 6))]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs)
        #expect(result.day(17)?.number("sleep_h") == 2)
        #expect(result.day(17)?.number("longest_sleep_h") == 8)
        #expect(result.days.last?.day == 17)
    }
}
