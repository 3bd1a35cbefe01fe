import ParPairAggregation
import ParPairModel
import Testing

/// Reference bands by age, placed against a week's figures.
@Suite struct ReferenceRangesTests {
    static let birth = CivilDate(year: 2024, month: 1, day: 15)

    func band(_ metric: String, week: Int, days: Int = 7, _ metrics: LogMetrics) -> ReferenceBand? {
        ReferenceRanges.bands(week: week, loggedDays: Array(week * 7..<week * 7 + days), birthDate: Self.birth, metrics: metrics)
            .first { $0.metric == metric }
    }

    @Test func newbornWetDiapersFollowTheDayOfLife() throws {
        #expect((0...6).map { ReferenceRanges.minimumWetDiapers(onDay: $0) } == [1, 2, 3, 4, 5, 6, 6])
        #expect(ReferenceRanges.minimumWetDiapers(onDay: 41) == 6)
        #expect(ReferenceRanges.minimumWetDiapers(onDay: 42) == nil)
        var metrics = LogMetrics()
        metrics.diapers = 21
        metrics.wet = 21  // 3 a day
        let week0 = try #require(band("wet_per_day", week: 0, metrics))
        #expect(week0.low == 27.0 / 7)  // (1+2+3+4+5+6+6)/7
        #expect(week0.high == nil)
        #expect(week0.status == .below)
        #expect(week0.sourceURL.hasPrefix("https://www2.hse.ie/"))
        // Three logged days of week 0: (1+2+3)/3 = 2 a day, but three days are too few to flag anything.
        let partial = try #require(band("wet_per_day", week: 0, days: 3, metrics))
        #expect(partial.low == 2)
        #expect(partial.value == 7)  // 21 wet over 3 days
        #expect(partial.status == .tooFewDays)
        // Four logged days: (1+2+3+4)/4 = 2.5 a day; 21 over 4 days is 5.25, within.
        let four = try #require(band("wet_per_day", week: 0, days: 4, metrics))
        #expect(four.low == 2.5)
        #expect(four.status == .within)
        #expect(try #require(band("wet_per_day", week: 5, metrics)).low == 6)
        #expect(band("wet_per_day", week: 6, metrics) == nil)
    }

    @Test func sleepBandsByAgeInMonths() throws {
        var metrics = LogMetrics()
        metrics.sleeps = 30
        metrics.sleepHours = 7 * 15
        let newborn = try #require(band("sleep_h_per_day", week: 0, metrics))
        #expect((newborn.low, newborn.high) == (14, 17))
        #expect(newborn.status == .within)
        #expect(newborn.rangeText == "14–17")
        // Week 17 starts on day 119 = 2024-05-13, not yet 4 months (2024-05-15).
        #expect(try #require(band("sleep_h_per_day", week: 17, metrics)).low == 14)
        // Week 18 starts on day 126 = 2024-05-20: 4 months.
        let infant = try #require(band("sleep_h_per_day", week: 18, metrics))
        #expect((infant.low, infant.high) == (12, 16))
        let toddler = try #require(band("sleep_h_per_day", week: 60, metrics))
        #expect((toddler.low, toddler.high) == (11, 14))
        #expect(toddler.status == .above)
        #expect(band("sleep_h_per_day", week: 160, metrics) == nil)  // past 3 years
        #expect(try #require(band("sleep_h_per_day", week: 0, LogMetrics())).status == .notApplicable)
    }

    @Test func breastfeedsForNewbornsAndTummyTimeByWeeks() throws {
        var metrics = LogMetrics()
        metrics.breastfeeds = 49  // 7 a day
        metrics.activities = 7
        metrics.tummyTimeMinutes = 70  // 10 a day
        let feeds = try #require(band("breastfeeds_per_day", week: 3, metrics))
        #expect((feeds.low, feeds.high, feeds.status) == (8, 12, .below))
        #expect(band("breastfeeds_per_day", week: 4, metrics) == nil)
        #expect(try #require(band("breastfeeds_per_day", week: 0, LogMetrics())).status == .notApplicable)
        let early = try #require(band("tummy_time_min_per_day", week: 6, metrics))
        #expect((early.low, early.high, early.status) == (6, 15, .within))
        let later = try #require(band("tummy_time_min_per_day", week: 7, metrics))
        #expect((later.low, later.high, later.status) == (15, 30, .below))
        #expect(band("tummy_time_min_per_day", week: 53, metrics) == nil)
    }

    @Test func weeksCarryTheirBands() throws {
        var f = Fixtures("Europe/Berlin")
        var logs: [LogRecord] = []
        for day in 3...9 {
            for hour in [2, 8, 14, 20] { logs.append(f.diaper(.wet, f.at(2024, 6, day, hour))) }
        }
        let result = f.run(born: f.at(2024, 6, 3, 8), today: CivilDate(year: 2024, month: 6, day: 20), logs: logs)
        let week = try #require(result.week(0))
        #expect(week.references.map(\.metric) == ["sleep_h_per_day", "wet_per_day", "breastfeeds_per_day", "tummy_time_min_per_day"])
        let wet = try #require(week.references.first { $0.metric == "wet_per_day" })
        #expect(wet.value == 4)
        #expect(wet.status == .within)  // 4 ≥ 27/7
        #expect(week.references.filter { $0.metric != "wet_per_day" }.allSatisfy { $0.status == .notApplicable })
    }

    /// A band has a direction: past its side that is no concern a figure is within, never marked. Tummy time and
    /// wet diapers are lower bounds; sleep and a newborn's breastfeeds are ranges.
    @Test func bandsHaveADirection() throws {
        var metrics = LogMetrics()
        metrics.activities = 7
        metrics.tummyTimeMinutes = 7 * 37  // 37 min a day, above 15–30 at week 10
        let tummy = try #require(band("tummy_time_min_per_day", week: 10, metrics))
        #expect((tummy.low, tummy.high, tummy.value) == (15, 30, 37))
        #expect(tummy.concern == .below)
        #expect(tummy.status == .within)
        metrics.tummyTimeMinutes = 7 * 10  // 10 a day: below
        #expect(try #require(band("tummy_time_min_per_day", week: 10, metrics)).status == .below)
        metrics.wet = 7 * 9
        metrics.diapers = 7 * 9
        let wet = try #require(band("wet_per_day", week: 2, metrics))
        #expect(wet.concern == .below && wet.status == .within)
        metrics.sleeps = 7
        metrics.sleepHours = 7 * 18  // 18 h a day, above 14–17 at week 2
        let sleep = try #require(band("sleep_h_per_day", week: 2, metrics))
        #expect(sleep.concern == .both && sleep.status == .above)
        metrics.breastfeeds = 7 * 14  // 14 a day, above the newborn's 8–12
        #expect(try #require(band("breastfeeds_per_day", week: 2, metrics)).status == .above)
    }

    /// The band for the age on a day, not on its week's first day: born 2024-01-15, day 122 is 2024-05-16, 4 months
    /// (12–16 h), while week 17 begins on day 119, 2024-05-13, at 3 months (14–17 h).
    @Test func theBandOfADayIsTheBandOfItsAge() throws {
        var metrics = LogMetrics()
        metrics.sleeps = 7
        metrics.sleepHours = 7 * 13
        let days = Array(116...122)
        let week = try #require(ReferenceRanges.bands(week: 17, loggedDays: days, birthDate: Self.birth, metrics: metrics)
            .first { $0.metric == "sleep_h_per_day" })
        #expect((week.low, week.high) == (14, 17))
        let day = try #require(ReferenceRanges.bands(onDay: 122, loggedDays: days, birthDate: Self.birth, metrics: metrics)
            .first { $0.metric == "sleep_h_per_day" })
        #expect((day.low, day.high) == (12, 16))
        #expect(day.status == .within)
        // Born at 34w0d (6 weeks early), corrected until 2025-01-15. On day 365 (2025-01-14) the corrected age is
        // 323 days (10 months: 12–16 h); on day 366, the first day without correction, the age is 12 months (11–14 h).
        let correction = try #require(AgeCorrection(birthDate: Self.birth, term: .gestationalAge(days: 238)))
        let corrected = try #require(ReferenceRanges.bands(onDay: 365, loggedDays: Array(359...365), birthDate: Self.birth,
                                                           metrics: metrics, correction: correction).first { $0.metric == "sleep_h_per_day" })
        #expect((corrected.low, corrected.high) == (12, 16))
        let ended = try #require(ReferenceRanges.bands(onDay: 366, loggedDays: Array(360...366), birthDate: Self.birth,
                                                       metrics: metrics, correction: correction).first { $0.metric == "sleep_h_per_day" })
        #expect((ended.low, ended.high) == (11, 14))
    }
}
