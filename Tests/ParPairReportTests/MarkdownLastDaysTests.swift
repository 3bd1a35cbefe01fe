import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairSample
import Testing

/// The Markdown report shows what the HTML shows: a day without logs reads "nothing logged", never zeros.
@Suite struct MarkdownLastDaysTests {
    @Test func aDayWithoutLogsReadsNothingLogged() throws {
        let store = try OneBabyStore("markdown-last-days", babyName: "Ada", month: 11)
        // Logs on 17 and 19 November; nothing on the 18th.
        try store.write([17, 19].map { .diaper(DiaperLog(id: UUID(), type: .wet, time: store.at($0, 9), baby: .baby(id: store.baby.id))) })
        let path = store.path
        let markdown = try ReportOutput.markdown.render(store: path, options: SampleSettings.options())
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| D+") && $0.contains("2026-11-1") }
        let eighteenth = try #require(rows.first { $0.contains("2026-11-18") }, "\(rows)")
        #expect(eighteenth.contains("nothing logged") && !eighteenth.contains("| 0 |"), "\(eighteenth)")
        let nineteenth = try #require(rows.first { $0.contains("2026-11-19") })
        #expect(!nineteenth.contains("nothing logged"))
    }
}
