import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import Testing

/// What the page says about a thriving baby: a Chicago baby born at 36+4, fed breast and bottle, seen at the 2-month
/// check-up. A typical range is context; only a source's concern threshold, crossed, is marked.
@Suite struct ConcernMarkTests {
    static let zone = TimeZone(identifier: "America/Chicago")!
    /// Born 2026-09-29 10:00 in Chicago at 36+4: 24 days early, due 2026-10-23.
    static let birthDate = CivilDate(year: 2026, month: 9, day: 29)
    static let today = CivilDate(year: 2026, month: 11, day: 29)  // day 61
    static let term = BirthTerm.gestationalAge(days: 36 * 7 + 4)

    static func at(_ date: CivilDate, minutes: Int) -> Date {
        LifeCalendar(timeZone: zone).instant(on: date, minutes: 0).addingTimeInterval(Double(minutes * 60))
    }

    /// Each day: 9 feedings 160 minutes apart from 00:30 (the first five a 20-minute breastfeed and a 30 ml formula
    /// top-up 10 minutes after it ends, the other four a 90 ml bottle), 13 h of sleep, 7 wet and 3 dirty diapers;
    /// on day 5 of life only `wetOnDayFive` wet diapers.
    static func logs(baby: Baby, wetOnDayFive: Int) -> [LogRecord] {
        let id = BabyReference.baby(id: baby.id)
        var feeds: [LogRecord] = []
        var sleeps: [LogRecord] = []
        var diapers: [LogRecord] = []
        func after(_ date: Date) -> Bool { date >= baby.birthday }
        for day in 0...61 {
            let date = birthDate.adding(days: day)
            for index in 0..<9 {
                let start = at(date, minutes: 30 + index * 160)
                guard after(start) else { continue }
                if index < 5 {
                    feeds.append(.food(FoodLog(id: UUID(), type: .breastfeeding, amount: nil, feedingUnit: nil, startTime: start,
                                               endTime: start.addingTimeInterval(20 * 60), baby: id)))
                    feeds.append(.food(FoodLog(id: UUID(), type: .formula, amount: 30, feedingUnit: .milliliters,
                                               startTime: start.addingTimeInterval(30 * 60), endTime: nil, baby: id)))
                } else {
                    feeds.append(.food(FoodLog(id: UUID(), type: .formula, amount: 90, feedingUnit: .milliliters, startTime: start,
                                               endTime: nil, baby: id)))
                }
            }
            // 00:45-03:00, 03:25-05:40, 06:05-08:20, 11:30-13:30, 14:10-16:10 and 22:10-00:25: 13 h a whole day.
            for (from, to) in [(45, 180), (205, 340), (365, 500), (690, 810), (850, 970), (1330, 1465)] {
                let start = at(date, minutes: from)
                guard after(start) else { continue }
                sleeps.append(.sleep(SleepLog(id: UUID(), startTime: start, endTime: at(date, minutes: to), baby: id)))
            }
            let wet = day == 5 ? wetOnDayFive : 7
            for index in 0..<10 {
                let time = at(date, minutes: 60 + index * 140)
                guard after(time), index < wet || index >= 7 else { continue }
                diapers.append(.diaper(DiaperLog(id: UUID(), type: index < 7 ? .wet : .dirty, time: time, baby: id)))
            }
        }
        return feeds + sleeps + diapers
    }

    /// The HTML and Markdown reports, opened by the visit summary since the birth (the 2-month check-up).
    static func render(wetOnDayFive: Int, corrected: Bool) throws -> (html: String, markdown: String) {
        let baby = Baby(id: UUID(), name: "Nora", birthday: at(birthDate, minutes: 10 * 60), rowID: 1)
        var options = AggregationOptions(timeZone: zone, today: today)
        options.now = at(today.adding(days: 1), minutes: 60)
        options.birthTerm = corrected ? term : nil
        let visit = VisitPeriod.since(birthDate)
        var outputs: [String] = []
        for (format, name) in [(ReportFormat.html, "report.html.mustache"), (.markdown, "report.md.mustache")] {
            let template = try ReportTemplate(builtIn: name)
            var run = options
            run.days = template.aggregationDays
            visit.adjust(&run)
            let result = Aggregator.aggregate(babies: [baby], options: run, logs: logs(baby: baby, wetOnDayFive: wetOnDayFive))
            var settings = ReportSettings(storeName: "default.store", toolVersion: "test")
            settings.visit = visit
            outputs.append(try ReportRendering.render(result, format: format, template: template, settings: settings))
        }
        return (outputs[0], outputs[1])
    }

    /// The marks a reader sees: `⚠ under 5`, `⚠ over 4 h`, `⚠ no stool`, `⚠ formula over 960 ml` (the notes explain
    /// the sign with other words).
    static func marks(_ text: String) -> [String] {
        text.components(separatedBy: "⚠ ").dropFirst().compactMap { rest in
            let word = rest.prefix { $0 != " " && $0 != "<" }
            return ["under", "over", "no", "formula"].contains(String(word)) ? String(rest.prefix(12)) : nil
        }
    }

    @Test(arguments: [false, true])
    func aThrivingBabyHasNoConcernAnywhere(corrected: Bool) throws {
        let (html, markdown) = try Self.render(wetOnDayFive: 7, corrected: corrected)
        #expect(Self.marks(html).isEmpty, "\(Self.marks(html))")
        #expect(Self.marks(markdown).isEmpty, "\(Self.marks(markdown))")
        #expect(!html.contains("<td class=\"concern\""))
        #expect(!html.contains("Marked as a concern"))
        // Sleep (13 h) is below the typical 14–17 h: shown as context beside the figure, never as a mark.
        // (61 whole days of 13 h and 5 h 50 min on the day of birth, born 10:00) / 62 = 12.88.
        #expect(markdown.contains("| Total sleep per 24 h, h | 12.9 | "))
        // 9 feedings a day, 5 of them at the breast: the visit counts feedings, not logs (14 a day).
        #expect(markdown.contains("| D+10 | "))
        let dayTen = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| D+10 | ") })
        #expect(dayTen.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst(2).prefix(4) == ["9", "2.7", "7", "3"])
    }

    @Test(arguments: [false, true])
    func threeWetDiapersOnDayFiveAreOneConcernOnThatDay(corrected: Bool) throws {
        let (html, markdown) = try Self.render(wetOnDayFive: 3, corrected: corrected)
        // In the first month's table: one mark, on D+5, whether or not the age is corrected (output follows the days
        // since birth); the visit page names the day; the notes word the concern once.
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| D+") && $0.contains("⚠") }
        #expect(rows.map { String($0.prefix(7)) } == ["| D+5 |"])
        #expect(rows.first?.contains("| 3 ⚠ under 5 |") == true)
        #expect(markdown.contains("First month, days marked: D+5 (Sun 2026-10-04): Wet diapers per day: ⚠ under 5\n"))
        #expect(Self.marks(markdown).count == 2)  // the table's cell and the visit summary's line
        #expect(Self.marks(html).count == 2)
        // The typical count (5 on days 4 and 5) is shown where it changes, on day 4; day 5's cell has the mark alone.
        #expect(html.contains("<td class=\"concern\">3<span class=\"mark\">⚠ under 5</span></td>"))
        // The notes word it as the sources do, once.
        #expect(html.components(separatedBy: "Fewer wet diapers than the day of life&#39;s count").count == 2
            || html.components(separatedBy: "Fewer wet diapers than the day of life's count").count == 2)
    }
}

/// The visit day and a `--today` the data cannot reach.
@Suite struct VisitDayTests {
    /// `--visit-date 2026-12-01` for the 36+4 baby of `ConcernMarkTests`: day 63 of life (29 September + 63 days),
    /// 9w0d, corrected 63 − 24 = 39 days, 5w4d; the data still end on the report's today, 29 November.
    @Test func theAgeOnTheVisitDayIsPrinted() throws {
        let baby = Baby(id: UUID(), name: "Nora", birthday: ConcernMarkTests.at(ConcernMarkTests.birthDate, minutes: 10 * 60), rowID: 1)
        var options = AggregationOptions(timeZone: ConcernMarkTests.zone, today: ConcernMarkTests.today)
        options.now = ConcernMarkTests.at(ConcernMarkTests.today.adding(days: 1), minutes: 60)
        options.birthTerm = ConcernMarkTests.term
        let template = try ReportTemplate(builtIn: "report.md.mustache")
        options.days = template.aggregationDays
        let result = Aggregator.aggregate(babies: [baby], options: options, logs: ConcernMarkTests.logs(baby: baby, wetOnDayFive: 7))
        var settings = ReportSettings(storeName: "default.store", toolVersion: "test")
        settings.visitDate = CivilDate(year: 2026, month: 12, day: 1)
        let markdown = try ReportRendering.render(result, format: .markdown, template: template, settings: settings)
        #expect(markdown.contains("- Age at the visit: D+63, 9w0d (corrected 5w4d) (2026-12-01)"))
        #expect(markdown.contains("- Age today: D+61, 8w5d (corrected 5w2d)"))
    }

    /// A `--today` after the clock's date, or after the backup's, gets one warning naming the last log.
    @Test func aTodayPastTheDataWarnsOnce() throws {
        let zone = ConcernMarkTests.zone
        let baby = Baby(id: UUID(), name: "Nora", birthday: ConcernMarkTests.at(ConcernMarkTests.birthDate, minutes: 10 * 60), rowID: 1)
        let lastLog = ConcernMarkTests.at(CivilDate(year: 2026, month: 10, day: 2), minutes: 9 * 60 + 15)
        let logs: [LogRecord] = [.diaper(DiaperLog(id: UUID(), type: .wet, time: lastLog, baby: .baby(id: baby.id)))]
        func warnings(today: CivilDate, now: Date, backup: Date?) -> [String] {
            var options = AggregationOptions(timeZone: zone, today: today)
            options.now = now
            let result = Aggregator.aggregate(babies: [baby], options: options, logs: logs)
            var said: [String] = []
            StoreAggregation.warnAboutLateToday(result, now: now, backupDate: backup, warn: { said.append($0) })
            return said
        }
        let now = ConcernMarkTests.at(CivilDate(year: 2026, month: 10, day: 5), minutes: 12 * 60)
        #expect(warnings(today: CivilDate(year: 2026, month: 10, day: 7), now: now, backup: nil) == [
            "--today 2026-10-07 is after the clock's date (2026-10-05); the last log is from 2026-10-02T09:15:00-05:00, "
                + "and the days after it read \"nothing logged\"",
        ])
        let backup = ConcernMarkTests.at(CivilDate(year: 2026, month: 10, day: 3), minutes: 20 * 60)
        #expect(warnings(today: CivilDate(year: 2026, month: 10, day: 4), now: now, backup: backup).first?
            .hasPrefix("--today 2026-10-04 is after the backup's date (2026-10-03)") == true)
        #expect(warnings(today: CivilDate(year: 2026, month: 10, day: 3), now: now, backup: backup).isEmpty)
    }
}
