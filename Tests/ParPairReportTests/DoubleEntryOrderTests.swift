import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairSample
import ParPairStore
import Testing

/// A log and its double entry count once whatever order the rows were saved in: the second parent logs the
/// same diaper hours later, back-dated, so the copy lies far from the original in the table. The copy that
/// starts first (then the one saved first) counts, with its own times, and the other is the one listed.
@Suite struct DoubleEntryOrderTests {
    /// Writes the logs in the order given (their `Z_PK`s 1, 2, 3, …) for one baby born 2026-11-01 09:00 New York time.
    static func aggregate(_ logs: (Baby) -> [LogRecord]) throws -> BabyAggregate {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("double-entries-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = try StoreWriter(creatingAt: folder + "/default.store")
        let baby = Baby(id: UUID(), name: "Ana", birthday: Self.at(day: 1, hour: 9), rowID: 1)
        try writer.insert(baby)
        for log in logs(baby) { _ = try writer.insert(log) }
        try writer.finish()
        return try FamilySource.withSource(path: folder) { source in
            try #require(try StoreAggregation.run(source: source, options: SampleSettings.options()).babies.first)
        }
    }

    /// November 2026 in New York (UTC−5 after 1 November).
    static func at(day: Int, hour: Int, minute: Int = 0, second: Int = 0) -> Date {
        var parts = DateComponents(year: 2026, month: 11, day: day, hour: hour, minute: minute, second: second)
        parts.timeZone = SampleSettings.timeZone
        return Calendar(identifier: .gregorian).date(from: parts)!
    }

    static func diaper(_ type: DiaperType, _ time: Date, _ baby: Baby, row: Int64) -> LogRecord {
        .diaper(DiaperLog(id: UUID(), type: type, time: time, baby: .baby(id: baby.id), rowID: row))
    }

    /// Wet 10:00:40, Dirty 12:00, then Wet 10:00:00 saved last: one wet, one dirty; the back-dated copy starts first
    /// and counts, so the original, whose time the figures do not use, is the one listed.
    @Test func aCopySavedLaterAndBackDated() throws {
        var original: LogRecord?
        let baby = try Self.aggregate { baby in
            let logs = [Self.diaper(.wet, Self.at(day: 4, hour: 10, second: 40), baby, row: 1),
                        Self.diaper(.dirty, Self.at(day: 4, hour: 12), baby, row: 2),
                        Self.diaper(.wet, Self.at(day: 4, hour: 10), baby, row: 3)]
            original = logs[0]
            return logs
        }
        let week = try #require(baby.weeks.first)
        #expect(week.metrics.wet == 1)
        #expect(week.metrics.dirty == 1)
        #expect(week.metrics.diapers == 2)
        #expect(baby.findings.map(\.rule) == [.loggedTwice])
        #expect(baby.findings.first?.rowID == 1)
        if case .diaper(let log) = original { #expect(baby.findings.first?.logID == log.id) }
        #expect(baby.findings.first?.time == Self.at(day: 4, hour: 10, second: 40))
    }

    /// A table saved newest first (an import): every double entry is still found, each counted once.
    @Test func aTableInReverseTimeOrder() throws {
        let baby = try Self.aggregate { baby in
            var logs: [LogRecord] = []
            var row: Int64 = 0
            // Days 9 to 3 of November, newest first; each day a wet at 08:00, logged twice, and a dirty at 15:00.
            for day in stride(from: 9, through: 3, by: -1) {
                for (type, hour) in [(DiaperType.dirty, 15), (.wet, 8), (.wet, 8)] {
                    row += 1
                    logs.append(Self.diaper(type, Self.at(day: day, hour: hour), baby, row: row))
                }
            }
            return logs
        }
        // Days of life 2 to 8 are 3 to 9 November: week 0 has days 2–6 (5 days), week 1 days 7–8 (2 days).
        #expect(baby.weeks.map(\.metrics.wet) == [5, 2])
        #expect(baby.weeks.map(\.metrics.dirty) == [5, 2])
        #expect(baby.findings.count == 7)
        #expect(baby.findings.allSatisfy { $0.rule == .loggedTwice })
        // Of each day's two wets at the same instant, the one saved first counts and the second (the higher Z_PK) is
        // listed: rows 3, 6, …, 21.
        #expect(baby.findings.map(\.rowID).sorted() == [3, 6, 9, 12, 15, 18, 21])
    }
}
