import Foundation
import IDFingerprints
import ParPairAggregation
import ParPairModel
import Testing

/// Each data-quality rule: the log is listed with its rule, kind, id and local time, and left out of
/// the total it would spoil while still counted.
@Suite struct DataQualityTests {
    static let today = CivilDate(year: 2024, month: 6, day: 16)

    /// Aggregates in Berlin for a baby born 2024-06-03 08:00 and returns the baby and its week 0.
    func run(_ logs: [LogRecord], _ f: Fixtures) throws -> (BabyAggregate, WeekSummary) {
        let result = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: logs)
        return (result, try #require(result.week(0)))
    }

    @Test func openSleepIsListedAndLeftOut() throws {
        var f = Fixtures("Europe/Berlin")
        let open = f.sleep(f.at(2024, 6, 4, 10), nil)
        let later = f.sleep(f.at(2024, 6, 5, 10), f.at(2024, 6, 5, 11))
        let (baby, week) = try run([open, later], f)
        let finding = try #require(baby.findings.first)
        #expect(baby.findings.count == 1)
        #expect(finding.rule == .openSleep)
        #expect(finding.kind == .sleep)
        #expect(finding.logID == open.id)
        #expect(finding.localTime == "2024-06-04T10:00:00+02:00")
        #expect(finding.severity == .problem)  // a later sleep exists: not in progress
        #expect(finding.week == 0)
        #expect(finding.day == 1)
        #expect(week.number("sleeps") == 2)
        #expect(week.number("sleep_h") == 1)
        #expect(week.number("findings") == 1)
    }

    /// The newest open sleep is "in progress" only when it began less than 24 h before the report ends.
    @Test func anOpenSleepFromDaysAgoIsATimerLeftRunning() throws {
        var f = Fixtures("Europe/Berlin")
        let old = f.sleep(f.at(2024, 6, 13, 21), nil)  // three days before the end of June 16
        let baby = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: [old])
        let finding = try #require(baby.findings.first)
        #expect(finding.rule == .openSleep)
        #expect(finding.severity == .problem)
        #expect(finding.reason == "sleep with no end recorded (timer left running?); left out of sleep time")
        // 23 hours before the end of the report's last day: still in progress.
        var g = Fixtures("Europe/Berlin")
        let recent = g.sleep(g.at(2024, 6, 16, 1), nil)
        let other = g.run(born: g.at(2024, 6, 3, 8), today: Self.today, logs: [recent])
        #expect(other.findings.first?.severity == .inProgress)
    }

    @Test func newestOpenSessionIsInProgress() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [
            f.sleep(f.at(2024, 6, 15, 10), f.at(2024, 6, 15, 11)),
            f.sleep(f.at(2024, 6, 16, 21), nil),
            f.feed(.breastfeeding, f.at(2024, 6, 16, 20, 50)),
            f.feed(.formula, f.at(2024, 6, 16, 20, 55), amount: 90, unit: .milliliters),  // a bottle after it
            f.activity(.tummyTime, f.at(2024, 6, 16, 18), nil),
        ]
        let result = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: logs)
        let byRule = Dictionary(uniqueKeysWithValues: result.findings.map { ($0.rule, $0) })
        #expect(byRule[.openSleep]?.severity == .inProgress)
        #expect(byRule[.openSleep]?.reason.contains("in progress") == true)
        #expect(byRule[.openBreastfeed]?.severity == .inProgress)  // the newest breastfeed; bottles do not end it
        #expect(byRule[.openActivity]?.severity == .inProgress)
        #expect(result.week(1)?.number("sleeps") == 2)
    }

    @Test func openBreastfeedAndActivity() throws {
        var f = Fixtures("Europe/Berlin")
        let feed = f.feed(.breastfeeding, f.at(2024, 6, 4, 10))
        let activity = f.activity(.tummyTime, f.at(2024, 6, 4, 11), nil)
        let logs = [
            feed, activity, f.feed(.breastfeeding, f.at(2024, 6, 5, 10), end: f.at(2024, 6, 5, 10, 10)),
            f.activity(.tummyTime, f.at(2024, 6, 5, 11), f.at(2024, 6, 5, 11, 4)),
            f.feed(.formula, f.at(2024, 6, 5, 12), amount: 90, unit: .milliliters),  // no end: normal for a bottle
        ]
        let (baby, week) = try run(logs, f)
        #expect(baby.findings.map(\.rule) == [.openBreastfeed, .openActivity])
        #expect(baby.findings.map(\.logID) == [feed.id, activity.id])
        #expect(week.number("breastfeeding") == 2)
        #expect(week.number("breastfeeding_min") == 10)
        #expect(week.number("tummy_time_min") == 4)
    }

    @Test func endBeforeStart() throws {
        var f = Fixtures("Europe/Berlin")
        let sleep = f.sleep(f.at(2024, 6, 4, 10), f.at(2024, 6, 4, 9))
        let bottle = f.feed(.formula, f.at(2024, 6, 4, 12), end: f.at(2024, 6, 4, 11), amount: 100, unit: .milliliters)
        let (baby, week) = try run([sleep, bottle], f)
        #expect(baby.rules() == ["end_before_start", "end_before_start"])
        #expect(baby.findings[0].reason.contains("2024-06-04T09:00:00+02:00"))
        #expect(week.number("sleep_h") == 0)
        #expect(week.number("sleeps") == 1)
        #expect(week.number("formula_ml") == 100)  // the amount is fine; only the end is wrong
    }

    @Test func sleepOver24Hours() throws {
        var f = Fixtures("Europe/Berlin")
        let sleep = f.sleep(f.at(2024, 6, 4, 10), f.at(2024, 6, 5, 12))
        let (baby, week) = try run([sleep], f)
        #expect(baby.rules() == ["sleep_over_24h"])
        #expect(baby.findings[0].reason.contains("26.00 h"))
        #expect(week.number("sleep_h") == 0)
        #expect(week.number("longest_sleep_h") == nil)
        #expect(week.number("sleeps") == 1)
    }

    @Test func breastfeedOver4Hours() throws {
        var f = Fixtures("Europe/Berlin")
        let feed = f.feed(.breastfeeding, f.at(2024, 6, 4, 10), end: f.at(2024, 6, 4, 15))
        let fourHours = f.feed(.breastfeeding, f.at(2024, 6, 4, 16), end: f.at(2024, 6, 4, 20))
        let (baby, week) = try run([feed, fourHours], f)
        #expect(baby.rules() == ["breastfeed_over_4h"])
        #expect(week.number("breastfeeding_min") == 240)  // exactly 4 h is allowed
        #expect(week.number("breastfeeding") == 2)
    }

    @Test(arguments: [-30.0, .nan, .infinity])
    func badAmount(_ amount: Double) throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [
            f.feed(.formula, f.at(2024, 6, 4, 10), amount: amount, unit: .milliliters),
            f.feed(.formula, f.at(2024, 6, 4, 13), amount: 80, unit: .milliliters),
        ]
        let (baby, week) = try run(logs, f)
        #expect(baby.rules() == ["bad_amount"])
        #expect(week.number("formula_ml") == 80)
        #expect(week.number("formula") == 2)
    }

    @Test func liquidAmountProblems() throws {
        var f = Fixtures("Europe/Berlin")
        let logs = [
            f.feed(.formula, f.at(2024, 6, 4, 8)),  // no amount
            f.feed(.formula, f.at(2024, 6, 4, 9), amount: 90),  // no unit
            f.feed(.pumpedMilk, f.at(2024, 6, 4, 10), amount: 90, unit: .grams),
            f.feed(.pumpedMilk, f.at(2024, 6, 4, 11), amount: 1001, unit: .milliliters),
            f.feed(.formula, f.at(2024, 6, 4, 12), amount: 34, unit: .ounces),  // 1,005.5 ml
            f.feed(.formula, f.at(2024, 6, 4, 13), amount: 1000, unit: .milliliters),  // allowed
            f.feed(.solids, f.at(2024, 6, 4, 14), amount: 50, unit: .milliliters),
            f.feed(.solids, f.at(2024, 6, 4, 15), amount: 50, unit: .grams),
        ]
        let (baby, week) = try run(logs, f)
        #expect(baby.rules() == [
            "missing_amount", "liquid_without_unit", "liquid_in_grams", "amount_over_1000ml", "amount_over_1000ml",
            "solids_not_in_grams",
        ])
        #expect(baby.findings[4].reason.contains("1005.5 ml"))
        #expect(week.number("formula_ml") == 1000)
        #expect(week.number("pumped_milk_ml") == 0)
        #expect(week.number("solids_g") == 50)
        #expect(week.number("feeds") == 8)
        #expect(week.number("findings") == 6)
    }

    /// A double tap: the same feed under two ids counts once and the copy is listed; a different amount,
    /// or the other twin's identical feed, is a feed of its own.
    @Test func aFeedLoggedTwiceCountsOnce() throws {
        var f = Fixtures("Europe/Berlin")
        let minute = f.at(2024, 6, 4, 8, 0)
        let first = f.feed(.formula, minute.addingTimeInterval(10), amount: 90, unit: .milliliters)
        let copy = f.feed(.formula, minute.addingTimeInterval(40), amount: 90, unit: .milliliters)  // same minute
        let more = f.feed(.formula, minute.addingTimeInterval(50), amount: 120, unit: .milliliters)  // another amount
        let later = f.feed(.formula, minute.addingTimeInterval(60), amount: 90, unit: .milliliters)  // the next minute
        let (baby, week) = try run([first, copy, more, later], f)
        #expect(baby.rules() == ["logged_twice"])
        #expect(baby.findings.first?.logID == copy.id)
        #expect(baby.findings.first?.reason == "logged twice? same type, start minute, amount and end as an earlier food log; counted once")
        #expect(week.number("formula") == 3)
        #expect(week.number("formula_ml") == 300)

        // Twins: the same feed for each baby is two feeds.
        var twins = Fixtures("Europe/Berlin")
        let mia = twins.baby(born: twins.at(2024, 6, 3, 8))
        let max = Baby(id: UUID(uuidString: "00000000-0000-4000-8000-0000000000AA")!, name: "Max", birthday: twins.at(2024, 6, 3, 8, 5), rowID: 2)
        let forMia = twins.feed(.formula, twins.at(2024, 6, 4, 8), amount: 90, unit: .milliliters, baby: .baby(id: mia.id))
        let forMax = twins.feed(.formula, twins.at(2024, 6, 4, 8), amount: 90, unit: .milliliters, baby: .baby(id: max.id))
        let result = Aggregator.aggregate(babies: [mia, max], options: twins.options(today: Self.today), logs: [forMia, forMax])
        #expect(result.babies.allSatisfy { $0.findings.isEmpty })
        #expect(result.babies.map { $0.week(0)?.number("formula") } == [1, 1])
    }

    /// Each field of a double entry must match: a sleep, diaper or activity repeated in its start minute
    /// is listed once; another unit, end minute or type in the same minute is a log of its own.
    @Test func everyKindLoggedTwiceCountsOnceAndEachFieldTellsLogsApart() throws {
        var f = Fixtures("Europe/Berlin")
        let at = f.at(2024, 6, 4, 8, 0)
        func second(_ seconds: Double) -> Date { at.addingTimeInterval(seconds) }
        let hour = TimeInterval(3600)
        let logs = [
            f.feed(.formula, second(1), amount: 3, unit: .ounces),
            f.feed(.formula, second(2), amount: 3, unit: .milliliters),  // another unit
            f.feed(.breastfeeding, second(3), end: second(600)),
            f.feed(.breastfeeding, second(4), end: second(660)),  // another end minute
            f.feed(.breastfeeding, second(5), end: second(619)),  // the end minute of the first: twice
            f.sleep(second(10), second(10 + hour)),
            f.sleep(second(11), second(30 + hour)),  // same end minute: twice
            f.diaper(.wet, second(20)),
            f.diaper(.dirty, second(21)),  // another type
            f.diaper(.wet, second(22)),  // twice
            f.activity(.tummyTime, second(30), second(300)),
            f.activity(.bath, second(31), second(300)),  // another type
            f.activity(.tummyTime, second(32), second(310)),  // twice
        ]
        let (baby, week) = try run(logs, f)
        #expect(baby.rules() == ["logged_twice", "logged_twice", "logged_twice", "logged_twice"])
        #expect(baby.findings.map(\.logID) == [logs[4].id, logs[6].id, logs[9].id, logs[12].id])
        #expect(week.number("formula") == 2)
        #expect(week.number("breastfeeding") == 2)
        #expect(week.number("sleeps") == 1)
        #expect(week.number("diapers") == 2)
    }

    /// Thousands of logs in one minute (a broken import): repeats are still found, by a set past the
    /// first few, and the logs that differ still count.
    @Test func manyLogsInOneMinute() throws {
        var f = Fixtures("Europe/Berlin")
        let at = f.at(2024, 6, 4, 8, 0)
        var logs: [LogRecord] = []
        for index in 0..<5_000 {
            // 2,500 distinct amounts, each logged twice.
            logs.append(f.feed(.formula, at.addingTimeInterval(Double(index % 60)), amount: Double(index % 2_500) / 10, unit: .milliliters))
        }
        let (baby, week) = try run(logs, f)
        #expect(baby.findings.count == 2_500)
        #expect(baby.findings.allSatisfy { $0.rule == .loggedTwice })
        #expect(week.number("formula") == 2_500)
    }

    /// A log dated more than 20 years after the birth (or before 1970) is a finding even when `--today`
    /// reaches it, so one mistyped year cannot make a report of thousands of weeks.
    @Test func implausibleDatesAreFindingsNotWeeks() throws {
        var f = Fixtures("Europe/Berlin")
        let normal = f.diaper(.wet, f.at(2024, 6, 4, 9))
        // 2024-06-03 + 20 years is day 7,305 (five leap days: 2028 … 2044). Week 1,044, the last counted, is
        // days 7,308 to 7,314: 2044-06-06 to 2044-06-12.
        let lastCounted = f.diaper(.dirty, f.at(2044, 6, 12, 9))
        let firstRefused = f.diaper(.dirty, f.at(2044, 6, 13, 9))
        let year9999 = f.diaper(.wet, f.at(9999, 1, 1, 12))
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 9999, month: 12, day: 31),
                           logs: [normal, lastCounted, firstRefused, year9999])
        #expect(result.rules() == ["implausible_date", "implausible_date"])
        #expect(result.findings.map(\.logID) == [firstRefused.id, year9999.id])
        #expect(result.findings.allSatisfy { $0.reason.contains("more than 20 years after the birth") })
        #expect(result.findings.allSatisfy { $0.week == nil })
        #expect(result.week(1_044)?.number("dirty") == 1)
        #expect(result.weeks.count <= 1_045)
    }

    @Test func logsBeforeTheBirthdayAndAfterTodayCountNowhere() throws {
        var f = Fixtures("Europe/Berlin")
        let before = f.diaper(.wet, f.at(2024, 6, 2, 23, 59))
        let birthdayMorning = f.diaper(.wet, f.at(2024, 6, 3, 0, 1))  // the birth date, but before the birth at 08:00
        let afterBirth = f.diaper(.wet, f.at(2024, 6, 3, 8, 1))
        let after = f.diaper(.wet, f.at(2024, 6, 17, 0, 0))
        let lastMinute = f.diaper(.wet, f.at(2024, 6, 16, 23, 59))
        let (baby, week) = try run([before, birthdayMorning, afterBirth, after, lastMinute], f)
        // The two diapers before the birth are one line of two logs.
        #expect(baby.rules() == ["before_birthday", "after_today"])
        #expect(baby.findings.map(\.occurrences) == [2, 1])
        #expect(baby.findings.map(\.week) == [nil, nil])
        #expect(baby.findings[1].reason.contains("2024-06-16"))
        #expect(week.number("diapers") == 1)
        #expect(baby.week(1)?.number("diapers") == 1)
    }

    @Test func dayZeroStartsAtMidnightWhateverTheDayStart() throws {
        var f = Fixtures("Europe/Berlin")
        // With days starting at 05:30, the birth date's early morning still belongs to day 0.
        let early = f.diaper(.wet, f.at(2024, 6, 3, 3))
        let result = f.run(born: f.at(2024, 6, 3, 1), today: Self.today, logs: [early], dayStart: "05:30")
        #expect(result.findings.isEmpty)
        #expect(result.day(0)?.number("diapers") == 1)
    }

    /// Day 0 begins at the birth date's day start (here 05:30) when the birth comes later: the night before, on the
    /// same date, is before the birthday; between the day start and the birth (08:00), a log is before the birth.
    @Test func dayZeroBeginsAtTheDayStartWhenTheBirthIsLater() throws {
        var f = Fixtures("Europe/Berlin")
        let night = f.diaper(.wet, f.at(2024, 6, 3, 3))
        let early = f.activity(.tummyTime, f.at(2024, 6, 3, 6), f.at(2024, 6, 3, 6, 5))
        let morning = f.diaper(.wet, f.at(2024, 6, 3, 9))
        let result = f.run(born: f.at(2024, 6, 3, 8), today: Self.today, logs: [night, early, morning], dayStart: "05:30")
        #expect(result.rules() == ["before_birthday", "before_birthday"])
        #expect(result.findings.map(\.logID) == [night.id, early.id])
        #expect(result.findings.map(\.message.key) == ["finding_before_birthday", "finding_before_birth"])
        #expect(result.findings[1].reason.contains("2024-06-03T08:00:00+02:00"))
        #expect(result.day(0)?.number("diapers") == 1)
        #expect(result.day(0)?.number("tummy_time_min") == 0)
    }

    @Test func duplicateIDsCountOnce() throws {
        var f = Fixtures("Europe/Berlin")
        let first = f.diaper(.wet, f.at(2024, 6, 4, 8))
        let copy = f.diaper(.wet, f.at(2024, 6, 4, 8), id: first.id)
        let moved = f.diaper(.dirty, f.at(2024, 6, 5, 8), id: first.id)
        let sameIDOtherKind = f.sleep(f.at(2024, 6, 4, 13), f.at(2024, 6, 4, 14), id: first.id)
        let (baby, week) = try run([moved, copy, first, sameIDOtherKind], f)
        #expect(baby.rules() == ["duplicate_id", "duplicate_id"])
        #expect(Set(baby.findings.map(\.rowID)) == [2, 3])
        #expect(week.number("diapers") == 1)
        #expect(week.number("dirty") == 0)
        #expect(week.number("sleep_h") == 1)
    }

    /// A table's row count sizes the id set up front; any count, even a wrong or absurd one, finds
    /// the same repeats (a larger table still grows as ids arrive).
    @Test(arguments: [0, 2, 3, 5_000, -7, Int.max])
    func tablesAnnouncedWithARowCountFindTheSameRepeats(_ rows: Int) throws {
        var f = Fixtures("Europe/Berlin")
        var diapers = (0..<3_000).map { f.diaper(.wet, f.at(2024, 6, 4, 8).addingTimeInterval(Double($0) * 60)) }
        diapers.append(f.diaper(.dirty, f.at(2024, 6, 5, 8), id: diapers[17].id))
        let aggregator = Aggregator(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: f.options(today: Self.today))
        aggregator.beginTable(.diaper, expectedLogs: rows)
        for case .diaper(let log) in diapers { aggregator.add(log) }
        aggregator.finishTable(.diaper)
        let baby = try aggregator.finish().babies[0]
        #expect(baby.rules() == ["duplicate_id"])
        #expect(baby.findings[0].logID == diapers[17].id)
        #expect(aggregator.repeatedIDs == 1)
        #expect(baby.week(0)?.number("diapers") == 3_000)
    }

    /// With `.countedByCaller` the aggregator checks no id: every log counts, repeats included (the
    /// caller counts them with a `RepeatedIDCounter` and reads again with `.fingerprints` if any).
    @Test func repeatsLeftToTheCallerAllCount() throws {
        var f = Fixtures("Europe/Berlin")
        var diapers = (0..<3_000).map { f.diaper(.wet, f.at(2024, 6, 4, 8).addingTimeInterval(Double($0) * 60)) }
        diapers.append(f.diaper(.dirty, f.at(2024, 6, 6, 8), id: diapers[17].id))
        diapers.append(f.diaper(.dirty, f.at(2024, 6, 6, 9), id: diapers[17].id))
        diapers.append(f.diaper(.dirty, f.at(2024, 6, 6, 10), id: diapers[2_999].id))
        let aggregator = Aggregator(babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: f.options(today: Self.today),
                                    duplicateCheck: .countedByCaller)
        aggregator.beginTable(.diaper, expectedLogs: diapers.count)
        for case .diaper(let log) in diapers { aggregator.add(log) }
        aggregator.finishTable(.diaper)
        #expect(aggregator.repeatedIDs == 0)
        let baby = try aggregator.finish().babies[0]
        #expect(baby.rules().isEmpty)
        #expect(baby.week(0)?.number("diapers") == 3_003)
        #expect(baby.week(0)?.number("dirty") == 3)
    }

    /// A table's repeated ids, counted where it is read: an id three times is two repeats, and the same id
    /// in another kind's table is none. Any row-count hint gives the same count (more ids than the hint
    /// grow the counter's memory, keeping what it holds).
    @Test(arguments: [0, 3_003, -7, Int.max])
    func repeatedIDsCountedPerTable(_ expected: Int) {
        let ids = (0..<3_000).map { Fixtures.id($0) }
        var diapers = RepeatedIDCounter(kind: .diaper, expected: expected)
        for id in ids + [ids[17], ids[17], ids[2_999]] { diapers.add(id) }
        #expect(diapers.finish() == 3)
        var sleeps = RepeatedIDCounter(kind: .sleep, expected: expected)
        sleeps.add(ids[17])
        #expect(sleeps.finish() == 0)
        var empty = RepeatedIDCounter(kind: .food, expected: expected)
        #expect(empty.finish() == 0)
        // Fewer than 1,024 are sorted in place, more by the radix sort; below a hint, the memory grows.
        var few = RepeatedIDCounter(kind: .activity, expected: expected)
        for id in ids[0..<10] + [ids[3], ids[9], ids[9]] { few.add(id) }
        #expect(few.finish() == 3)
    }

    @Test func duplicatesKnownToTheReader() throws {
        var f = Fixtures("Europe/Berlin")
        let first = f.diaper(.wet, f.at(2024, 6, 4, 8))
        let copy = f.diaper(.wet, f.at(2024, 6, 4, 9), id: first.id)
        let other = f.diaper(.wet, f.at(2024, 6, 4, 10))
        let result = Aggregator.aggregate(
            babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: f.options(today: Self.today), logs: [first, copy, other],
            duplicateCheck: .known([.diaper: [first.id]])
        ).babies[0]
        #expect(result.rules() == ["duplicate_id"])
        #expect(result.findings[0].logID == first.id)
        #expect(result.findings[0].rowID == 2)
        #expect(result.week(0)?.number("diapers") == 2)
    }

    @Test func unknownValuesAreCountedUnderOtherAndListedOncePerValue() throws {
        var f = Fixtures("Europe/Berlin")
        let first = f.diaper(.other("Blowout"), f.at(2024, 6, 4, 8))
        let logs = [
            f.diaper(.other("Blowout"), f.at(2024, 6, 5, 8)), first, f.diaper(.other("Blowout"), f.at(2024, 6, 6, 8)),
            f.feed(.other("Goat Milk"), f.at(2024, 6, 4, 9), amount: 100, unit: .milliliters),
            f.feed(.formula, f.at(2024, 6, 4, 10), amount: 2, unit: .other("cup")),
            f.activity(.other("Swim"), f.at(2024, 6, 4, 11), f.at(2024, 6, 4, 11, 20)),
        ]
        let (baby, week) = try run(logs, f)
        #expect(baby.rules() == ["unknown_value", "unknown_value", "unknown_value", "unknown_value"])
        let blowout = try #require(baby.findings.first)
        #expect(blowout.logID == first.id)
        #expect(blowout.occurrences == 3)
        #expect(blowout.reason.contains("\"Blowout\" (3 logs)"))
        #expect(week.number("diapers") == 3)
        #expect(week.number("wet") == 0)
        #expect(week.number("other") == 1)
        #expect(week.number("formula") == 1)
        #expect(week.number("formula_ml") == 0)
        #expect(week.number("activity_min") == 20)
        #expect(week.number("findings") == 4)
    }

    @Test func orphansAreListedAtStoreLevel() throws {
        var f = Fixtures("Europe/Berlin")
        let none = f.diaper(.wet, f.at(2024, 6, 4, 8), baby: .none)
        let dangling = f.sleep(f.at(2024, 6, 4, 9), f.at(2024, 6, 4, 10), baby: .dangling(rowID: 42))
        let stranger = f.feed(.formula, f.at(2024, 6, 4, 7), amount: 90, unit: .milliliters, baby: .baby(id: Fixtures.id(777)))
        let result = Aggregator.aggregate(
            babies: [f.baby(born: f.at(2024, 6, 3, 8))], options: f.options(today: Self.today), logs: [none, dangling, stranger])
        #expect(result.storeFindings.map(\.rule) == [.orphan, .orphan, .orphan])
        #expect(result.storeFindings.map(\.logID) == [stranger.id, none.id, dangling.id])
        #expect(result.storeFindings[0].localTime == "2024-06-04T07:00:00+02:00")
        #expect(result.storeFindings[2].reason.contains("baby row 42"))
        #expect(result.babies[0].weeks.isEmpty)
        #expect(result.babies[0].findings.isEmpty)
    }

    @Test func invalidInstantsAreFindingsNotCrashes() throws {
        var f = Fixtures("Europe/Berlin")
        let nan = f.diaper(.wet, Date(timeIntervalSinceReferenceDate: .nan))
        let infinite = f.feed(.formula, Date(timeIntervalSinceReferenceDate: .infinity), amount: 90, unit: .milliliters)
        let endless = f.activity(.tummyTime, f.at(2024, 6, 4, 8), Date(timeIntervalSinceReferenceDate: .infinity))
        let farPast = f.diaper(.wet, Date(timeIntervalSinceReferenceDate: -63_113_904_000))  // year 1
        let farFuture = f.diaper(.wet, Date(timeIntervalSinceReferenceDate: 252_423_993_599))  // year 9999
        let (baby, week) = try run([nan, infinite, endless, farPast, farFuture], f)
        // Years 1 and 9999 are implausible before they are "before the birthday" or "after today".
        #expect(Set(baby.rules()) == ["bad_time", "implausible_date"])
        #expect(baby.rules().filter { $0 == "bad_time" }.count == 3)
        #expect(baby.findings.first { $0.logID == nan.id }?.localTime == "invalid time")
        #expect(week.number("activity_min") == 0)
        #expect(week.number("diapers") == 0)
    }
}
