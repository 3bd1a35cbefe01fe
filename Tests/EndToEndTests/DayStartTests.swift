import Foundation
import ParPairModel
import ParPairSample
import SQLite
import Testing

/// `--day-start` is one rule in every output: a log between a birth at 01:00 and the birth date's day
/// start at 02:00 is day 0 in the daily table and in the events export alike.
@Suite struct DayStartTests {
    @Test func dayZeroIsTheSameInTheDailyTableAndTheEventsExport() async throws {
        let folder = try WorkFolder()
        let store = folder.file("default.store")
        let zone = TimeZone(identifier: "Europe/Berlin")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
            calendar.date(from: DateComponents(year: 2024, month: 6, day: day, hour: hour, minute: minute))!
        }
        let baby = Baby(id: UUID(uuidString: "00000000-0000-4000-8000-0000000000B1")!, name: "Ida", birthday: at(3, 1), rowID: 1)
        let writer = try StoreWriter(creatingAt: store)
        try writer.insert(baby)
        try writer.insert(DiaperLog(id: UUID(uuidString: "00000000-0000-4000-8000-0000000000D1")!, type: .wet, time: at(3, 1, 30),
                                    notes: "", baby: .baby(id: baby.id), rowID: 1))
        try writer.finish()
        let settings = ["--tz", "Europe/Berlin", "--today", "2024-06-10", "--day-start", "02:00"]
        let daily = try await BuiltTool.run(["export", store, "--table", "daily"] + settings, in: folder)
        daily.expectSuccess()
        let dayZero = daily.output.split(separator: "\r\n").dropFirst().first { $0.contains(",0,0,,,2024-06-03,") }
        #expect(dayZero?.contains(",1,") == true, "day 0 holds the diaper: \(daily.output.prefix(400))")
        let events = try await BuiltTool.run(["export", store, "--table", "events"] + settings, in: folder)
        events.expectSuccess()
        let row = events.output.split(separator: "\r\n").dropFirst().first ?? ""
        // The events columns end with day, week, id.
        #expect(row.hasSuffix(",0,0,00000000-0000-4000-8000-0000000000D1"), "\(row)")
    }
}
