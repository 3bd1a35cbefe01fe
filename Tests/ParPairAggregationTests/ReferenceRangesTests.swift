import ParPairAggregation
import ParPairModel
import Testing

/// §5 of `pediatric-reference-ranges.md` placed against a span's figures: typical ranges (context) and the sources'
/// concern thresholds, each by its own age. Expected bounds are the leaflets' numbers, worked out here by hand.
@Suite struct ReferenceRangesTests {
    static let birth = CivilDate(year: 2024, month: 1, day: 15)

    func bands(_ metric: String, week: Int, days: Int = 7, _ metrics: LogMetrics, correction: AgeCorrection? = nil) -> [ReferenceBand] {
        ReferenceRanges.bands(week: week, loggedDays: LoggedDays(days: Array(week * 7..<week * 7 + days)), birthDate: Self.birth, metrics: metrics,
                              correction: correction)
            .filter { $0.metric == metric }
    }

    func typical(_ metric: String, week: Int, days: Int = 7, _ metrics: LogMetrics, correction: AgeCorrection? = nil) -> ReferenceBand? {
        bands(metric, week: week, days: days, metrics, correction: correction).first { $0.kind == .typical }
    }

    func concern(_ metric: String, week: Int, days: Int = 7, _ metrics: LogMetrics, correction: AgeCorrection? = nil) -> ReferenceBand? {
        bands(metric, week: week, days: days, metrics, correction: correction).first { $0.kind == .concern }
    }

    @Test func wetDiapersFollowTheDayOfLife() throws {
        // The leaflets' days 1–2: 1 and 2, days 3–4: 3, days 5–6: 5, then 6 or more until six weeks; a concern below
        // the day's count on days 1–4, then under 5 ("consistently fewer than 5").
        #expect((0...7).map { ReferenceRanges.typicalWetDiapers(onDay: $0) } == [1, 2, 3, 3, 5, 5, 6, 6])
        #expect((0...7).map { ReferenceRanges.concernWetDiapers(onDay: $0) } == [1, 2, 3, 3, 5, 5, 5, 5])
        #expect(ReferenceRanges.typicalWetDiapers(onDay: 41) == 6 && ReferenceRanges.typicalWetDiapers(onDay: 42) == nil)
        var metrics = LogMetrics()
        metrics.diapers = 21
        metrics.wet = 21  // 3 a day
        let week0 = try #require(concern("wet_per_day", week: 0, metrics))
        #expect(week0.low == 3.4)  // (1+2+3+3+5+5+5)/7 = 3.43, printed to the one decimal the tables show the figure with
        #expect(week0.status == .below && week0.isConcern)
        #expect(try #require(typical("wet_per_day", week: 0, metrics)).low == 3.6)  // (1+2+3+3+5+5+6)/7 = 3.57
        // Three logged days of week 0: 21 wet over 3 days is 7 a day, and three days are too few to judge.
        let partial = try #require(concern("wet_per_day", week: 0, days: 3, metrics))
        #expect(partial.low == 2)  // (1+2+3)/3
        #expect(partial.value == 7)
        #expect(partial.status == .tooFewDays && !partial.isConcern)
        #expect(try #require(concern("wet_per_day", week: 5, metrics)).low == 5)
        #expect(bands("wet_per_day", week: 6, metrics).isEmpty)
    }

    @Test func sleepAndTummyTimeAreTypicalRangesOnly() throws {
        var metrics = LogMetrics()
        metrics.sleeps = 30
        metrics.sleepHours = 7 * 12.7  // 12.7 h a day: below 14–17, and no source calls it a concern
        let newborn = try #require(typical("sleep_h_per_day", week: 0, metrics))
        #expect((newborn.low, newborn.high, newborn.status) == (14, 17, .below))
        #expect(!newborn.isConcern)
        #expect(concern("sleep_h_per_day", week: 0, metrics) == nil)
        // Week 17 starts on day 119 = 2024-05-13, not yet 4 months (2024-05-15); week 18 (2024-05-20) is.
        #expect(try #require(typical("sleep_h_per_day", week: 17, metrics)).low == 14)
        #expect(try #require(typical("sleep_h_per_day", week: 18, metrics)).low == 12)
        #expect(try #require(typical("sleep_h_per_day", week: 60, metrics)).low == 11)
        #expect(typical("sleep_h_per_day", week: 160, metrics) == nil)  // past 3 years
        metrics.activities = 7
        metrics.tummyTimeMinutes = 70  // 10 a day
        #expect(try #require(typical("tummy_time_min_per_day", week: 6, metrics)).rangeText == "6–15")
        let later = try #require(typical("tummy_time_min_per_day", week: 7, metrics))
        #expect((later.low, later.high, later.status, later.isConcern) == (15, 30, .below, false))
        #expect(concern("tummy_time_min_per_day", week: 7, metrics) == nil)
    }

    @Test func feedingsHaveATypicalRangeAndAConcernBelowSix() throws {
        var metrics = LogMetrics()
        metrics.breastfeeds = 63
        metrics.feedings = 63  // 9 a day
        // Week 0 is typically 10–12 a day; from week 1 8–12 (the first month, days since birth).
        #expect(try #require(typical("feedings_per_day", week: 0, metrics)).rangeText == "10–12")
        #expect(try #require(typical("feedings_per_day", week: 3, metrics)).rangeText == "8–12")
        #expect(typical("feedings_per_day", week: 4, metrics) == nil)
        let nine = try #require(concern("feedings_per_day", week: 0, metrics))
        #expect(nine.status == .within && !nine.isConcern)
        metrics.feedings = 35  // 5 a day
        let five = try #require(concern("feedings_per_day", week: 2, metrics))
        #expect((five.low, five.value, five.status, five.isConcern) == (6, 5, .below, true))
        #expect(five.thresholdText == "< 6")
        #expect(five.wording == "concern_feedings")
    }

    @Test func theLongestGapIsAConcernOverFourHoursInTheFirstTwoWeeks() throws {
        var metrics = LogMetrics()
        metrics.feedings = 56
        metrics.longestFeedGapHours = 4.5
        let gap = try #require(concern("longest_feed_gap_h", week: 1, metrics))
        #expect((gap.high, gap.status, gap.isConcern) == (4, .above, true))
        #expect(concern("longest_feed_gap_h", week: 2, metrics) == nil)
        // Judged as shown, to one decimal: 4 h 02 min reads 4.0 and is not over 4 h.
        metrics.longestFeedGapHours = 4 + 2.0 / 60
        #expect(try #require(concern("longest_feed_gap_h", week: 0, metrics)).status == .within)
    }

    /// The AAP's limit is 32 US fl oz (946.35 ml) a day, printed as the bottle column prints: 946 ml, or 32.0 oz.
    @Test func formulaOver32OuncesADayIsAConcern() throws {
        var metrics = LogMetrics()
        metrics.formulaFeeds = 42
        metrics.formulaMilliliters = 7 * 1000
        let formula = try #require(concern("formula_ml_per_day", week: 20, metrics))
        #expect((formula.high, formula.value, formula.isConcern) == (946, 1000, true))
        metrics.formulaMilliliters = 7 * 900
        #expect(try #require(concern("formula_ml_per_day", week: 20, metrics)).isConcern == false)
        #expect(concern("formula_ml_per_day", week: 53, metrics) == nil)  // past 12 months
    }

    /// A figure and its bound are compared as the page prints them, so no cell reads "x ⚠ over x" or "x ⚠ under x":
    /// 946.4 ml a day prints "946", the bound "946", within; 961 ml (32.5 oz) is over in either unit; a wet mean of
    /// 3.43 a day (every day at its count) prints "3.4" against the bound "3.4", within.
    @Test func aFigureIsJudgedAsItIsPrinted() throws {
        var metrics = LogMetrics()
        metrics.formulaFeeds = 42
        metrics.formulaMilliliters = 7 * 946.4
        for units in [VolumeUnits.metric, .imperial] {
            let band = try #require(ReferenceRanges.bands(week: 20, loggedDays: LoggedDays(days: Array(140...146)), birthDate: Self.birth, metrics: metrics,
                                                          units: units).first { $0.metric == "formula_ml_per_day" && $0.kind == .concern })
            // 946.4 ml is 32.0 oz: the same as the bound, printed either way.
            #expect(!band.isConcern, "\(units): \(band)")
            #expect(band.high == (units == .metric ? 946 : 32) && band.unit.hasPrefix(units == .metric ? "ml" : "oz"))
        }
        metrics.formulaMilliliters = 7 * 961
        for units in [VolumeUnits.metric, .imperial] {
            let band = try #require(ReferenceRanges.bands(week: 20, loggedDays: LoggedDays(days: Array(140...146)), birthDate: Self.birth, metrics: metrics,
                                                          units: units).first { $0.metric == "formula_ml_per_day" && $0.kind == .concern })
            #expect(band.isConcern, "\(units): \(band)")
        }
        var wet = LogMetrics()
        wet.diapers = 24
        wet.wet = 24  // 1, 2, 3, 3, 5, 5, 5: every day of week 0 at its day's count
        let week0 = try #require(concern("wet_per_day", week: 0, wet))
        #expect(week0.low == 3.4 && !week0.isConcern, "\(week0)")
    }

    /// Week 0 is judged on stools over days 1–6, the days the "no stool on a day" concern covers, with their own totals:
    /// a meconium stool on the day of birth and none after is a concern, where the week's mean (1/7) hid it before.
    @Test func weekZeroIsJudgedOnStoolsOverDaysOneToSix() throws {
        var birth = LogMetrics()
        birth.diapers = 1
        birth.dirty = 1
        var wetOnly = LogMetrics()
        wetOnly.diapers = 6
        wetOnly.wet = 6
        let days = [birth] + Array(repeating: wetOnly, count: 6)
        var week = LogMetrics()  // the week's totals, by hand: 37 diapers, 36 wet, 1 dirty
        (week.diapers, week.wet, week.dirty) = (37, 36, 1)
        let logged = LoggedDays(days: Array(0...6), kinds: [.diaper])
        let dirty = try #require(ReferenceRanges.bands(week: 0, loggedDays: logged, birthDate: Self.birth, metrics: week, dayTotals: days)
            .first { $0.metric == "dirty_per_day" && $0.kind == .concern })
        #expect(dirty.value == 0 && dirty.isConcern, "\(dirty)")
        // One stool a day on days 1–6: within.
        var stool = wetOnly
        stool.dirty = 1
        let fine = [birth] + Array(repeating: stool, count: 6)
        var fineWeek = LogMetrics()
        (fineWeek.diapers, fineWeek.wet, fineWeek.dirty) = (37, 36, 7)
        let within = try #require(ReferenceRanges.bands(week: 0, loggedDays: logged, birthDate: Self.birth, metrics: fineWeek, dayTotals: fine)
            .first { $0.metric == "dirty_per_day" && $0.kind == .concern })
        #expect(within.value == 1 && !within.isConcern)
    }

    /// Intake and output follow the days since birth; sleep and tummy time the corrected age.
    @Test func eachBandFollowsItsOwnAge() throws {
        // Born at 36+4 (256 days): 24 days early, corrected until 12 months.
        let correction = try #require(AgeCorrection(birthDate: Self.birth, term: .gestationalAge(days: 256)))
        var metrics = LogMetrics()
        metrics.diapers = 28
        metrics.wet = 28  // 4 a day
        metrics.feedings = 63
        metrics.breastfeeds = 63
        metrics.sleeps = 7
        metrics.sleepHours = 7 * 15
        // Week 0 of a 36-weeker: the wet concern of days 0–6 all the same (mean 24/7), and 4 a day is below it.
        let wet = try #require(concern("wet_per_day", week: 0, metrics, correction: correction))
        #expect(wet.low == 3.4 && wet.status == .within)  // 4 ≥ 3.4 (the mean 3.43, printed)
        #expect(try #require(concern("feedings_per_day", week: 0, metrics, correction: correction)).age == .sinceBirth)
        // Sleep follows the corrected age: week 0 begins 24 days before the due date, so it has no sleep band.
        #expect(typical("sleep_h_per_day", week: 0, metrics, correction: correction) == nil)
        #expect(try #require(typical("sleep_h_per_day", week: 4, metrics, correction: correction)).age == .corrected)
    }

    /// One month rule everywhere: born on 29 February, 12 months old on 28 February of the next year.
    @Test func aLeapDayBirthdayTurnsAMonthOnTheMonthsLastDay() {
        let leap = CivilDate(year: 2024, month: 2, day: 29)
        #expect(ReferenceRanges.months(from: leap, to: CivilDate(year: 2025, month: 2, day: 27)) == 11)
        #expect(ReferenceRanges.months(from: leap, to: CivilDate(year: 2025, month: 2, day: 28)) == 12)
        #expect(ReferenceRanges.months(from: leap, to: CivilDate(year: 2024, month: 3, day: 28)) == 0)
        #expect(ReferenceRanges.months(from: leap, to: CivilDate(year: 2024, month: 3, day: 29)) == 1)
        #expect(ReferenceRanges.months(from: CivilDate(year: 2024, month: 1, day: 31), to: CivilDate(year: 2024, month: 2, day: 29)) == 1)
        // The correction of a leap-day 34-weeker ends on that day too, and the bands agree with it.
        let correction = AgeCorrection(birthDate: leap, term: .gestationalAge(days: 238))
        #expect(correction?.endDate == CivilDate(year: 2025, month: 2, day: 28))
    }

    @Test func weeksCarryTheirBands() throws {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        for day in 3...9 {
            for hour in [2, 8, 14, 20] { logs.append(f.diaper(.wet, f.at(2024, 6, day, hour))) }
        }
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs)
        let week = try #require(result.week(0))
        let wet = try #require(week.references.first { $0.metric == "wet_per_day" && $0.kind == .concern })
        // Born at 08:00: the diaper at 02:00 on the birth date is before the birth, a finding; 27 wet over 7 days.
        #expect(wet.value == 27.0 / 7)
        #expect(wet.status == .within)  // 3.86 ≥ 24/7
        #expect(result.findings.map(\.rule) == [.beforeBirthday])
        // Nothing else was logged: every other band says nothing.
        #expect(week.references.filter { $0.metric != "wet_per_day" && $0.metric != "dirty_per_day" }.allSatisfy { $0.status == .notApplicable })
    }

    /// The band for the age on a day, not on its week's first day: born 2024-01-15, day 122 is 2024-05-16, 4 months
    /// (12–16 h), while week 17 begins on day 119, 2024-05-13, at 3 months (14–17 h).
    @Test func theBandOfADayIsTheBandOfItsAge() throws {
        var metrics = LogMetrics()
        metrics.sleeps = 7
        metrics.sleepHours = 7 * 13
        let days = Array(116...122)
        let week = try #require(ReferenceRanges.bands(week: 17, loggedDays: LoggedDays(days: days), birthDate: Self.birth, metrics: metrics)
            .first { $0.metric == "sleep_h_per_day" })
        #expect((week.low, week.high) == (14, 17))
        let day = try #require(ReferenceRanges.bands(onDay: 122, loggedDays: LoggedDays(days: days), birthDate: Self.birth, metrics: metrics)
            .first { $0.metric == "sleep_h_per_day" })
        #expect((day.low, day.high) == (12, 16))
        #expect(day.status == .within)
        // Born at 34w0d (6 weeks early), corrected until 2025-01-15. On day 365 (2025-01-14) the corrected age is
        // 323 days (10 months: 12–16 h); on day 366, the first day without correction, the age is 12 months (11–14 h).
        let correction = try #require(AgeCorrection(birthDate: Self.birth, term: .gestationalAge(days: 238)))
        let corrected = try #require(ReferenceRanges.bands(onDay: 365, loggedDays: LoggedDays(days: Array(359...365)), birthDate: Self.birth,
                                                           metrics: metrics, correction: correction).first { $0.metric == "sleep_h_per_day" })
        #expect((corrected.low, corrected.high) == (12, 16))
        let ended = try #require(ReferenceRanges.bands(onDay: 366, loggedDays: LoggedDays(days: Array(360...366)), birthDate: Self.birth,
                                                       metrics: metrics, correction: correction).first { $0.metric == "sleep_h_per_day" })
        #expect((ended.low, ended.high) == (11, 14))
    }
}
