import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairSample
import Testing

/// The Markdown report shows what the HTML shows: a day without logs reads "nothing logged", never zeros.
@Suite struct MarkdownLastDaysTests {
    @Test func aDayWithoutLogsReadsNothingLogged() throws {
        let folder = try FixtureFolder.make("markdown-last-days")
        let path = folder + "/default.store"
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = SampleSettings.timeZone
        func at(_ day: Int, _ hour: Int) -> Date { calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour))! }
        let baby = Baby(id: UUID(uuidString: "C0C0C0C0-0000-4000-8000-000000000001")!, name: "Ada", birthday: at(1, 6), rowID: 1)
        let writer = try StoreWriter(creatingAt: path)
        try writer.insert(baby)
        // Logs on 17 and 19 November; nothing on the 18th.
        for day in [17, 19] {
            try writer.insert(LogRecord.diaper(DiaperLog(id: UUID(), type: .wet, time: at(day, 9), baby: .baby(id: baby.id))))
        }
        try writer.finish()
        let markdown = try ReportOutput.markdown.render(store: path, options: SampleSettings.options())
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| D+") && $0.contains("2026-11-1") }
        let eighteenth = try #require(rows.first { $0.contains("2026-11-18") }, "\(rows)")
        #expect(eighteenth.contains("nothing logged") && !eighteenth.contains("| 0 |"), "\(eighteenth)")
        let nineteenth = try #require(rows.first { $0.contains("2026-11-19") })
        #expect(!nineteenth.contains("nothing logged"))
    }
}
