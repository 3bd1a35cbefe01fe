import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairSample
import ParPairStore
import Testing

/// Two signs that the zone is not the family's. The sleep centre is calibrated on the sample generator's babies, who
/// live in New York, from newborn to two years: quiet in their zone and 3 h off either way, a warning 6 h off.
@Suite struct ZoneCheckTests {
    static func zone(_ name: String) -> TimeZone { TimeZone(identifier: name)! }

    @Test func zonesOfNoPlaceAreNamed() throws {
        let now = Date(timeIntervalSince1970: 1_795_156_200)  // 2026-11-20
        let est = try #require(ZoneCheck.placelessWarning(Self.zone("EST"), at: now))
        #expect(est.contains("EST names no place (UTC−5 at the report's today, all year)") && est.contains("America/New_York"))
        let cet = try #require(ZoneCheck.placelessWarning(Self.zone("CET"), at: now))
        #expect(cet.contains("Europe/Berlin or Europe/Paris") && !cet.contains("all year"))
        // Etc/GMT-2 is UTC+2 (POSIX signs are inverted).
        let etc = try #require(ZoneCheck.placelessWarning(Self.zone("Etc/GMT-2"), at: now))
        #expect(etc.contains("UTC+2") && etc.contains("Europe/Athens"))
        let gmtPlusOne = try AggregationOptions.timeZone(named: "GMT+1")
        #expect(ZoneCheck.placelessWarning(gmtPlusOne, at: now)?.contains("Europe/Berlin") == true)
        for quiet in ["UTC", "Etc/UTC", "GMT", "America/New_York", "US/Eastern", "Asia/Kolkata"] {
            #expect(ZoneCheck.placelessWarning(Self.zone(quiet), at: now) == nil, "\(quiet)")
        }
    }

    @Test func theSleepCentreTellsAZoneFarFromTheFamilys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zone-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // One baby from birth (2024-11-21) to two years old (2026-11-20).
        _ = try SampleStore.generate(to: folder + "/default.store", seed: 3, babies: 1, days: 730, wal: false)
        // New York (UTC−5/−4); 3 h west and east of it; 6 h east (Berlin) and about 6 h west (Pago Pago, UTC−11).
        let quiet = ["America/New_York", "America/Los_Angeles", "Atlantic/South_Georgia"]
        let loud = ["Europe/Berlin", "Pacific/Pago_Pago"]
        try FamilySource.withSource(path: folder) { source in
            for first in stride(from: 0, through: 100, by: 8) {
                for (name, expectWarning) in quiet.map({ ($0, false) }) + loud.map({ ($0, true) }) {
                    var options = AggregationOptions(timeZone: Self.zone(name), today: SampleStore.lastDay, weeks: .weeks(first...first + 3))
                    options.now = Date(timeIntervalSince1970: 1_795_225_800)  // after the last logged day
                    let result = try StoreAggregation.run(source: source, options: options)
                    let warning = ZoneCheck.sleepCentreWarning(result)

                    #expect((warning != nil) == expectWarning, "weeks \(first)–\(first + 3) in \(name): \(warning ?? "no warning")")
                }
            }
        }
    }

    /// The sample store's centre, in its own zone: 01:45, as Python computes it independently from the store's rows
    /// (sqlite3 and zoneinfo: overlapping sleeps merged, the clock sampled minute by minute; R = 0.204).
    @Test func theSampleCentresAtNight() throws {
        try FamilySource.withSource(path: PackagePaths.sampleStore) { source in
            let result = try StoreAggregation.run(source: source, options: SampleSettings.options())
            var clock = SleepClock()
            for baby in result.babies { clock.add(baby.sleepClock) }
            let centre = try #require(clock.centre)
            #expect(abs(centre - (3_600 + 45 * 60)) < 5 * 60, "centre \(centre / 3_600) h")
        }
    }
}
