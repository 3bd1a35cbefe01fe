import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import Testing

/// Which week a digest covers: week k (days 7k…7k+6 of life) once 7k+6 is before today's day of life.
@Suite("Digest week selection")
struct DigestWeekTests {
    @Test("latest complete week by day of life today", arguments: [
        (0, nil), (6, nil), (7, 0), (13, 0), (14, 1), (20, 1), (21, 2), (149, 20),
    ] as [(Int, Int?)])
    func latestCompleteWeek(today: Int, expected: Int?) {
        #expect(DigestWeekChoice.latestCompleteWeek(dayOfLifeToday: today) == expected)
    }

    struct WeekdayCase: CustomTestStringConvertible, Sendable {
        var weekday: String
        var birth: String
        var expectedWeek: Int
        var start: String
        var end: String
        /// The day of life on Monday 2026-11-23.
        var ageToday: Int
        var testDescription: String { "born on a \(weekday)" }
    }

    /// Today is Monday 2026-11-23 in New York; each baby is born at 10:00 on one day of the week of 2026-11-02.
    static let weekdays: [WeekdayCase] = [
        WeekdayCase(weekday: "Monday", birth: "2026-11-02T10:00:00-05:00", expectedWeek: 2, start: "2026-11-16", end: "2026-11-22", ageToday: 21),
        WeekdayCase(weekday: "Tuesday", birth: "2026-11-03T10:00:00-05:00", expectedWeek: 1, start: "2026-11-10", end: "2026-11-16", ageToday: 20),
        WeekdayCase(weekday: "Wednesday", birth: "2026-11-04T10:00:00-05:00", expectedWeek: 1, start: "2026-11-11", end: "2026-11-17", ageToday: 19),
        WeekdayCase(weekday: "Thursday", birth: "2026-11-05T10:00:00-05:00", expectedWeek: 1, start: "2026-11-12", end: "2026-11-18", ageToday: 18),
        WeekdayCase(weekday: "Friday", birth: "2026-11-06T10:00:00-05:00", expectedWeek: 1, start: "2026-11-13", end: "2026-11-19", ageToday: 17),
        WeekdayCase(weekday: "Saturday", birth: "2026-11-07T10:00:00-05:00", expectedWeek: 1, start: "2026-11-14", end: "2026-11-20", ageToday: 16),
        WeekdayCase(weekday: "Sunday", birth: "2026-11-08T10:00:00-05:00", expectedWeek: 1, start: "2026-11-15", end: "2026-11-21", ageToday: 15),
    ]

    @Test("a baby born on each weekday gets the last week that ended before Monday", arguments: weekdays)
    func bornOnEachWeekday(_ example: WeekdayCase) throws {
        let zone = try DigestFixtures.zone("America/New_York")
        let baby = Baby(id: UUID(uuidString: "ADA00000-0000-4000-8000-000000000001")!, name: "Ada", birthday: try DigestFixtures.instant(example.birth))
        // One diaper a day at noon up to yesterday, one more at 23:30 on the week's last day, and one at
        // 00:30 today, which belongs to no complete week.
        var logs = DigestFixtures.dailyDiapers(for: baby, zone: zone, days: 0..<example.ageToday)
        for time in [example.end + "T23:30:00-05:00", "2026-11-23T00:30:00-05:00"] {
            logs.append(.diaper(DiaperLog(id: UUID(), type: .dirty, time: try DigestFixtures.instant(time), baby: .baby(id: baby.id))))
        }
        let run = try DigestFixtures.run(babies: [baby], logs: logs, zone: zone, today: try DigestFixtures.date("2026-11-23"))

        #expect(run.skips.isEmpty)
        let digest = try #require(run.digests.first)
        #expect(digest.target.week == example.expectedWeek)
        #expect(digest.target.startDate.description == example.start)
        #expect(digest.target.endDate.description == example.end)
        #expect(digest.target.ageToday.days == example.ageToday)
        #expect(digest.days.map(\.date.description).first == example.start)
        #expect(digest.days.map(\.date.description).last == example.end)
        #expect(digest.days.count == 7)
        #expect(digest.current.metrics.diapers == 8)
        #expect(digest.previous?.week == example.expectedWeek - 1)
        #expect(digest.previous?.metrics.diapers == 7)
        #expect(digest.comparison?.change("dirty_per_day")?.direction == .up)
        #expect(digest.target.relativePath(.markdown) == "ada-ada00000/week-00\(example.expectedWeek).md")
    }

    struct DSTCase: CustomTestStringConvertible, Sendable {
        var label: String
        var birth: String
        var today: String
        var expectedWeek: Int
        var start: String
        var end: String
        var testDescription: String { label }
    }

    static let daylightSaving: [DSTCase] = [
        DSTCase(label: "born 01:30 EDT, the first of the two 01:30s of 2026-11-01", birth: "2026-11-01T01:30:00-04:00",
                today: "2026-11-08", expectedWeek: 0, start: "2026-11-01", end: "2026-11-07"),
        DSTCase(label: "born 01:30 EST, the repeated hour of 2026-11-01", birth: "2026-11-01T01:30:00-05:00",
                today: "2026-11-08", expectedWeek: 0, start: "2026-11-01", end: "2026-11-07"),
        DSTCase(label: "born 23:30 on Saturday 2026-10-31, before the clocks go back", birth: "2026-10-31T23:30:00-04:00",
                today: "2026-11-07", expectedWeek: 0, start: "2026-10-31", end: "2026-11-06"),
        DSTCase(label: "born 03:30 EDT on 2026-03-08, just after the skipped hour", birth: "2026-03-08T03:30:00-04:00",
                today: "2026-03-15", expectedWeek: 0, start: "2026-03-08", end: "2026-03-14"),
        DSTCase(label: "born 22:00 on Saturday 2026-03-07, the night the clocks go forward", birth: "2026-03-07T22:00:00-05:00",
                today: "2026-03-21", expectedWeek: 1, start: "2026-03-14", end: "2026-03-20"),
    ]

    @Test("a birth on a daylight-saving weekend in New York", arguments: daylightSaving)
    func daylightSavingWeekend(_ example: DSTCase) throws {
        let zone = try DigestFixtures.zone("America/New_York")
        let baby = Baby(id: UUID(), name: "Ada", birthday: try DigestFixtures.instant(example.birth))
        let options = AggregationOptions(timeZone: zone, today: try DigestFixtures.date(example.today))
        let plan = DigestPlan(babies: [baby], options: options, choice: .latestComplete, redact: false)
        let target = try #require(plan.targets.first)
        #expect(target.week == example.expectedWeek)
        #expect(target.startDate.description == example.start)
        #expect(target.endDate.description == example.end)

        // A day earlier, that week still ends today: week 0 is not over, a later week gives the one before.
        let dayBefore = AggregationOptions(timeZone: zone, today: try DigestFixtures.date(example.today).adding(days: -1))
        let earlier = DigestPlan(babies: [baby], options: dayBefore, choice: .latestComplete, redact: false)
        if example.expectedWeek == 0 {
            #expect(earlier.targets.isEmpty)
            #expect(earlier.skips.first?.reason == .firstWeekNotComplete)
        } else {
            #expect(earlier.targets.first?.week == example.expectedWeek - 1)
        }
    }

    @Test("the 25-hour day of birth counts both 01:30s, and the week ends at local midnight")
    func fallBackWeekTotals() throws {
        let zone = try DigestFixtures.zone("America/New_York")
        let baby = Baby(id: UUID(), name: "Ada", birthday: try DigestFixtures.instant("2026-11-01T01:30:00-04:00"))
        var logs = DigestFixtures.dailyDiapers(for: baby, zone: zone, days: 0..<7)
        for time in ["2026-11-01T01:30:00-05:00", "2026-11-01T01:45:00-04:00", "2026-11-07T23:59:00-05:00", "2026-11-08T00:00:00-05:00"] {
            logs.append(.diaper(DiaperLog(id: UUID(), type: .wet, time: try DigestFixtures.instant(time), baby: .baby(id: baby.id))))
        }
        let run = try DigestFixtures.run(babies: [baby], logs: logs, zone: zone, today: try DigestFixtures.date("2026-11-08"))
        let digest = try #require(run.digests.first)
        #expect(digest.target.week == 0)
        #expect(digest.previous == nil)
        #expect(digest.comparison == nil)
        // 7 at noon, 01:45 EDT and 01:30 EST on the birthday (both after the birth at 01:30 EDT), 23:59 on day 6;
        // 00:00 on the 8th is today.
        #expect(digest.current.metrics.diapers == 10)
        #expect(digest.days.first?.metrics.diapers == 3)
    }

    @Test("a baby younger than one week gets no digest, and a message saying when the first is due")
    func youngerThanOneWeek() throws {
        let zone = try DigestFixtures.zone("America/New_York")
        let baby = Baby(id: UUID(), name: "Noor", birthday: try DigestFixtures.instant("2026-11-20T08:00:00-05:00"))
        let logs = DigestFixtures.dailyDiapers(for: baby, zone: zone, days: 0..<3)
        let run = try DigestFixtures.run(babies: [baby], logs: logs, zone: zone, today: try DigestFixtures.date("2026-11-23"))
        #expect(run.digests.isEmpty)
        let skip = try #require(run.skips.first)
        #expect(skip.reason == .firstWeekNotComplete)
        #expect(skip.dueDate.description == "2026-11-27")
        #expect(skip.message == "no digest for Noor yet: born 2026-11-20, 3 days old on 2026-11-23; week 0 (days 0-6 of life) "
            + "ends 2026-11-26, so the first digest can be made on 2026-11-27")

        let rendering = try DigestRendering()
        #expect(try rendering.files(run, formats: [.markdown, .html, .csv]).isEmpty)
        let text = try rendering.document(run, format: .markdown)
        #expect(text.contains("No baby has a complete week to report yet."))
        #expect(text.contains("the first digest can be made on 2026-11-27"))
    }

    @Test("a baby born today is 0 days old; one born after today is not born yet")
    func bornTodayAndLater() throws {
        let zone = try DigestFixtures.zone("Europe/Berlin")
        let today = AggregationOptions(timeZone: zone, today: try DigestFixtures.date("2026-11-23"))
        let newborn = Baby(id: UUID(), name: "Noor", birthday: try DigestFixtures.instant("2026-11-23T06:00:00+01:00"))
        let unborn = Baby(id: UUID(), name: "Ilse", birthday: try DigestFixtures.instant("2026-11-24T00:30:00+01:00"))
        let plan = DigestPlan(babies: [newborn, unborn], options: today, choice: .latestComplete, redact: false)
        #expect(plan.targets.isEmpty)
        #expect(plan.weekSelection == nil)
        #expect(plan.skips.map(\.reason) == [.firstWeekNotComplete, .notBorn])
        #expect(plan.skips[0].message.contains("0 days old on 2026-11-23"))
        #expect(plan.skips[1].message == "no digest for Ilse: the birthday 2026-11-24 is after 2026-11-23")
    }

    @Test("--week N: a complete week is used, a week not over yet is skipped with its due date")
    func explicitWeek() throws {
        let zone = try DigestFixtures.zone("America/New_York")
        let today = AggregationOptions(timeZone: zone, today: try DigestFixtures.date("2026-11-23"))
        let baby = Baby(id: UUID(), name: "Ada", birthday: try DigestFixtures.instant("2026-11-02T10:00:00-05:00"))
        for week in [0, 1, 2] {
            let plan = DigestPlan(babies: [baby], options: today, choice: .week(week), redact: false)
            #expect(plan.targets.map(\.week) == [week])
        }
        let plan = DigestPlan(babies: [baby], options: today, choice: .week(3), redact: false)
        #expect(plan.targets.isEmpty)
        let skip = try #require(plan.skips.first)
        #expect(skip.reason == .weekNotComplete(3))
        #expect(skip.message == "no digest for Ada of week 3: it runs from 2026-11-23 to 2026-11-29 (days 21-27 of life) "
            + "and is not over on 2026-11-23; its digest can be made from 2026-11-30")
    }

    @Test("one aggregation covers babies of different ages: the plan spans from the earliest previous week")
    func severalBabies() throws {
        let zone = try DigestFixtures.zone("America/New_York")
        let older = Baby(id: UUID(), name: "Léo", birthday: try DigestFixtures.instant("2026-06-24T14:10:00-04:00"))
        let younger = Baby(id: UUID(), name: "Mia", birthday: try DigestFixtures.instant("2026-08-23T03:42:00-04:00"))
        let options = AggregationOptions(timeZone: zone, today: try DigestFixtures.date("2026-11-20"))
        let plan = DigestPlan(babies: [older, younger], options: options, choice: .latestComplete, redact: false)
        #expect(plan.targets.map(\.week) == [20, 11])
        #expect(plan.weekSelection == .weeks(10...20))
        let logs = DigestFixtures.dailyDiapers(for: older, zone: zone, days: 134..<149)
            + DigestFixtures.dailyDiapers(for: younger, zone: zone, days: 70..<89)
        let run = try DigestFixtures.run(babies: [older, younger], logs: logs, zone: zone, today: options.today)
        #expect(run.digests.map(\.target.week) == [20, 11])
        #expect(run.digests.map(\.current.metrics.diapers) == [7, 7])
        #expect(run.digests.map { $0.previous?.metrics.diapers } == [6, 7])
    }
}
