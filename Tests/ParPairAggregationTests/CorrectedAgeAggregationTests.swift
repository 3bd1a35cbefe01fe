import Foundation
import ParPairModel
import Testing
@testable import ParPairAggregation

/// `--due-date` / `--born-at` in the aggregation: the corrected-age columns, and the bands of development (sleep,
/// tummy time) keyed on the corrected age while correction applies, those of intake and output on the days since
/// birth. Every expected figure is worked out in the comments.
@Suite struct CorrectedAgeAggregationTests {
    /// Born 2026-03-02 08:00 in Berlin; one wet diaper, one feed and 5 min of tummy time a day, every day.
    static func aggregate(term: BirthTerm?, today: CivilDate = CivilDate(year: 2026, month: 6, day: 1),
                          twins: Bool = false) -> [BabyAggregate] {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        let first = CivilDate(year: 2026, month: 3, day: 2)
        for day in 0...(today.dayNumber - first.dayNumber) {
            let date = first.adding(days: day)
            for baby in twins ? [Fixtures.babyID, Fixtures.id(999)] : [Fixtures.babyID] {
                logs.append(f.diaper(.wet, f.at(date.year, date.month, date.day, 9), baby: .baby(id: baby)))
                logs.append(f.feed(.breastfeeding, f.at(date.year, date.month, date.day, 10), end: f.at(date.year, date.month, date.day, 10, 20),
                                   baby: .baby(id: baby)))
                logs.append(f.activity(.tummyTime, f.at(date.year, date.month, date.day, 11), f.at(date.year, date.month, date.day, 11, 5),
                                       baby: .baby(id: baby)))
            }
        }
        var options = f.options(today: today)
        options.birthTerm = term
        options.now = f.at(2027, 1, 1)
        var babies = [f.baby(born: f.at(2026, 3, 2, 8))]
        if twins { babies.append(Baby(id: Fixtures.id(999), name: "Max", birthday: f.at(2026, 3, 2, 8, 30), rowID: 2)) }
        return Aggregator.aggregate(babies: babies, options: options, logs: logs).babies
    }

    static func band(_ week: WeekSummary?, _ metric: String, _ kind: ReferenceBand.Kind = .typical) -> ReferenceBand? {
        week?.references.first { $0.metric == metric && $0.kind == kind }
    }

    @Test func developmentFollowsTheCorrectedAgeAndIntakeTheDaysSinceBirth() throws {
        // 32w0d: 280 - 224 = 56 days (8 weeks) early.
        let corrected = try #require(Self.aggregate(term: .gestationalAge(days: 224)).first)
        let plain = try #require(Self.aggregate(term: nil).first)
        // Week 3 (days 21-27) begins 35 days before the due date: no sleep or tummy-time band, but the intake and
        // output bands of days 21-27 of life are there, as without a term.
        #expect(Self.band(corrected.week(3), "tummy_time_min_per_day") == nil)
        #expect(Self.band(corrected.week(3), "wet_per_day")?.rangeText == "≥ 6")
        #expect(Self.band(corrected.week(3), "feedings_per_day")?.rangeText == "8–12")
        #expect(corrected.week(3)?.references.map(\.metric) == plain.week(3)?.references.map(\.metric).filter { $0 != "sleep_h_per_day" && $0 != "tummy_time_min_per_day" })
        // One feeding a day in week 3 is under 6: a concern by the days since birth, with or without a term.
        #expect(Self.band(corrected.week(3), "feedings_per_day", .concern)?.isConcern == true)
        // Week 9 (days 63-69) is corrected week 1, but intake follows the days of life: no newborn feedings band.
        #expect(Self.band(corrected.week(9), "feedings_per_day") == nil)
        // Tummy time: 5 min a day. Week 12 (days 84-90) is corrected week 4: the early range 6-15; at 12 weeks of life
        // the range is 15-30. Both are context: below either, nothing is a concern.
        #expect(Self.band(corrected.week(12), "tummy_time_min_per_day")?.rangeText == "6–15")
        #expect(Self.band(plain.week(12), "tummy_time_min_per_day")?.rangeText == "15–30")
        #expect(corrected.week(12)?.references.contains(where: \.isConcern) == false)
        // The wet bands end at six weeks of life (day 41), corrected or not.
        #expect(Self.band(corrected.week(9), "wet_per_day") == nil)
    }

    @Test func theCorrectedColumnsCountFromTheDueDate() throws {
        let corrected = try #require(Self.aggregate(term: .dueDate(CivilDate(year: 2026, month: 4, day: 27))).first)
        // Born 2026-03-02, due 2026-04-27: 29 + 27 = 56 days early. Week 9 starts on day 63: corrected day 7, week 1.
        #expect(corrected.week(9)?.number("corrected_day") == 7)
        #expect(corrected.week(9)?.number("corrected_week") == 1)
        // Week 0 starts on day 0: corrected day -56, week -8.
        #expect(corrected.week(0)?.number("corrected_day") == -56)
        #expect(corrected.week(0)?.number("corrected_week") == -8)
        // Day 50: corrected -6, -0w6d as the text writes it: 0 whole weeks before the due date. Day 15: -41, -5w6d: -5.
        #expect(corrected.day(50)?.number("corrected_day") == -6)
        #expect(corrected.day(50)?.number("corrected_week") == 0)
        #expect(AgeCorrection.weeksAndDays(-41) == "-5w6d")
        #expect(corrected.day(15)?.number("corrected_day") == -41)
        #expect(corrected.day(15)?.number("corrected_week") == -5)
        #expect(corrected.day(60)?.number("corrected_day") == 4)
        #expect(corrected.day(60)?.number("corrected_week") == 0)
        let plain = try #require(Self.aggregate(term: nil).first)
        #expect(plain.week(9)?.value(of: "corrected_day")?.formatted == "")
        #expect(plain.day(60)?.value(of: "corrected_week")?.formatted == "")
    }

    @Test func atThirtySevenWeeksNothingIsCorrected() throws {
        // 37w0d = 259 days: not preterm. Every week and its bands are as without a term.
        let term = try #require(Self.aggregate(term: .gestationalAge(days: 259)).first)
        let plain = try #require(Self.aggregate(term: nil).first)
        #expect(term.correction?.isPreterm == false)
        #expect(term.weeks.map(\.references) == plain.weeks.map(\.references))
        #expect(term.weeks.allSatisfy { $0.correctedFirstDay == nil })
        // 36w6d = 258 days: preterm by one day, 22 days early.
        let late = try #require(Self.aggregate(term: .gestationalAge(days: 258)).first)
        #expect(late.week(9)?.correctedFirstDay == 63 - 22)
    }

    @Test func correctionEndsAtTwelveMonths() throws {
        // 34w0d = 238 days, 42 days early, corrected until the first birthday 2027-03-02 (day 365, 2026 has 365 days).
        // Week 51 starts on day 357 (2027-02-22): corrected 315. Week 52 starts on day 364 (2027-03-01), still before
        // the birthday: corrected 322. Week 53 starts on day 371 (2027-03-08): chronological again, no corrected day.
        let babies = Self.aggregate(term: .gestationalAge(days: 238), today: CivilDate(year: 2027, month: 3, day: 20))
        let baby = try #require(babies.first)
        #expect(baby.week(51)?.correctedFirstDay == 315)
        #expect(baby.week(52)?.correctedFirstDay == 322)
        #expect(baby.week(53)?.correctedFirstDay == nil)
        #expect(baby.day(364)?.correctedDay == 322)
        #expect(baby.day(365)?.correctedDay == nil)
    }

    @Test func twinsShareTheTerm() throws {
        // Max is born half an hour after Mia, on the same day: both 8 weeks early.
        let twins = Self.aggregate(term: .gestationalAge(days: 224), twins: true)
        #expect(twins.count == 2)
        #expect(twins.map { $0.week(9)?.correctedFirstDay } == [7, 7])
        #expect(twins[0].correction != nil && twins[0].correction == twins[1].correction)
        #expect(twins.map { Self.band($0.week(12), "tummy_time_min_per_day")?.rangeText } == ["6–15", "6–15"])
    }
}
