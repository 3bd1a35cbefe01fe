import Foundation
import ParPairAggregation
import ParPairModel
import Testing

/// Windows: weeks in progress, selections, births today, and the streaming contract.
@Suite struct WeekTests {
    @Test func weekInProgressDividesByTheDaysBegun() throws {
        var f = Fixtures("Europe/Berlin")
        // Born 2024-06-03; today 2024-06-12 is day 9, so week 1 has days 7, 8, 9.
        let logs = [
            f.diaper(.wet, f.at(2024, 6, 10, 8)), f.diaper(.wet, f.at(2024, 6, 10, 12)),
            f.diaper(.mixed, f.at(2024, 6, 12, 8)),
            f.sleep(f.at(2024, 6, 11, 13), f.at(2024, 6, 11, 16)),
            f.feed(.formula, f.at(2024, 6, 12, 7), amount: 120, unit: .milliliters),
        ]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 12), logs: logs)
        #expect(result.weeks.map(\.week) == [1])
        let week = try #require(result.week(1))
        #expect(week.days == 3)
        #expect(!week.isComplete)
        #expect(week.daysLogged == 3)
        // Each figure per day over the days logged for its kind: diapers on days 7 and 9, a sleep on day 8, a feed on
        // day 9 (a day with diapers but no feed is no day of no food).
        #expect(week.daysLoggedByKind == LoggedDays.Counts(food: 1, sleep: 1, diaper: 2, activity: 0))
        #expect(week.number("wet_per_day") == 3.0 / 2)
        #expect(week.number("dirty_per_day") == 1.0 / 2)
        #expect(week.number("sleep_h_per_day") == 3)
        #expect(week.number("bottle_ml_per_day") == 120)
        #expect(week.value(of: "start_date")?.formatted == "2024-06-10")
        #expect(week.value(of: "end_date")?.formatted == "2024-06-16")
        #expect(result.days.map(\.day) == [7, 8, 9])
        #expect(result.ageToday.days == 9)
    }

    @Test func babyBornToday() throws {
        var f = Fixtures("America/New_York")
        let logs = [
            f.diaper(.wet, f.at(2024, 11, 3, 14)),
            f.feed(.breastfeeding, f.at(2024, 11, 3, 13), end: f.at(2024, 11, 3, 13, 20)),
            f.diaper(.wet, f.at(2024, 11, 2, 23)),  // the day before: before the birthday
        ]
        // 2024-11-03 is also the day clocks go back in New York: 25 hours.
        let result = f.run(born: f.at(2024, 11, 3, 10), today: CivilDate(year: 2024, month: 11, day: 3), logs: logs)
        #expect(result.ageToday.days == 0)
        let week = try #require(result.week(0))
        #expect(result.weeks.count == 1)
        #expect(week.days == 1)
        #expect(week.daysLogged == 1)
        #expect(week.number("feeds_per_day") == 1)
        #expect(week.number("wet_per_day") == 1)
        #expect(result.rules() == ["before_birthday"])
        #expect(result.days.count == 1)
        #expect(result.timeline.map(\.day) == [0])
        let wet = try #require(week.references.first { $0.metric == "wet_per_day" })
        #expect(wet.low == 1)  // HSE day 1: one wet diaper
        #expect(wet.status == .tooFewDays)  // one logged day: shown, never flagged
    }

    @Test func babyNotYetBornHasNoWeeks() throws {
        var f = Fixtures("Europe/Berlin")
        let result = f.run(
            born: f.at(2024, 6, 20, 8), today: CivilDate(year: 2024, month: 6, day: 10),
            logs: [f.diaper(.wet, f.at(2024, 6, 21, 8)), f.diaper(.wet, f.at(2024, 6, 1, 8))])
        #expect(result.weeks.isEmpty)
        #expect(result.days.isEmpty)
        #expect(result.ageToday.days == -10)
        #expect(result.rules() == ["before_birthday", "after_today"])
    }

    @Test func allWeeksRunFromFirstToLastLoggedWeekLeavingOutWeeksWithoutALog() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [f.diaper(.wet, f.at(2024, 6, 11, 8)), f.diaper(.wet, f.at(2024, 7, 2, 8))]  // days 8 and 29
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 8, day: 1), logs: logs)
        #expect(result.weeks.map(\.week) == [1, 4])
        #expect(result.week(2) == nil)
        #expect(result.days.map(\.day) == Array(7...13) + Array(28...34))
    }

    @Test func weeksNamedByTheOptionsAreRowsWithoutALog() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [f.diaper(.wet, f.at(2024, 6, 11, 8)), f.diaper(.wet, f.at(2024, 7, 2, 8))]  // days 8 and 29
        let result = f.run(
            born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 8, day: 1), logs: logs,
            weeks: .weeks(1...4))
        #expect(result.weeks.map(\.week) == [1, 2, 3, 4])
        #expect(result.week(2)?.daysLogged == 0)
        #expect(result.days.count == 28)
    }

    @Test func onlyTheLastDaysCanBeSummarizedOneByOne() throws {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        for day in 3...30 { logs.append(f.diaper(.wet, f.at(2024, 6, day, 9))) }
        let today = CivilDate(year: 2024, month: 6, day: 26)  // day 23
        var options = f.options(today: today)
        let all = Aggregator.aggregate(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: options, logs: logs).babies[0]
        options.days = .last(5)
        let last = Aggregator.aggregate(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: options, logs: logs).babies[0]
        #expect(all.days.map(\.day) == Array(0...23))
        #expect(last.days.map(\.day) == [19, 20, 21, 22, 23])
        #expect(last.days == Array(all.days.suffix(5)))
        #expect(last.weeks == all.weeks)
        #expect(last.timeline == all.timeline)
        #expect(last.findings == all.findings)
        options.days = .last(100)
        let more = Aggregator.aggregate(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: options, logs: logs).babies[0]
        #expect(more.days == all.days)
        options.days = .last(0)
        let none = Aggregator.aggregate(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: options, logs: logs).babies[0]
        #expect(none.days.isEmpty)
        #expect(none.weeks == all.weeks)
    }

    @Test func lastWeeksEndWithTheWeekOfToday() throws {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        for day in 3...30 { logs.append(f.diaper(.wet, f.at(2024, 6, day, 9))) }
        let today = CivilDate(year: 2024, month: 6, day: 26)  // day 23, week 3
        let last = f.run(born: f.at(2024, 6, 3, 8), today: today, logs: logs, weeks: .last(2))
        #expect(last.weeks.map(\.week) == [2, 3])
        #expect(last.week(3)?.days == 3)
        #expect(last.findingsOutsideSelection == 0)
        // The four diapers after today (June 27–30) are one line with their count and span; no id is printed.
        #expect(last.rules() == ["after_today"])
        let after = try #require(last.findings.first)
        #expect(after.occurrences == 4)
        #expect(after.reason == "4 diaper logs after the report's today (2024-06-26), from 2024-06-27T09:00:00+02:00 "
            + "to 2024-06-30T09:00:00+02:00; counted nowhere.")
        let tooMany = f.run(born: f.at(2024, 6, 3, 8), today: today, logs: logs, weeks: .last(10))
        #expect(tooMany.weeks.map(\.week) == [0, 1, 2, 3])
        let range = f.run(born: f.at(2024, 6, 3, 8), today: today, logs: logs, weeks: .weeks(1...9))
        #expect(range.weeks.map(\.week) == [1, 2, 3])
        let future = f.run(born: f.at(2024, 6, 3, 8), today: today, logs: logs, weeks: .weeks(5...6))
        #expect(future.weeks.isEmpty)
    }

    @Test func selectedWeeksKeepSleepFromTheWeekBefore() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [
            f.sleep(f.at(2024, 6, 9, 21), f.at(2024, 6, 10, 5)),  // day 6 → day 7
            f.sleep(f.at(2024, 6, 9, 20), nil),  // an open sleep in week 0: counted outside the selection
        ]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs, weeks: .weeks(1...1))
        #expect(result.week(1)?.number("sleep_h") == 5)
        #expect(result.week(1)?.number("sleeps") == 0)
        #expect(result.findings.isEmpty)
        #expect(result.findingsOutsideSelection == 1)
    }

    /// A week with logs on only 3 days: its per-day figures are the 3 days' totals over 3 (not 7), and
    /// 3 days are too few for a band flag, however low the figure.
    @Test func aWeekWithThreeLoggedDaysReadsRightAndIsNotFlagged() throws {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        for day in [10, 12, 15] {  // days 7, 9 and 12 of life: week 1
            logs.append(f.sleep(f.at(2024, 6, day, 1), f.at(2024, 6, day, 7)))  // 6 h a day: below 14–17 if it were flagged
            for hour in [8, 11, 14, 17, 20, 23] { logs.append(f.diaper(.wet, f.at(2024, 6, day, hour))) }
        }
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs)
        let week = try #require(result.week(1))
        #expect(week.number("days") == 7)
        #expect(week.number("days_logged") == 3)
        #expect(week.number("sleep_h_per_day") == 6)  // 18 h / 3 days
        #expect(week.number("wet_per_day") == 6)  // 18 / 3
        let sleep = try #require(week.references.first { $0.metric == "sleep_h_per_day" })
        #expect(sleep.value == 6)
        #expect(sleep.status == .tooFewDays)
        #expect(week.references.allSatisfy { $0.status == .tooFewDays || $0.status == .notApplicable })
    }

    /// The report's last day, while the clock says it is not over, is shown in the daily rows but counts
    /// in no per-day figure and not in `days_logged`: a morning's few logs do not lower the week.
    @Test func todaysPartialDayDoesNotLowerTheWeek() throws {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        for day in 10...15 {  // days 7–12 of life: 8 wet diapers and 15 h of sleep each
            logs.append(f.sleep(f.at(2024, 6, day, 0), f.at(2024, 6, day, 15)))
            for hour in 15..<23 { logs.append(f.diaper(.wet, f.at(2024, 6, day, hour))) }
        }
        logs.append(f.diaper(.wet, f.at(2024, 6, 16, 7)))  // today, day 13, at 07:00
        let today = CivilDate(year: 2024, month: 6, day: 16)
        let morning = f.at(2024, 6, 16, 8)
        let during = f.run(born: f.at(2024, 6, 3, 8), today: today, logs: logs, now: morning)
        let week = try #require(during.week(1))
        #expect(week.number("days") == 7)
        #expect(week.number("days_logged") == 6)
        #expect(week.number("wet") == 49)  // the totals include today
        #expect(week.number("wet_per_day") == 8)  // 48 over the 6 ended days
        #expect(week.number("sleep_h_per_day") == 15)
        #expect(week.references.first { $0.metric == "sleep_h_per_day" }?.status == .within)
        #expect(during.day(13)?.number("wet") == 1, "today is still shown in the daily rows")
        // Once the day is over, it counts like any other.
        let after = f.run(born: f.at(2024, 6, 3, 8), today: today, logs: logs, now: f.at(2024, 6, 17, 0, 30))
        #expect(after.week(1)?.number("days_logged") == 7)
        #expect(after.week(1)?.number("wet_per_day") == 7)  // 49 / 7
    }

    @Test func birthdayLongAgoAllocatesOnlyWhatIsAsked() throws {
        var f = Fixtures("Europe/Berlin")
        // Born in year 2; today in 2026: more than 100,000 weeks old. Logs that long after the birth are
        // implausible dates: listed, counted nowhere, and no week is made for them.
        let born = Date(timeIntervalSinceReferenceDate: -63_000_000_000)
        let logs = [f.diaper(.wet, f.at(2026, 5, 1, 8)), f.diaper(.wet, f.at(2026, 5, 20, 8))]
        let today = CivilDate(year: 2026, month: 5, day: 20)
        let last = f.run(born: born, today: today, logs: logs, weeks: .last(2))
        #expect(last.weeks.count == 2)
        #expect(last.weeks.allSatisfy { $0.metrics.diapers == 0 })
        #expect(last.rules() == ["implausible_date", "implausible_date"])
        let all = f.run(born: born, today: today, logs: logs)
        #expect(all.weeks.isEmpty)
        #expect(all.rules() == ["implausible_date", "implausible_date"])
    }

    @Test func unsortedSleepsMakeFinishThrow() throws {
        var f = Fixtures("Europe/Berlin")
        let options = f.options(today: CivilDate(year: 2024, month: 6, day: 20))
        let aggregator = Aggregator(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: options)
        let later = f.sleep(f.at(2024, 6, 5, 13), f.at(2024, 6, 5, 14))
        let earlier = f.sleep(f.at(2024, 6, 5, 10), f.at(2024, 6, 5, 11))
        aggregator.add(later)
        aggregator.add(earlier)
        #expect(throws: AggregationError.self) { try aggregator.finish() }
        do {
            _ = try aggregator.finish()
        } catch {
            #expect(error.description.contains("sleep logs of Mia arrive out of start order"))
            #expect(error.description.contains("2024-06-05T10:00:00+02:00"))
        }
        // The same logs through `aggregate`, which sorts, are fine.
        let sorted = Aggregator.aggregate(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: options, logs: [later, earlier])
        #expect(sorted.babies[0].week(0)?.number("sleep_h") == 2)
    }

    @Test func diapersAndActivitiesMayArriveInAnyOrder() throws {
        var f = Fixtures("Europe/Berlin")
        let options = f.options(today: CivilDate(year: 2024, month: 6, day: 20))
        let aggregator = Aggregator(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: options)
        aggregator.add(f.diaper(.wet, f.at(2024, 6, 12, 8)))
        aggregator.add(f.diaper(.dirty, f.at(2024, 6, 4, 8)))
        aggregator.add(f.activity(.tummyTime, f.at(2024, 6, 12, 9), f.at(2024, 6, 12, 9, 5)))
        aggregator.add(f.activity(.tummyTime, f.at(2024, 6, 4, 9), f.at(2024, 6, 4, 9, 5)))
        let result = try aggregator.finish().babies[0]
        #expect(result.weeks.map { $0.metrics.diapers } == [1, 1])
        #expect(result.weeks.map { $0.metrics.tummyTimeMinutes } == [5, 5])
    }

    @Test func columnNamesFollowTheDefinitions() {
        #expect(WeekSummary.columnNames(units: .metric) == [
            "baby", "baby_id", "week", "first_day", "last_day", "corrected_week", "corrected_day", "start_date", "end_date", "days", "days_logged",
            "days_with_feeds", "days_with_sleep", "days_with_diapers", "days_with_activities", "feeds", "feedings", "breastfeeding", "formula", "pumped_milk", "solids", "other", "breastfeeding_min", "formula_ml",
            "pumped_milk_ml", "solids_g", "feedings_per_day", "feeds_per_day", "bottle_ml_per_day", "bottle_ml_per_feed", "longest_feed_gap_h", "sleep_h",
            "night_sleep_h", "day_sleep_h", "sleeps", "longest_sleep_h", "sleep_h_per_day", "diapers", "wet", "dirty",
            "mixed", "dry", "wet_per_day", "dirty_per_day", "tummy_time_min", "activity_min", "findings",
        ])
        let imperial = WeekSummary.columnNames(units: .imperial)
        #expect(imperial.contains("formula_oz") && imperial.contains("pumped_milk_oz") && imperial.contains("bottle_oz_per_day"))
        #expect(!imperial.contains { $0.hasSuffix("_ml") || $0.contains("_ml_") })
        #expect(DaySummary.columnNames(units: .metric) == [
            "baby", "baby_id", "day", "week", "corrected_week", "corrected_day", "date", "logged",
            "feeds_logged", "sleep_logged", "diapers_logged", "activities_logged",
            "feeds", "feedings", "breastfeeding", "formula", "pumped_milk", "solids", "other", "breastfeeding_min", "formula_ml",
            "pumped_milk_ml", "solids_g", "bottle_ml_per_feed", "longest_feed_gap_h", "sleep_h", "night_sleep_h", "day_sleep_h", "sleeps",
            "longest_sleep_h", "diapers", "wet", "dirty", "mixed", "dry", "tummy_time_min", "activity_min", "findings",
        ])
    }
}

extension WeekTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, -70_000_000_000, 300_000_000_000])
    func strangeBirthdaysDoNotTrap(_ seconds: Double) {
        var f = Fixtures("Australia/Lord_Howe")
        let logs = [f.diaper(.wet, f.at(2024, 6, 4, 8)), f.sleep(f.at(2024, 6, 4, 9), f.at(2024, 6, 4, 10))]
        let baby = Baby(id: Fixtures.babyID, name: "Odd", birthday: Date(timeIntervalSinceReferenceDate: seconds))
        for weeks in [WeekSelection.all, .last(3), .weeks(0...2)] {
            let result = Aggregator.aggregate(
                babies: [baby], options: f.options(today: CivilDate(year: 2024, month: 6, day: 9), weeks: weeks), logs: logs)
            let aggregate = result.babies[0]
            // Every log is counted once or listed (weeks 0–2 may simply not hold them).
            let counted = aggregate.weeks.reduce(0) { $0 + Int($1.metrics.diapers) + Int($1.metrics.sleeps) }
            if weeks != .weeks(0...2) { #expect(counted + aggregate.findings.count == 2) }
            #expect(aggregate.weeks.count <= 3)
        }
    }
}
