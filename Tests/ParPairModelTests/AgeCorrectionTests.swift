import Testing
@testable import ParPairModel

/// Every expected value below is worked out by hand in the comment beside it, never by the code under test.
private func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate { CivilDate(year: year, month: month, day: day) }

private func correction(_ birth: CivilDate, _ term: BirthTerm) throws -> AgeCorrection {
    try #require(AgeCorrection(birthDate: birth, term: term))
}

@Suite struct AgeCorrectionTests {
    /// Born 2026-06-24. Days left in June after the 24th: 6; July 31; August 31.
    static let june24 = date(2026, 6, 24)

    @Test(arguments: [
        // 28w0d = 28·7 = 196; 280 − 196 = 84 early = 12w0d; 6 + 31 + 31 = 68, 84 − 68 = 16 → 2026-09-16; < 224 → 24 months.
        ("28w0d", "28w0d", 196, 84, "12w0d", date(2026, 9, 16), 24 as Int?),
        // 32w0d = 224; 280 − 224 = 56 = 8w0d; 56 − 37 = 19 → 2026-08-19; 224 is not < 224 → 12 months.
        ("32+0", "32w0d", 224, 56, "8w0d", date(2026, 8, 19), 12),
        // 36w6d = 252 + 6 = 258 < 259, preterm; 280 − 258 = 22 = 3w1d; 22 − 6 = 16 → 2026-07-16; 12 months.
        ("36w6d", "36w6d", 258, 22, "3w1d", date(2026, 7, 16), 12),
        // 37w0d = 259, not < 259: term; 280 − 259 = 21 = 3w0d; 21 − 6 = 15 → 2026-07-15; no correction.
        ("37w", "37w0d", 259, 21, "3w0d", date(2026, 7, 15), nil),
        ("37", "37w0d", 259, 21, "3w0d", date(2026, 7, 15), nil),
    ])
    func termsAroundTheLimits(text: String, ageText: String, days: Int, early: Int, earlyText: String, due: CivilDate, months: Int?) throws {
        #expect(BirthTerm(parsingGestationalAge: text) == .gestationalAge(days: days))
        for term in [BirthTerm.gestationalAge(days: days), try #require(BirthTerm(parsingGestationalAge: text))] {
            let c = try correction(Self.june24, term)
            #expect(c.gestationalAgeDays == days)
            #expect(c.isPreterm == (months != nil))
            #expect(c.daysEarly == early)
            #expect(c.dueDate == due)
            #expect(c.correctionMonths == months)
            #expect(c.earlyText == earlyText)
            #expect(c.gestationalAgeText == ageText)
        }
    }

    @Test func atTermThereIsNoCorrection() throws {
        // 37w0d = 259: not preterm, so nothing applies on any day.
        let c = try correction(Self.june24, .gestationalAge(days: 259))
        #expect(c.correctionMonths == nil)
        #expect(c.endDate == nil)
        for day in [0, 1, 21, 120, 364] {
            #expect(!c.applies(onDay: day))
            #expect(c.correctedDays(onDay: day) == nil)
        }
        #expect(c.gestationalAgeText == "37w0d")
        // 31w6d = 223 < 224 → 24 months, the last day before the 12-month band.
        #expect(try correction(Self.june24, .gestationalAge(days: 223)).correctionMonths == 24)
    }

    @Test func twelveMonthsEndOnTheFirstBirthday() throws {
        // 32w0d born 2025-03-10 → 12 months → 2026-03-10; Feb 2026 has 28 days, so that is day 365.
        let c = try correction(date(2025, 3, 10), .gestationalAge(days: 224))
        #expect(c.endDate == date(2026, 3, 10))
        #expect(c.applies(onDay: 0))
        #expect(!c.applies(onDay: -1))
        #expect(c.applies(onDay: 364))  // 2026-03-09
        #expect(!c.applies(onDay: 365))  // 2026-03-10
        #expect(c.correctedDays(onDay: 364) == 308)  // 364 − 56
        #expect(c.correctedDays(onDay: 365) == nil)
    }

    @Test func twentyFourMonthsSpanALeapYear() throws {
        // 28w0d born 2024-01-15 → 2026-01-15: 366 (Feb 2024 has 29 days) + 365 = 731 days.
        let c = try correction(date(2024, 1, 15), .gestationalAge(days: 196))
        #expect(c.endDate == date(2026, 1, 15))
        #expect(c.applies(onDay: 730))
        #expect(!c.applies(onDay: 731))
        #expect(c.correctedDays(onDay: 730) == 646)  // 730 − 84
    }

    @Test func leapDayBabyEndsOnTheLastDayOfFebruary() throws {
        // Born 2024-02-29 at 32w0d → 12 months → 2025-02-28 (no 29th in 2025).
        // 2024-02-29 → 2024-03-01 is 1 day, → 2025-03-01 is 365 more = 366; 2025-02-28 is one less: 365.
        let c = try correction(date(2024, 2, 29), .gestationalAge(days: 224))
        #expect(c.endDate == date(2025, 2, 28))
        #expect(c.applies(onDay: 364))
        #expect(!c.applies(onDay: 365))
    }

    @Test func correctedDaysBeforeAndAfterTheDueDate() throws {
        // 28w0d born 2026-06-24: 84 days early.
        let c = try correction(Self.june24, .gestationalAge(days: 196))
        #expect(c.correctedDays(onDay: 120) == 36)  // 120 − 84
        #expect(AgeCorrection.weeksAndDays(36) == "5w1d")  // 35 + 1
        #expect(c.correctedDays(onDay: 10) == -74)  // 10 − 84
        #expect(AgeCorrection.weeksAndDays(-74) == "-10w4d")  // 70 + 4
        #expect(c.correctedDays(onDay: 84) == 0)  // the due date itself
        #expect(AgeCorrection.weeksAndDays(0) == "0w0d")
        #expect(c.correctedDays(onDay: 0) == -84)
        // The doc example: 32w0d, day 120 → 120 − 56 = 64 = 9w1d.
        #expect(try correction(Self.june24, .gestationalAge(days: 224)).correctedDays(onDay: 120) == 64)
        #expect(AgeCorrection.weeksAndDays(64) == "9w1d")
    }

    @Test(arguments: [
        // US DST starts 2026-03-08, Europe 2026-03-29. March 1 → 31 is 30 days, + 12 = 42; 280 − 42 = 238 = 34w0d.
        (date(2026, 3, 1), date(2026, 4, 12), 42, 238, "34w0d"),
        // Europe leaves DST 2026-10-25, US 2026-11-01. Oct 20 → 31 is 11 days, + 24 = 35; 280 − 35 = 245 = 35w0d.
        (date(2026, 10, 20), date(2026, 11, 24), 35, 245, "35w0d"),
    ])
    func dueDatesAcrossDaylightSavingCountCalendarDays(birth: CivilDate, due: CivilDate, early: Int, days: Int, text: String) throws {
        let c = try correction(birth, .dueDate(due))
        #expect(c.daysEarly == early)
        #expect(c.gestationalAgeDays == days)
        #expect(c.gestationalAgeText == text)
        #expect(c.dueDate == due)
        #expect(c.correctionMonths == 12)  // 224 ≤ days < 259
        #expect(c == (try correction(birth, .gestationalAge(days: days))))
    }

    @Test func implausibleTermsAreRejected() throws {
        let b = Self.june24
        // Due 126 days after birth: 280 − 126 = 154 = 22w0d, accepted. 6 + 31 + 31 + 30 = 98, 126 − 98 = 28 → 2026-10-28.
        #expect(try correction(b, .dueDate(date(2026, 10, 28))).gestationalAgeDays == 154)
        // 127 days → 153 = 21w6d: rejected.
        #expect(AgeCorrection(birthDate: b, term: .dueDate(date(2026, 10, 29))) == nil)
        // Due 34 days before birth: 280 + 34 = 314 = 44w6d, accepted. June 24 − 24 = May 31, − 10 more = May 21.
        let late = try correction(b, .dueDate(date(2026, 5, 21)))
        #expect(late.gestationalAgeDays == 314)
        #expect(late.daysEarly == -34)
        #expect(late.earlyText == "-4w6d")  // 28 + 6
        #expect(!late.isPreterm)
        // 35 days before → 315 = 45w0d: rejected.
        #expect(AgeCorrection(birthDate: b, term: .dueDate(date(2026, 5, 20))) == nil)
        // The same bounds given as ages.
        #expect(AgeCorrection(birthDate: b, term: .gestationalAge(days: 153)) == nil)
        #expect(AgeCorrection(birthDate: b, term: .gestationalAge(days: 154)) != nil)
        #expect(AgeCorrection(birthDate: b, term: .gestationalAge(days: 314)) != nil)
        #expect(AgeCorrection(birthDate: b, term: .gestationalAge(days: 315)) == nil)
        // "21w6d" = 147 + 6 = 153 and "45w0d" = 315 parse but give no correction.
        #expect(AgeCorrection(birthDate: b, term: try #require(BirthTerm(parsingGestationalAge: "21w6d"))) == nil)
        #expect(AgeCorrection(birthDate: b, term: try #require(BirthTerm(parsingGestationalAge: "45w0d"))) == nil)
    }

    @Test(arguments: ["33w7d", "abc", "33w-1d", "", "w4", "-33", "+4", "33d", "33wd", "33+", "33+4d", "2000000000000000000", "100w0d"])
    func parserRejects(text: String) {
        #expect(BirthTerm(parsingGestationalAge: text) == nil)
    }

    @Test(arguments: ["33w4d", "33+4", " 33W4D ", "33w4"])
    func parserAccepts(text: String) {
        #expect(BirthTerm(parsingGestationalAge: text) == .gestationalAge(days: 235))  // 33·7 + 4 = 231 + 4
    }

    @Test func twinsShareOneCorrection() throws {
        // Same birth 2026-06-24, same due 2026-08-19 (56 days later: 6 + 31 + 19) → 224 = 32w0d for both.
        let first = try correction(Self.june24, .dueDate(date(2026, 8, 19)))
        let second = try correction(date(2026, 6, 24), .dueDate(CivilDate(year: 2026, month: 8, day: 19)))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        // --due-date 2026-08-19 and --born-at 32w0d describe the same baby.
        #expect(first == (try correction(Self.june24, .gestationalAge(days: 224))))
        #expect(first == (try correction(Self.june24, try #require(BirthTerm(parsingGestationalAge: "32w0d")))))
        // A different birth date is a different correction.
        #expect(first != (try correction(date(2026, 6, 25), .gestationalAge(days: 224))))
    }

    @Test(arguments: [
        (date(2024, 1, 31), 1, date(2024, 2, 29)),  // 2024 is a leap year: Feb has 29
        (date(2023, 1, 31), 1, date(2023, 2, 28)),  // 2023 is not
        (date(2024, 11, 15), 3, date(2025, 2, 15)),  // Nov → Dec → Jan → Feb, across the year
        (date(2025, 3, 31), -1, date(2025, 2, 28)),  // back into a short February
        (date(2024, 2, 29), 24, date(2026, 2, 28)),  // 2026 is not a leap year
        (date(2024, 2, 29), 48, date(2028, 2, 29)),  // 2028 is
        (date(2025, 1, 15), -13, date(2023, 12, 15)),  // one year and one month back
    ])
    func addingMonthsClampsToTheMonthsLastDay(start: CivilDate, months: Int, expected: CivilDate) {
        #expect(start.adding(months: months) == expected)
    }
}
