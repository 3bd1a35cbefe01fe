import Foundation
import ParPairAggregation
import ParPairModel

/// Two signs that days are counted in a zone that is not the family's, each one warning (the figures are still made).
public enum ZoneCheck {
    /// Zones of no place: fixed offsets and the old US and European rule names. UTC is none of them: it is asked for.
    static let placeless: Set<String> = ["EST", "MST", "HST", "CET", "EET", "WET", "MET", "EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT"]

    /// Places whose zone has a standard UTC offset, by that offset in hours: what to suggest instead.
    static let places: [Double: [String]] = [
        -10: ["Pacific/Honolulu"], -9: ["America/Anchorage"], -8: ["America/Los_Angeles", "America/Vancouver"],
        -7: ["America/Denver", "America/Phoenix"], -6: ["America/Chicago", "America/Mexico_City"],
        -5: ["America/New_York", "America/Toronto"], -4: ["America/Halifax", "America/Santiago"], -3: ["America/Sao_Paulo", "America/Argentina/Buenos_Aires"],
        0: ["Europe/London", "Europe/Lisbon"], 1: ["Europe/Berlin", "Europe/Paris"], 2: ["Europe/Athens", "Africa/Johannesburg"],
        3: ["Europe/Moscow", "Asia/Riyadh"], 4: ["Asia/Dubai"], 5: ["Asia/Karachi"], 5.5: ["Asia/Kolkata"], 7: ["Asia/Bangkok"],
        8: ["Asia/Shanghai", "Australia/Perth"], 9: ["Asia/Tokyo"], 10: ["Australia/Sydney"], 12: ["Pacific/Auckland"],
    ]

    /// Where a baby's logged sleep centres in its own zone (the circular mean of the clock asleep): 01:30.
    static let expectedSleepCentre = 5_400.0
    /// A centre further than this from 01:30 is worth a word: 3 h off stays quiet, 6 h off does not.
    static let sleepCentreTolerance = 4 * 3_600.0
    /// At least this much sleep, concentrated at least so much, before the centre is taken as a sign. A newborn's sleep
    /// is spread round the clock (a concentration near 0.1 in the first weeks of the sample's babies, 0.2–0.35
    /// later), yet its centre is already within minutes of the night's.
    static let minimumSleepSeconds = 7 * 10 * 3_600.0
    static let minimumConcentration = 0.07

    /// A warning for a zone of no place (`EST`, `CET`, `GMT+1`, `Etc/GMT-2`), naming the places it likely means.
    public static func placelessWarning(_ zone: TimeZone, at moment: Date) -> String? {
        let name = zone.identifier
        let fixed = ["EST", "MST", "HST"].contains(name) || name.hasPrefix("Etc/GMT") || (name.hasPrefix("GMT") && name.count > 3)
        guard placeless.contains(name) || (fixed && zone.secondsFromGMT(for: moment) != 0) else { return nil }
        // The standard (winter) offset: January in the north is when the old rule names are on standard time.
        let january = Date(timeIntervalSince1970: Double(CivilDate(year: 2026, month: 1, day: 15).dayNumber) * 86_400)
        let standard = Double(zone.secondsFromGMT(for: january)) / 3_600
        let suggestions = places[standard].map { " such as " + $0.joined(separator: " or ") } ?? ""
        return "the time zone \(name) names no place (\(PhoneDefaults.offset(zone, at: moment)) at the report's today\(fixed ? ", all year" : "")): "
            + "the family's clock may differ by an hour for part of the year; give the zone of their place\(suggestions) "
            + "with --tz or TZ"
    }

    /// A warning when the babies' logged sleep centres more than 4 h from 01:30 on the clock of `zone`: the logs then
    /// look made about N hours from it.
    public static func sleepCentreWarning(_ result: AggregationResult) -> String? {
        var clock = SleepClock()
        for baby in result.babies { clock.add(baby.sleepClock) }
        guard clock.seconds >= minimumSleepSeconds, clock.concentration >= minimumConcentration, let centre = clock.centre else {
            return nil
        }
        var offset = centre - expectedSleepCentre
        if offset > 43_200 { offset -= 86_400 } else if offset < -43_200 { offset += 86_400 }
        guard abs(offset) > sleepCentreTolerance else { return nil }
        let hours = Int((abs(offset) / 3_600).rounded())
        let zone = result.options.timeZone.identifier
        let minutes = Int(centre / 60)
        // Padded here rather than through String(format:), which goes through CVarArg casts and conformance lookups.
        let time = Localizer.twoDigits(minutes / 60) + ":" + Localizer.twoDigits(minutes % 60)
        return "the logged sleep centres on \(time) in \(zone), where a baby's sleep centres near 01:30: the logs look like they "
            + "were made about \(hours) hours \(offset > 0 ? "west" : "east") of \(zone); check --tz (or TZ)"
    }

    /// Both checks, each at most one warning.
    public static func warn(_ result: AggregationResult, warn: (String) -> Void) {
        if let text = placelessWarning(result.options.timeZone, at: result.options.now) { warn(text) }
        if let text = sleepCentreWarning(result) { warn(text) }
    }
}
