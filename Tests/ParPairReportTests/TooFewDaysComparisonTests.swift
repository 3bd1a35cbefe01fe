import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import Testing

/// Diapers logged on 3 days of a week are too few to compare with the week before, as they are too few to judge
/// against a band: the page shows both figures and says so, with no arrow that a reader would take for a decline.
@Suite struct TooFewDaysComparisonTests {
    /// Born 2026-10-01 06:00 in New York; a formula feed every 3 hours from 07:00 on day 0 to 22:00 on 10-14, and two
    /// wet diapers a day: every day of week 0 (10-01 to 10-07), only 10-08, 10-10 and 10-12 of week 1. Wet per day over
    /// the days with diapers is 2.0 in both weeks; feedings per day 6 on the day of birth, then 8.
    static func store() throws -> String {
        let store = try OneBabyStore("too-few-days-comparison", babyName: "Ida", month: 10)
        let feeds = store.everyThreeHours(1...14).map { store.formula(90, at: $0.time) }
        let diaperDays = Array(1...7) + [8, 10, 12]
        let diapers = diaperDays.flatMap { day in [9, 15].map { store.diaper(.wet, at: store.at(day, $0)) } }
        try store.write(feeds + diapers)
        return store.path
    }

    static func line(_ text: String, startingWith prefix: String) throws -> String {
        try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init), "no line \(prefix) in \(text.prefix(3000))")
    }

    @Test func theWeekComparisonAndTheVisitSayTooFewDaysInsteadOfAnArrow() throws {
        let path = try Self.store()
        var options = SampleSettings.options()
        options.today = CivilDate(year: 2026, month: 10, day: 15)
        let template = try ReportTemplate(builtIn: "report.md.mustache")
        let markdown = try ReportOutput.render(store: path, format: .markdown, template: template, options: options)
        // The week comparison: week 1 against week 0.
        let wet = try Self.line(markdown, startingWith: "| Wet diapers per day |")
        #expect(wet.contains("| 2.0 | 2.0 |") && wet.contains("too few days logged"), "\(wet)")
        #expect(!wet.contains("▲") && !wet.contains("▼") && !wet.contains("="), "\(wet)")
        let feedings = try Self.line(markdown, startingWith: "| Feedings per day |")
        #expect(feedings.contains("▲ +0.3") && !feedings.contains("too few"), "7.7 (54 over 7 days) to 8.0: \(feedings)")
        // The visit summary since 10-08 against the 7 days before: the band is not judged, the change not drawn.
        let since = try ReportOutput.render(store: path, format: .markdown, template: template, options: options,
                                            visit: .since(CivilDate(year: 2026, month: 10, day: 8)))
        let visit = try Self.line(since, startingWith: "| Wet diapers per 24 h |")
        #expect(visit.components(separatedBy: "too few days logged").count == 3, "band and change: \(visit)")
        #expect(!visit.contains("▲") && !visit.contains("▼"), "\(visit)")
        // The HTML comparison names it in its direction column.
        let html = try ReportOutput.render(store: path, format: .html, template: try ReportTemplate(builtIn: "report.html.mustache"),
                                           options: options)
        #expect(html.contains("<td class=\"direction\"> too few days logged</td>"), "\(html.prefix(200))")
    }
}
