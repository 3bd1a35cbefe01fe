import Foundation
import ParPairAggregation
import ParPairModel
import Testing

/// The per-day timeline for the 24-hour chart and the 14-day table.
@Suite struct TimelineTests {
    @Test func keepsTheLastFourteenDaysOfTheSelection() throws {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        for day in 3...30 { logs.append(f.diaper(.wet, f.at(2024, 6, day, 9))) }
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 26), logs: logs)
        #expect(result.timeline.map(\.day) == Array(10...23))
        #expect(result.timeline.allSatisfy { $0.diapers == [DayTimeline.Diaper(minute: 9 * 60, type: .wet)] })
        let shortSelection = f.run(
            born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 26), logs: logs, weeks: .weeks(1...1))
        #expect(shortSelection.timeline.map(\.day) == Array(7...13))
    }

    @Test func minutesCountFromTheDayStartOnTheLocalClock() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [
            f.sleep(f.at(2024, 6, 5, 22), f.at(2024, 6, 6, 6)),
            f.feed(.breastfeeding, f.at(2024, 6, 6, 6, 15), end: f.at(2024, 6, 6, 6, 30)),
            f.diaper(.mixed, f.at(2024, 6, 6, 1)),
        ]
        let result = f.run(
            born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 8), logs: logs, dayStart: "05:30")
        // Day 2 runs from 2024-06-05 05:30 to 2024-06-06 05:30.
        let day2 = try #require(result.timeline.first { $0.day == 2 })
        #expect(day2.sleeps == [DayTimeline.Sleep(start: 990, end: 1440)])  // 22:00 → 05:30
        #expect(day2.diapers == [DayTimeline.Diaper(minute: 1170, type: .mixed)])  // 01:00
        let day3 = try #require(result.timeline.first { $0.day == 3 })
        #expect(day3.sleeps == [DayTimeline.Sleep(start: 0, end: 30)])  // 05:30 → 06:00
        #expect(day3.feeds == [DayTimeline.Feed(minute: 45, type: .breastfeeding)])
        #expect(day3.dayStart.description == "05:30")
    }

    @Test func daylightChangeShowsOnTheClock() throws {
        var f = Fixtures("America/New_York")
        // 2024-03-10: the clock jumps from 02:00 to 03:00.
        let logs = [f.sleep(f.at(2024, 3, 10, 1), f.at(2024, 3, 10, 4)), f.diaper(.wet, f.at(2024, 3, 10, 5))]
        let result = f.run(born: f.at(2024, 3, 8, 8), today: CivilDate(year: 2024, month: 3, day: 10), logs: logs)
        let day = try #require(result.timeline.last)
        #expect(day.sleeps == [DayTimeline.Sleep(start: 60, end: 120), DayTimeline.Sleep(start: 180, end: 240)])
        #expect(result.day(2)?.number("sleep_h") == 2)
        #expect(day.diapers.map(\.minute) == [300])
    }
}
