import ParPairModel

/// The published numbers of `pediatric-reference-ranges.md` §5, placed against a span's figures: one table
/// (`rules`), from which the week tables, the visit summary, the first month's days and the digest all draw.
///
/// Each rule says which figure it judges, whether it is a typical range (context) or a source's concern
/// threshold ("talk to your midwife or doctor if"), on which side, which age it follows, the days of age it
/// covers, its bounds by day of age and its source. Day indices are days of life (0 = the day of birth); the
/// leaflets count the day of birth as "day 1", so their day `n` is our day `n − 1`.
public enum ReferenceRanges {
    /// A source by name and address.
    public struct Source: Sendable, Hashable {
        public let name: String
        public let url: String
    }

    static let whoSleep = Source(
        name: "WHO 2019 guidelines on physical activity, sedentary behaviour and sleep for children under 5",
        url: "https://www.paho.org/en/documents/guidelines-physical-activity-sedentary-behaviour-and-sleep-children-under-5-years-age")
    static let hse = Source(
        name: "HSE Ireland: knowing if your newborn is getting enough",
        url: "https://www2.hse.ie/wellbeing/child-health/getting-breastfeeding-off-to-a-good-start/knowing-if-your-newborn-is-getting-enough.html")
    static let unityPoint = Source(
        name: "UnityPoint Health: wet and dirty diapers (call if consistently fewer than 5 wet a day)",
        url: "https://www.unitypoint.org/fortdodge/wet-and-dirty-diapers.aspx")
    static let aapBreastfeeding = Source(
        name: "AAP: Where We Stand: Breastfeeding (8–12 feedings in 24 h)",
        url: "https://www.healthychildren.org/English/ages-stages/baby/breastfeeding/pages/Where-We-Stand-Breastfeeding.aspx")
    static let ukLeaflet = Source(
        name: "UK leaflet \"Breastfeeding is going well when … / Talk to your midwife if …\"",
        url: "https://doc4pdf.com/99935")
    static let kidsHealth = Source(
        name: "KidsHealth: your child's checkup, 2 weeks (no stretch over 4 h between feeds until weight gain is good; AAP 1997)",
        url: "https://kidshealth.org/ChildrensHealthNetwork/en/parents/checkup-2weeks.html")
    static let greyBruce = Source(
        name: "Grey Bruce Public Health: stools of a breastfed baby in the first weeks",
        url: "https://www.publichealthgreybruce.on.ca/Your-Health/Child-and-Family-Health/Infants/Breastfeeding/Breastfeeding-Positions")
    static let aapFormula = Source(
        name: "AAP: Amount and Schedule of Formula Feedings (no more than 32 oz in 24 h)",
        url: "https://www.healthychildren.org/English/ages-stages/baby/formula-feeding/Pages/Amount-and-Schedule-of-Formula-Feedings.aspx")
    static let aapTummy = Source(
        name: "AAP: Back to Sleep, Tummy to Play",
        url: "http://www.pediatricweb.com/webpost/iframe/Newborns_460.asp?tArticleId=1618")

    /// The sources of the corrected-age rule (`AgeCorrection`): listed with the bands when a baby is corrected.
    public static let correctedAgeSources: [(name: String, url: String)] = [
        (name: "AAP (HealthyChildren.org): Corrected Age For Preemies",
         url: "https://www.healthychildren.org/English/ages-stages/baby/preemie/Pages/Corrected-Age-For-Preemies.aspx"),
        (name: "RCPCH: UK-WHO growth charts, guidance for health professionals (preterm infants)",
         url: "https://www.rcpch.ac.uk/resources/uk-who-growth-charts-guidance-health-professionals"),
        (name: "Scharf, Scharf, Stroustrup: Developmental Milestones, Pediatrics in Review 2016 (PMID 26729779)",
         url: "https://pubmed.ncbi.nlm.nih.gov/26729779/"),
    ]

    /// The typical least wet diapers on a day of life (HSE, NHS ELHT, NCT): days 1–2 of the leaflets 1 and 2, days
    /// 3–4 three, days 5–6 five, then 6 or more until six weeks; nil after.
    public static func typicalWetDiapers(onDay day: Int) -> Int? {
        switch day {
        case 0: 1
        case 1: 2
        case 2, 3: 3
        case 4, 5: 5
        case 6...41: 6
        default: nil
        }
    }

    /// The wet diapers below which a day of life is a concern: below the day's count on the leaflets' days 1–4,
    /// and "consistently fewer than 5" from day 5 until six weeks; nil after.
    public static func concernWetDiapers(onDay day: Int) -> Int? {
        switch day {
        case 0...3: typicalWetDiapers(onDay: day)
        case 4...41: 5
        default: nil
        }
    }

    /// One published number: a row of §5's table.
    struct Rule: Sendable {
        /// How a span's bounds follow from its days: the mean of the daily bounds over the days that count (the
        /// counts that rise day by day), or the bounds of the span's anchor day (the steps by month or week).
        enum Span: Sendable { case meanOfDays, anchorDay }
        /// How a span's figure is read from its totals: per logged day, or as it is (the longest gap).
        enum Measure: Sendable {
            /// Per day over the span's days logged for the kind.
            case perDay(LogKind, @Sendable (LogMetrics) -> Double?)
            case whole(@Sendable (LogMetrics) -> Double?)
        }

        let metric: String
        let kind: ReferenceBand.Kind
        let direction: ReferenceBand.Direction
        let age: ReferenceBand.Age
        /// The days of age (on the rule's count) the rule covers.
        let days: ClosedRange<Int>
        let span: Span
        /// The bounds on a day of age, given the whole months of age on that day.
        let bounds: @Sendable (_ day: Int, _ months: Int) -> (low: Double?, high: Double?)?
        /// The label on a day of age.
        let label: @Sendable (_ day: Int, _ months: Int) -> String
        /// A concern's catalog key (`concern_…`); empty for a typical range.
        let wording: String
        let unit: String
        let source: Source
        let measure: Measure

        /// The kind whose logged days the rule reads: a per-day figure's, else (the longest gap between feedings) food.
        var logKind: LogKind {
            if case .perDay(let kind, _) = measure { return kind }
            return .food
        }
    }

    private static func feedings(_ m: LogMetrics) -> Double? { m.feeds > 0 ? Double(m.feedings) : nil }
    private static func wet(_ m: LogMetrics) -> Double? { m.diapers > 0 ? Double(m.wet) : nil }
    private static func dirty(_ m: LogMetrics) -> Double? { m.diapers > 0 ? Double(m.dirty) : nil }

    /// §5's table: every band of every output.
    static let rules: [Rule] = [
        Rule(metric: "feedings_per_day", kind: .typical, direction: .both, age: .sinceBirth, days: 0...27, span: .meanOfDays,
             bounds: { day, _ in day < 7 ? (10, 12) : (8, 12) },
             label: { day, _ in day < 7 ? "Feedings per 24 h in the first week" : "Feedings per 24 h in the first month" },
             wording: "", unit: "per 24 h", source: aapBreastfeeding, measure: .perDay(.food, feedings)),
        Rule(metric: "feedings_per_day", kind: .concern, direction: .below, age: .sinceBirth, days: 0...27, span: .meanOfDays,
             bounds: { _, _ in (6, nil) }, label: { _, _ in "Fewer than 6 feedings in 24 h" },
             wording: "concern_feedings", unit: "per 24 h", source: ukLeaflet, measure: .perDay(.food, feedings)),
        Rule(metric: "longest_feed_gap_h", kind: .concern, direction: .above, age: .sinceBirth, days: 0...13, span: .anchorDay,
             bounds: { _, _ in (nil, 4) }, label: { _, _ in "Over 4 h between feedings in the first two weeks" },
             wording: "concern_feed_gap", unit: "h", source: kidsHealth, measure: .whole { $0.longestFeedGapHours }),
        Rule(metric: "formula_ml_per_day", kind: .concern, direction: .above, age: .sinceBirth, days: 0...364, span: .anchorDay,
             bounds: { _, _ in (nil, 32 * FeedingUnit.millilitersPerOunce) }, label: { _, _ in "More than 32 US fl oz (946 ml) of formula in 24 h" },
             wording: "concern_formula", unit: "ml per 24 h", source: aapFormula,
             measure: .perDay(.food) { $0.formulaFeeds > 0 ? $0.formulaMilliliters : nil }),
        Rule(metric: "wet_per_day", kind: .typical, direction: .both, age: .sinceBirth, days: 0...41, span: .meanOfDays,
             bounds: { day, _ in typicalWetDiapers(onDay: day).map { (Double($0), nil) } },
             label: { day, _ in day < 6 ? "Wet diapers per day, rising day by day to 6" : "Wet diapers per day, 6 or more until 6 weeks" },
             wording: "", unit: "per day", source: hse, measure: .perDay(.diaper, wet)),
        Rule(metric: "wet_per_day", kind: .concern, direction: .below, age: .sinceBirth, days: 0...41, span: .meanOfDays,
             bounds: { day, _ in concernWetDiapers(onDay: day).map { (Double($0), nil) } },
             label: { day, _ in day < 4 ? "Fewer wet diapers than the day of life's count" : "Consistently fewer than 5 wet diapers a day" },
             wording: "concern_wet", unit: "per day", source: unityPoint, measure: .perDay(.diaper, wet)),
        Rule(metric: "dirty_per_day", kind: .typical, direction: .both, age: .sinceBirth, days: 0...27, span: .meanOfDays,
             bounds: { day, _ in (day < 2 ? 1 : 2, nil) },
             label: { _, _ in "Dirty diapers per day in the first month" },
             wording: "", unit: "per day", source: hse, measure: .perDay(.diaper, dirty)),
        Rule(metric: "dirty_per_day", kind: .concern, direction: .below, age: .sinceBirth, days: 1...20, span: .meanOfDays,
             bounds: { _, _ in (1, nil) }, label: { _, _ in "No stool on a day in the first three weeks" },
             wording: "concern_dirty", unit: "per day", source: greyBruce, measure: .perDay(.diaper, dirty)),
        Rule(metric: "sleep_h_per_day", kind: .typical, direction: .both, age: .corrected, days: 0...(3 * 366), span: .anchorDay,
             bounds: { _, months in
                 switch months {
                 case ..<4: (14, 17)
                 case 4..<12: (12, 16)
                 case 12..<36: (11, 14)
                 default: nil
                 }
             },
             label: { _, months in
                 "Total sleep per 24 h at " + (months < 4 ? "0–3 months" : months < 12 ? "4–11 months" : "1–2 years")
             },
             wording: "", unit: "h per 24 h", source: whoSleep,
             measure: .perDay(.sleep) { $0.sleeps > 0 || $0.sleepHours > 0 ? $0.sleepHours : nil }),
        Rule(metric: "tummy_time_min_per_day", kind: .typical, direction: .both, age: .corrected, days: 0...366, span: .anchorDay,
             bounds: { day, months in months < 12 ? (day < 49 ? (6, 15) : (15, 30)) : nil },
             label: { day, _ in day < 49 ? "Tummy time per day: 2–3 sessions of 3–5 min" : "Tummy time per day from 7 weeks" },
             wording: "", unit: "min per day", source: aapTummy,
             measure: .perDay(.activity) { $0.activities > 0 ? $0.tummyTimeMinutes : nil }),
    ]

    /// Whole calendar months from a birth date to a date: the most months whose addition (`CivilDate.adding(months:)`,
    /// the month's last day when it is shorter) does not pass the date. One rule with `AgeCorrection.endDate`: a baby
    /// born on 29 February is 12 months old on 28 February of the next year.
    public static func months(from birth: CivilDate, to date: CivilDate) -> Int {
        var months = (date.year - birth.year) * 12 + (date.month - birth.month)
        while months > 0, birth.adding(months: months) > date { months -= 1 }
        while birth.adding(months: months + 1) <= date { months += 1 }
        return months
    }

    /// The bands for week `week` of a baby born on `birthDate`, with the week's figures placed against them.
    ///
    /// - Parameters:
    ///   - week: the age-week (days 7·week … 7·week+6).
    ///   - loggedDays: the days of life of the week that count for per-day figures (those with logs, the day in
    ///     progress left out); a figure needs at least one, and a judgement `ReferenceBand.minimumLoggedDays`.
    ///   - metrics: the week's totals over those days (the longest gap: the week's).
    ///   - correction: a preterm baby's corrected age: bands that follow the corrected age use it while it applies
    ///     (on the week's first day), and a week that begins before the due date gets none of them; intake and
    ///     output follow the days since birth.
    ///   - dayTotals: each day's totals (`dayTotals[i]` for day `7·week + i`), so that a rule that covers only some of the
    ///     week's days (the dirty diapers of days 1–20 in week 0) is judged on those days' own totals; without them a
    ///     rule applies only when it covers the week's first day.
    public static func bands(
        week: Int, loggedDays: LoggedDays, birthDate: CivilDate, metrics: LogMetrics, correction: AgeCorrection? = nil,
        units: VolumeUnits = .metric, dayTotals: [LogMetrics]? = nil
    ) -> [ReferenceBand] {
        guard week >= 0 else { return [] }
        let days = Array(week * 7..<week * 7 + 7)
        return bands(anchor: week * 7, spanDays: days, loggedDays: loggedDays, birthDate: birthDate, metrics: metrics,
                     correction: correction, minimumDays: ReferenceBand.minimumLoggedDays, units: units,
                     dayTotals: dayTotals.map { (week * 7, $0) })
    }

    /// The bands for a span of days ending on day of life `day` (a visit's period): the age of that day, the mean
    /// bounds over `loggedDays`.
    public static func bands(
        onDay day: Int, loggedDays: LoggedDays, birthDate: CivilDate, metrics: LogMetrics, correction: AgeCorrection? = nil,
        units: VolumeUnits = .metric
    ) -> [ReferenceBand] {
        guard day >= 0 else { return [] }
        return bands(anchor: day, spanDays: [day], loggedDays: loggedDays, birthDate: birthDate, metrics: metrics,
                     correction: correction, minimumDays: ReferenceBand.minimumLoggedDays, units: units)
    }

    /// The bands of one whole day of life against its own figures (the first month's day table): judged on that day
    /// alone, so one logged day is enough.
    /// - Parameter only: the figures wanted (all when nil).
    public static func bands(
        ofDay day: Int, birthDate: CivilDate, metrics: LogMetrics, correction: AgeCorrection? = nil, only: Set<String>? = nil
    ) -> [ReferenceBand] {
        guard day >= 0 else { return [] }
        var logged = LoggedDays()
        logged.add(day: day, metrics)
        return bands(anchor: day, spanDays: [day], loggedDays: logged, birthDate: birthDate, metrics: metrics, correction: correction,
                     minimumDays: 1, only: only)
    }

    /// Every rule that covers the span's anchor day on its own age count.
    ///
    /// - Parameters:
    ///   - anchor: the day of life whose age decides which rules apply and the step bounds.
    ///   - spanDays: the span's days of life, for the mean bounds while none is logged.
    ///   - minimumDays: the logged days a judgement needs.
    static func bands(
        anchor: Int, spanDays: [Int], loggedDays: LoggedDays, birthDate: CivilDate, metrics: LogMetrics, correction: AgeCorrection?,
        minimumDays: Int, only: Set<String>? = nil, units: VolumeUnits = .metric, dayTotals: (first: Int, days: [LogMetrics])? = nil
    ) -> [ReferenceBand] {
        var bands: [ReferenceBand] = []
        for rule in rules where only?.contains(rule.metric) ?? true {
            // The days the rule reads: those logged for its kind (a gap: the days with feeds).
            var kindDays = loggedDays[rule.logKind]
            var metrics = metrics
            // The age count: days since birth, or since the due date while correction applies on the anchor day.
            var origin = birthDate
            var shift = 0
            if rule.age == .corrected, let correction, correction.applies(onDay: anchor) {
                origin = correction.dueDate
                shift = correction.daysEarly
            }
            var anchorAge = anchor - shift
            if !rule.days.contains(anchorAge), let dayTotals,
               let part = partOfSpan(rule, spanDays: spanDays, kindDays: kindDays, shift: shift, dayTotals: dayTotals) {
                (anchorAge, kindDays, metrics) = part
            }
            let counted = kindDays.isEmpty ? spanDays : kindDays
            guard anchorAge >= 0, rule.days.contains(anchorAge) else { continue }
            let months = months(from: origin, to: origin.adding(days: anchorAge))
            let bounds: (low: Double?, high: Double?)?
            switch rule.span {
            case .anchorDay:
                bounds = rule.bounds(anchorAge, months)
            case .meanOfDays:
                // One loop, not map, filter and compactMap: each made an array, a band of every day and week.
                var daily: [(low: Double?, high: Double?)] = []
                daily.reserveCapacity(counted.count)
                for day in counted where rule.days.contains(day - shift) {
                    if let dayBounds = rule.bounds(day - shift, months) { daily.append(dayBounds) }
                }
                bounds = daily.isEmpty ? rule.bounds(anchorAge, months) : mean(daily)
            }
            guard let bounds else { continue }
            let value: Double?
            switch rule.measure {
            case .perDay(_, let total): value = kindDays.isEmpty ? nil : total(metrics).map { $0 / Double(kindDays.count) }
            case .whole(let figure): value = kindDays.isEmpty ? nil : figure(metrics)
            }
            // Judged as printed, both sides: the figure and the bound in the report's unit, each to the decimals the
            // tables show, so a cell never reads "3.4 ⚠ under 3.4" or "960 ⚠ over 960" (a gap of 4 h 01 min reads "4.0",
            // not "over 4 h").
            let shown = Shown(rule: rule, units: units)
            let low = bounds.low.map(shown.printed), high = bounds.high.map(shown.printed)
            bands.append(ReferenceBand(
                metric: rule.metric, kind: rule.kind, direction: rule.direction, age: rule.age, label: rule.label(anchorAge, months),
                wording: rule.wording, low: low, high: high, unit: shown.unit, sourceName: rule.source.name,
                sourceURL: rule.source.url, value: value.map(shown.converted),
                status: ReferenceBand.status(of: value.map(shown.printed), low: low, high: high, loggedDays: kindDays.count,
                                             direction: rule.direction, minimumDays: minimumDays)))
        }
        return bands
    }

    /// How a rule's figure and bounds are printed: in the report's unit (a volume in ounces for imperial units), to
    /// the decimals the tables show the figure with (those of the `ReportFigure` the band belongs to, else one).
    struct Shown {
        let scale: Double
        let decimals: Int
        let unit: String

        init(rule: Rule, units: VolumeUnits) {
            let volume = rule.unit.hasPrefix("ml")
            scale = volume && units == .imperial ? 1 / FeedingUnit.millilitersPerOunce : 1
            decimals = ReportFigure.all.first { $0.band == rule.metric }?.shownDecimals[units] ?? 1
            unit = volume && units == .imperial ? "oz" + rule.unit.dropFirst(2) : rule.unit
        }

        func converted(_ value: Double) -> Double { value * scale }

        func printed(_ value: Double) -> Double {
            let power = (0..<decimals).reduce(1.0) { power, _ in power * 10 }
            return (value * scale * power).rounded() / power
        }
    }

    /// A span that only partly lies in a per-day rule's days (week 0 for the stools of days 1–20) is judged on those
    /// days, with their own totals: the first of them as the anchor's age, the kind's days among them, their totals.
    private static func partOfSpan(
        _ rule: Rule, spanDays: [Int], kindDays: [Int], shift: Int, dayTotals: (first: Int, days: [LogMetrics])
    ) -> (anchorAge: Int, kindDays: [Int], metrics: LogMetrics)? {
        guard rule.span == .meanOfDays, case .perDay = rule.measure,
              let first = spanDays.first(where: { rule.days.contains($0 - shift) }) else { return nil }
        let days = kindDays.filter { rule.days.contains($0 - shift) }
        var metrics = LogMetrics()
        for day in days where dayTotals.days.indices.contains(day - dayTotals.first) { metrics.add(dayTotals.days[day - dayTotals.first]) }
        return (first - shift, days, metrics)
    }

    /// The mean of each bound over days (a bound missing on any day is missing).
    private static func mean(_ daily: [(low: Double?, high: Double?)]) -> (low: Double?, high: Double?) {
        // Summed in the days' order from 0, as reduce(0, +) summed them, without an array for each bound.
        var low: Double? = 0, high: Double? = 0
        for bounds in daily {
            low = low.flatMap { sum in bounds.low.map { sum + $0 } }
            high = high.flatMap { sum in bounds.high.map { sum + $0 } }
        }
        let count = Double(daily.count)
        return (low.map { $0 / count }, high.map { $0 / count })
    }
}
