import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairStore

/// Stores, zones and runs shared by the digest tests.
enum DigestFixtures {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The package root, from this file's place in Tests/ParPairReportTests.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// samples/default.store (2 babies, data up to 2026-11-20 in America/New_York); a test fails when it is missing.
    static func sampleStore() throws -> String {
        let path = packageRoot.appendingPathComponent("samples/default.store").path
        guard FileManager.default.fileExists(atPath: path) else { throw Missing(description: "the sample store \(path) is missing") }
        return path
    }

    static func zone(_ identifier: String) throws -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { throw Missing(description: "no time zone \(identifier)") }
        return zone
    }

    static func date(_ text: String) throws -> CivilDate {
        guard let date = CivilDate(iso: text) else { throw Missing(description: "not a date: \(text)") }
        return date
    }

    /// An instant written as ISO 8601 with its offset, e.g. `2026-11-01T01:30:00-04:00`.
    static func instant(_ text: String) throws -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { throw Missing(description: "not an instant: \(text)") }
        return date
    }

    static let settings = ReportSettings(storeName: "default.store", toolVersion: "test")

    /// A run over the sample store, New York time.
    static func sampleRun(
        today: String, baby: String? = nil, choice: DigestWeekChoice = .latestComplete, redact: Bool = false,
        term: BirthTerm? = nil
    ) throws -> DigestRun {
        var options = AggregationOptions(timeZone: try zone("America/New_York"), today: try date(today))
        options.birthTerm = term
        var settings = settings
        settings.redact = redact
        return try FamilySource.withSource(path: try sampleStore()) { source in
            try DigestRun.make(source: source, options: options, baby: baby, choice: choice, settings: settings)
        }
    }

    /// A run over babies and logs made in the test, aggregated the way the command does it.
    static func run(
        babies: [Baby], logs: [LogRecord], zone: TimeZone, today: CivilDate, choice: DigestWeekChoice = .latestComplete
    ) throws -> DigestRun {
        var options = AggregationOptions(timeZone: zone, today: today)
        let plan = DigestPlan(babies: babies, options: options, choice: choice, redact: false)
        if let weeks = plan.weekSelection { options.weeks = weeks }
        let result = Aggregator.aggregate(babies: babies, options: options, logs: logs)
        return try DigestRun.make(result: result, plan: plan, settings: settings)
    }

    /// One wet diaper at 12:00 local on each of the days `from ..< to` of life.
    static func dailyDiapers(for baby: Baby, zone: TimeZone, days: Range<Int>) -> [LogRecord] {
        let calendar = LifeCalendar(timeZone: zone)
        let birthDate = calendar.civilDate(of: baby.birthday)
        return days.map { day in
            .diaper(DiaperLog(id: UUID(), type: .wet, time: calendar.instant(on: birthDate.adding(days: day), minutes: 12 * 60),
                              baby: .baby(id: baby.id)))
        }
    }
}
