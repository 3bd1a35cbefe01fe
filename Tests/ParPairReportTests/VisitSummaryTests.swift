import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import Testing

/// The visit summary of the sample store (`--since 2026-11-01`, today 2026-11-20) against the same days'
/// figures computed here from the daily and events exports, not by the code that renders the summary.
@Suite struct VisitSummaryTests {
    static let since = CivilDate(year: 2026, month: 11, day: 1)

    /// The summary's table rows of one baby's section in the Markdown report: label -> cells.
    static func summaryRows(baby: String) throws -> [String: [String]] {
        let template = try ReportTemplate(builtIn: "report.md.mustache")
        let markdown = try ReportOutput.render(
            store: PackagePaths.sampleStore, format: .markdown, template: template, options: SampleSettings.options(),
            visit: .since(since))
        let section = try #require(markdown.components(separatedBy: "## Visit summary: \(baby)\n").dropFirst().first)
        let table = section.components(separatedBy: "\n## ").first ?? section
        var rows: [String: [String]] = [:]
        for line in table.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| Figure") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[0]] = Array(cells.dropFirst())
        }
        return rows
    }

    /// The daily export's rows of a baby between two dates, with their logged flag.
    static func dailyRows(baby: String, from: CivilDate, to: CivilDate) throws -> [[String: String]] {
        let text = try ReportOutput.daily.render(store: PackagePaths.sampleStore, options: SampleSettings.options())
        let table = try CSVTable(parsing: text)
        return table.rows.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0)) }.filter { row in
            guard row["baby"] == baby, let date = row["date"].flatMap(CivilDate.init(iso:)) else { return false }
            return date >= from && date <= to
        }
    }

    /// A figure per logged day over the rows, with `decimals` as shown (rounded half away from zero).
    /// Over the days logged for the figure's kind: those whose `kindColumn` (feeds, sleeps, diapers, activity minutes)
    /// is above 0.
    static func perDay(_ rows: [[String: String]], _ column: String, kindColumn: String, decimals: Int, scale: Double = 1) -> String {
        let logged = rows.filter { $0["logged"] == "1" && ($0[kindColumn].flatMap(Double.init) ?? 0) > 0 }
        let total = logged.compactMap { $0[column].flatMap(Double.init) }.reduce(0, +)
        return FixedDecimal.format(total * scale / Double(logged.count), decimals: decimals)
    }

    @Test(arguments: ["Léo", "Mia"])
    func theSummaryAgreesWithTheDailyExport(_ baby: String) throws {
        let rows = try Self.summaryRows(baby: baby)
        // 2026-11-01 to 2026-11-20 is 20 days; the period before is 2026-10-12 to 2026-10-31.
        let current = try Self.dailyRows(baby: baby, from: Self.since, to: SampleSettings.today)
        let previous = try Self.dailyRows(baby: baby, from: CivilDate(year: 2026, month: 10, day: 12), to: CivilDate(year: 2026, month: 10, day: 31))
        #expect(current.count == 20 && previous.count == 20)
        func expect(_ label: String, _ column: String, kind: String, decimals: Int, sum: [String] = []) {
            let columns = sum.isEmpty ? [column] : sum
            func value(_ rows: [[String: String]]) -> String {
                let merged = rows.map { row -> [String: String] in
                    var row = row
                    row[column] = String(columns.compactMap { row[$0].flatMap(Double.init) }.reduce(0, +))
                    return row
                }
                return Self.perDay(merged, column, kindColumn: kind, decimals: decimals)
            }
            let cells = rows[label] ?? []
            #expect(cells.first?.hasPrefix(value(current)) == true, "\(baby) \(label): \(cells)")
            #expect(cells.dropFirst(2).first == value(previous), "\(baby) \(label) before: \(cells)")
        }
        expect("Feedings per 24 h", "feedings", kind: "feeds", decimals: 1)
        expect("Bottle ml per 24 h", "bottle", kind: "feeds", decimals: 0, sum: ["formula_ml", "pumped_milk_ml"])
        expect("Wet diapers per 24 h", "wet", kind: "diapers", decimals: 1)
        expect("Dirty diapers per 24 h", "dirty", kind: "diapers", decimals: 1)
        expect("Total sleep per 24 h, h", "sleep_h", kind: "sleeps", decimals: 1)
        expect("Tummy time per 24 h, min", "tummy_time_min", kind: "activity_min", decimals: 0)
        // The longest sleep of the period: the largest daily longest sleep.
        let longest = current.compactMap { $0["longest_sleep_h"].flatMap(Double.init) }.max() ?? 0
        #expect(rows["Longest sleep stretch, h"]?.first == FixedDecimal.format(longest, decimals: 1))
    }

    @Test(arguments: ["Léo", "Mia"])
    func theLongestGapCrossesMidnight(_ baby: String) throws {
        // From the events export: the feeds in start order, joined into feedings (a feed starting within 30 minutes
        // of the latest end of the feeding before, an end counting when it is not before its start and at most 4 h
        // after it); the longest gap between two feeding starts in the period, whatever day each falls on.
        var options = SampleSettings.options()
        options.weeks = .all
        let text = try ReportOutput.events.render(store: PackagePaths.sampleStore, options: options)
        let table = try CSVTable(parsing: text)
        let column = { (name: String) in table.header.firstIndex(of: name)! }
        let formatter = ISO8601DateFormatter()
        let feeds = table.rows.filter { $0[column("baby")] == baby && $0[column("kind")] == "food" }
            .compactMap { row -> (start: Date, end: Date?)? in
                formatter.date(from: row[column("start")]).map { ($0, formatter.date(from: row[column("end")])) }
            }
            .sorted { $0.start < $1.start }
        var feedingStarts: [Date] = []
        var feedingEnd = Date.distantPast
        for feed in feeds {
            var end = feed.start
            if let logEnd = feed.end, logEnd >= feed.start, logEnd.timeIntervalSince(feed.start) <= 4 * 3600 { end = logEnd }
            if feed.start.timeIntervalSince(feedingEnd) <= 30 * 60 {
                feedingEnd = max(feedingEnd, end)
            } else {
                feedingEnd = end
                feedingStarts.append(feed.start)
            }
        }
        let calendar = LifeCalendar(timeZone: SampleSettings.timeZone)
        let starts = feedingStarts.filter { (Self.since...SampleSettings.today).contains(calendar.civilDate(of: $0)) }
        let gaps = zip(starts, starts.dropFirst()).map { $1.timeIntervalSince($0) / 3600 }
        let expected = FixedDecimal.format(gaps.max() ?? 0, decimals: 1)
        #expect(try Self.summaryRows(baby: baby)["Longest gap between feedings, h"]?.first == expected)
    }
}

extension VisitSummaryTests {
    /// The HTML of a `--since` report: valid XHTML (rendering validates it), a visit page per baby before
    /// the weekly pages, and the 24-hour picture across the whole period in charts of at most 14 days.
    @Test func theHTMLVisitReportShowsThePeriodDayByDay() throws {
        let template = try ReportTemplate(builtIn: "report.html.mustache")
        // 2026-10-23 to 2026-11-20: 29 days, so charts of 14, 14 and 1 days.
        let html = try ReportOutput.render(
            store: PackagePaths.sampleStore, format: .html, template: template, options: SampleSettings.options(),
            visit: .since(CivilDate(year: 2026, month: 10, day: 23)))
        let visitLeo = try #require(html.range(of: "<h1>Visit summary: Léo</h1>"))
        let visitMia = try #require(html.range(of: "<h1>Visit summary: Mia</h1>"))
        let weeksLeo = try #require(html.range(of: "<h1>Léo</h1>"))
        #expect(visitLeo.lowerBound < visitMia.lowerBound && visitMia.lowerBound < weeksLeo.lowerBound)
        #expect(html.components(separatedBy: "<td class=\"left spark\"><img src=\"data:image/svg+xml;base64,").count - 1 == 18,
                "a chart for each of 9 figures of 2 babies")
        let pictures = html.components(separatedBy: "alt=\"Sleep, feeds and diapers on a 24-hour clock for the last days\"").count - 1
        #expect(pictures == 6, "three 24-hour charts per baby")
        // Léo's weeks since 2026-10-23: he was born 2026-06-24, so that is day 121, week 17; weeks 17-21 only.
        let leo = String(html[weeksLeo.lowerBound...].prefix { _ in true })
        #expect(leo.contains("<td class=\"left nowrap\">2026-10-21 – 2026-10-27</td>"))
        #expect(!leo.contains("<td class=\"left nowrap\">2026-10-14 – 2026-10-20</td>"))
    }
}
