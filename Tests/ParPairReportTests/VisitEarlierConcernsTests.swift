import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairSample
import Testing

/// A dry spell before the last check-up: the summary of the period since names the first month's marked days before
/// it, in one line, as the first month's table marks them.
@Suite struct VisitEarlierConcernsTests {
    /// Born 2026-10-01 06:00 in New York; feeds every 3 hours and a wet and a dirty diaper with each, but only 2 wet a
    /// day on days 4–6 (2026-10-05 to 10-07); the visit is since 2026-10-09 (day 8).
    static func store() throws -> String {
        let store = try OneBabyStore("visit-earlier-concerns", babyName: "Ida", month: 10)
        let logs = store.everyThreeHours(1...20).flatMap { day, hour, time in
            let dry = (5...7).contains(day) && hour > 4
            return [store.formula(60, at: time), store.diaper(dry ? .dirty : .mixed, at: time + 1800)]
        }
        try store.write(logs)
        return store.path
    }

    @Test func theSummarySinceTheLastCheckUpNamesTheMarkedDaysBeforeIt() throws {
        let path = try Self.store()
        var options = SampleSettings.options()
        options.today = CivilDate(year: 2026, month: 10, day: 20)
        let template = try ReportTemplate(builtIn: "report.md.mustache")
        let markdown = try ReportOutput.render(store: path, format: .markdown, template: template, options: options,
                                               visit: .since(CivilDate(year: 2026, month: 10, day: 9)))
        let line = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("Before this period, first-month days marked:") },
                                "\(markdown.prefix(2000))")
        #expect(line.contains("D+4 (") && line.contains("D+5 (") && line.contains("D+6 ("), "\(line)")
        #expect(!line.contains("D+3 (") && !line.contains("D+7 ("), "\(line)")
        // Two wet diapers a day on D+4 to D+6, days 5 to 7 of life: under 5 each day; the line names the figure, as
        // no column heading does here.
        #expect(line.components(separatedBy: "Wet diapers per day: ⚠ under 5").count == 4, "\(line)")
        // The days are separated, not ended, by "; ".
        #expect(line.components(separatedBy: "; ").count == 3 && line.hasSuffix("⚠ under 5"), "\(line)")
        let sinceDay3 = try ReportOutput.render(store: path, format: .markdown, template: template, options: options,
                                              visit: .since(CivilDate(year: 2026, month: 10, day: 4)))
        #expect(!sinceDay3.contains("Before this period"), "the marked days are in the period: the period's own line names them")
        // The period before (17 days before 10-04) is clipped at the birth: the note says it is shorter, not "the same length".
        let html = try ReportOutput.render(store: path, format: .html, template: try ReportTemplate(builtIn: "report.html.mustache"),
                                           options: options, visit: .since(CivilDate(year: 2026, month: 10, day: 4)))
        #expect(html.contains("The period before begins at the birth, so it is shorter.") && !html.contains("has the same length"))
    }
}
