import ParPairModel

/// The published bands from `pediatric-reference-ranges.md`, chosen by the baby's age for one week.
///
/// Each band compares a per-day figure of the week and applies only when something of its kind was
/// logged in the week (otherwise its status is `notApplicable`). Bands exist only for the ages their
/// source covers; a week outside them gets no band for that metric.
///
/// - Total sleep per 24 h (`sleep_h_per_day`), WHO 2019, by the age in whole calendar months on the
///   week's first day: 14–17 h before 4 months, 12–16 h from 4 to 11 months, 11–14 h from 1 to 2 years.
/// - Wet diapers per day (`wet_per_day`, wet = Wet + Mixed), HSE Ireland, weeks 0–5 (the first six weeks).
///   HSE counts the day of birth as "day 1", so our day index `d` (0 = day of birth) is HSE day `d + 1`:
///   at least `d + 1` wet diapers on days 0–4, and at least 6 on days 5–41 ("day 6 to 6 weeks"). A
///   week's lower bound is the mean of those daily minimums over the week's counted days (`days`), so
///   week 0 with all 7 days expects at least (1+2+3+4+5+6+6)/7 ≈ 3.86 a day; there is no upper bound.
/// - Breastfeeds per 24 h (`breastfeeding` / days), AAP, 8–12 in the newborn weeks 0–3 (days 0–27).
/// - Tummy time per day (`tummy_time_min` / days), AAP "Back to Sleep, Tummy to Play": 6–15 min in
///   weeks 0–6 (2–3 sessions of 3–5 min), 15–30 min from week 7 (7 weeks) until 12 months.
public enum ReferenceRanges {
    static let whoSleep = (
        name: "WHO 2019 guidelines on physical activity, sedentary behaviour and sleep for children under 5",
        url: "https://www.paho.org/en/documents/guidelines-physical-activity-sedentary-behaviour-and-sleep-children-under-5-years-age"
    )
    static let hse = (
        name: "HSE Ireland: knowing if your newborn is getting enough",
        url: "https://www2.hse.ie/wellbeing/child-health/getting-breastfeeding-off-to-a-good-start/knowing-if-your-newborn-is-getting-enough.html"
    )
    static let aapBreastfeeding = (
        name: "AAP: Where We Stand: Breastfeeding",
        url: "https://www.healthychildren.org/English/ages-stages/baby/breastfeeding/pages/Where-We-Stand-Breastfeeding.aspx"
    )
    static let aapTummy = (
        name: "AAP: Back to Sleep, Tummy to Play",
        url: "http://www.pediatricweb.com/webpost/iframe/Newborns_460.asp?tArticleId=1618"
    )

    /// The sources of the corrected-age rule (`AgeCorrection`): listed with the bands when a baby is corrected.
    public static let correctedAgeSources: [(name: String, url: String)] = [
        (name: "AAP (HealthyChildren.org): Corrected Age For Preemies",
         url: "https://www.healthychildren.org/English/ages-stages/baby/preemie/Pages/Corrected-Age-For-Preemies.aspx"),
        (name: "RCPCH: UK-WHO growth charts, guidance for health professionals (preterm infants)",
         url: "https://www.rcpch.ac.uk/resources/uk-who-growth-charts-guidance-health-professionals"),
        (name: "Scharf, Scharf, Stroustrup: Developmental Milestones, Pediatrics in Review 2016 (PMID 26729779)",
         url: "https://pubmed.ncbi.nlm.nih.gov/26729779/"),
    ]

    /// The minimum wet diapers HSE gives for a day of life (0 = day of birth); nil after six weeks.
    public static func minimumWetDiapers(onDay day: Int) -> Int? {
        switch day {
        case 0...4: day + 1
        case 5...41: 6
        default: nil
        }
    }

    /// Whole calendar months from a birth date to a date (the day of the month must be reached).
    public static func months(from birth: CivilDate, to date: CivilDate) -> Int {
        (date.year - birth.year) * 12 + (date.month - birth.month) - (date.day < birth.day ? 1 : 0)
    }

    /// The bands for week `week` of a baby born on `birthDate`, with the week's figures placed against them.
    ///
    /// - Parameters:
    ///   - week: the age-week (days 7·week … 7·week+6).
    ///   - loggedDays: the days of life of the week that count for per-day figures (those with logs, the
    ///     day in progress left out); a figure needs at least one, and a flag `ReferenceBand.minimumLoggedDays`.
    ///   - birthDate: the local date of birth.
    ///   - metrics: the week's totals over those days.
    ///   - correction: a preterm baby's corrected age: while it applies (on the week's first day), the bands
    ///     are those of the corrected age, and a week that begins before the due date gets none.
    public static func bands(
        week: Int, loggedDays: [Int], birthDate: CivilDate, metrics: LogMetrics, correction: AgeCorrection? = nil
    ) -> [ReferenceBand] {
        guard week >= 0 else { return [] }
        guard let correction, correction.applies(onDay: week * 7) else {
            return bands(firstDay: week * 7, loggedDays: loggedDays, ageOrigin: birthDate, metrics: metrics)
        }
        let firstDay = week * 7 - correction.daysEarly
        guard firstDay >= 0 else { return [] }
        return bands(firstDay: firstDay, loggedDays: loggedDays.map { $0 - correction.daysEarly }, ageOrigin: correction.dueDate,
                     metrics: metrics)
    }

    /// The bands for the baby's age on day of life `day` (a visit's last day): the months of that day, not of its
    /// week's first day, and the corrected age while the correction applies on that day.
    public static func bands(
        onDay day: Int, loggedDays: [Int], birthDate: CivilDate, metrics: LogMetrics, correction: AgeCorrection? = nil
    ) -> [ReferenceBand] {
        guard day >= 0 else { return [] }
        guard let correction, correction.applies(onDay: day) else {
            return bands(firstDay: day, loggedDays: loggedDays, ageOrigin: birthDate, metrics: metrics)
        }
        let corrected = day - correction.daysEarly
        guard corrected >= 0 else { return [] }
        return bands(firstDay: corrected, loggedDays: loggedDays.map { $0 - correction.daysEarly }, ageOrigin: correction.dueDate,
                     metrics: metrics)
    }

    /// The bands for the seven days of age `firstDay…firstDay+6` counted from `ageOrigin` (the birth, or
    /// the due date for a corrected age); `loggedDays` are ages on the same count.
    static func bands(firstDay: Int, loggedDays: [Int], ageOrigin: CivilDate, metrics: LogMetrics) -> [ReferenceBand] {
        let days = loggedDays.count
        let week = firstDay / 7
        let months = months(from: ageOrigin, to: ageOrigin.adding(days: firstDay))
        let perDay = { (total: Double) -> Double? in days > 0 ? total / Double(days) : nil }
        func band(metric: String, label: String, low: Double?, high: Double?, unit: String, source: (name: String, url: String),
                  value: Double?, concern: ReferenceBand.Concern = .both) -> ReferenceBand {
            ReferenceRanges.band(metric: metric, label: label, low: low, high: high, unit: unit, source: source, value: value,
                                 loggedDays: days, concern: concern)
        }
        var bands: [ReferenceBand] = []

        let sleepBand: (low: Double, high: Double, ages: String)? =
            switch months {
            case ..<4: (14, 17, "0–3 months")
            case 4..<12: (12, 16, "4–11 months")
            case 12..<36: (11, 14, "1–2 years")
            default: nil
            }
        if let sleepBand {
            let logged = metrics.sleeps > 0 || metrics.sleepHours > 0
            bands.append(band(
                metric: "sleep_h_per_day", label: "Total sleep per 24 h at \(sleepBand.ages)",
                low: sleepBand.low, high: sleepBand.high, unit: "h per 24 h", source: whoSleep,
                value: logged ? perDay(metrics.sleepHours) : nil))
        }

        if week <= 5 {
            // The mean of the daily minimums of the days that count (all seven while none is logged yet).
            let counted = loggedDays.isEmpty ? Array(firstDay..<firstDay + 7) : loggedDays
            let minimums = counted.compactMap(minimumWetDiapers(onDay:))
            let low = Double(minimums.reduce(0, +)) / Double(max(1, minimums.count))
            let label = week == 0
                ? "Wet diapers per day, days 1–5 of life rising 1 to 5, then at least 6"
                : "Wet diapers per day, at least 6 from day 6 to 6 weeks"
            bands.append(band(
                metric: "wet_per_day", label: label, low: low, high: nil, unit: "per day", source: hse,
                value: metrics.diapers > 0 ? perDay(Double(metrics.wet)) : nil, concern: .below))
        }

        if week <= 3 {
            bands.append(band(
                metric: "breastfeeds_per_day", label: "Breastfeeds per 24 h for a newborn, on cue",
                low: 8, high: 12, unit: "per 24 h", source: aapBreastfeeding,
                value: metrics.breastfeeds > 0 ? perDay(Double(metrics.breastfeeds)) : nil))
        }

        if months < 12 {
            let early = week < 7
            bands.append(band(
                metric: "tummy_time_min_per_day",
                label: early ? "Tummy time per day: 2–3 sessions of 3–5 min" : "Tummy time per day from 7 weeks",
                low: early ? 6 : 15, high: early ? 15 : 30, unit: "min per day", source: aapTummy,
                value: metrics.activities > 0 ? perDay(metrics.tummyTimeMinutes) : nil, concern: .below))
        }
        return bands
    }

    private static func band(
        metric: String, label: String, low: Double?, high: Double?, unit: String,
        source: (name: String, url: String), value: Double?, loggedDays: Int, concern: ReferenceBand.Concern
    ) -> ReferenceBand {
        ReferenceBand(
            metric: metric, label: label, low: low, high: high, unit: unit, sourceName: source.name, sourceURL: source.url,
            value: value, status: ReferenceBand.status(of: value, low: low, high: high, loggedDays: loggedDays, concern: concern),
            concern: concern)
    }
}
