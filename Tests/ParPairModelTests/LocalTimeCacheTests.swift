import Foundation
import ParPairModel
import TestSupport
import Testing

/// The fast local clock must say exactly what the calendar says, in rising order (an export) and in
/// any order, across daylight-saving changes, odd offsets and zones whose standard offset changed.
@Suite struct LocalTimeCacheTests {
    static let zones = [
        "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "Europe/Moscow",
        "America/Caracas", "Pacific/Apia", "Asia/Pyongyang", "UTC",
    ]

    @Test(arguments: zones)
    func agreesWithTheCalendar(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let calendar = LifeCalendar(timeZone: zone)
        var generator = SeededGenerator(seed: identifier.utf8.reduce(1) { $0 &* 31 &+ UInt64($1) })
        // 2005 to 2030 in uneven steps with fractional seconds, then the same instants shuffled.
        var instants: [Date] = []
        var seconds = 126_230_400.0 - 31_536_000 * 1  // 2004-12-31
        while seconds < 946_684_800 {  // 2031
            seconds += Double(generator.next() % 200_000) + Double(generator.next() % 1000) / 1000
            instants.append(Date(timeIntervalSinceReferenceDate: seconds))
        }
        // Both sides of every change of offset: the hour before and after each transition.
        var cursor = Date(timeIntervalSinceReferenceDate: 126_230_400)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSinceReferenceDate < 946_684_800 {
            for delta in [-3600.5, -1, -0.25, 0, 0.25, 1, 1800, 3600.75] {
                instants.append(next.addingTimeInterval(delta))
            }
            cursor = next
        }
        instants.sort()
        var rising = LocalTimeCache(calendar: calendar)
        for instant in instants {
            #expect(rising.iso8601(instant) == calendar.iso8601(instant), "\(identifier) \(instant.timeIntervalSinceReferenceDate)")
            #expect(rising.civilDate(of: instant) == calendar.civilDate(of: instant))
        }
        var shuffled = LocalTimeCache(calendar: calendar)
        for instant in instants.shuffled(using: &generator).prefix(2_000) {
            #expect(shuffled.iso8601(instant) == calendar.iso8601(instant), "\(identifier) \(instant.timeIntervalSinceReferenceDate)")
        }
    }

    @Test func instantsFarFromTodayAreLeftToTheCalendar() throws {
        let calendar = LifeCalendar(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
        var cache = LocalTimeCache(calendar: calendar)
        for seconds in [-63_113_904_000.0, -3_155_673_601, -2_000_000_000, 252_423_993_599, 252_423_993_600] {
            let instant = Date(timeIntervalSinceReferenceDate: seconds)
            #expect(cache.iso8601(instant) == calendar.iso8601(instant), "\(seconds)")
            #expect(cache.civilDate(of: instant) == calendar.civilDate(of: instant), "\(seconds)")
        }
    }
}
