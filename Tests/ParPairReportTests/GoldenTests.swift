import Foundation
import ParPairAggregation
import ParPairModel
import Testing

/// Every format and table on the committed sample store, byte for byte against `Golden/`.
///
/// Re-record with `PARPAIR_RECORD_GOLDEN=1 swift test --filter GoldenTests` (that run fails on purpose),
/// then review `git diff Tests/ParPairReportTests/Golden` and run again without the variable.
/// `Tests/EndToEndTests` checks that the built binary writes the same files for the same arguments.
@Suite struct GoldenTests {
    /// One golden file and the settings it is rendered with (besides `--today 2026-11-20 --tz America/New_York`).
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var output: ReportOutput
        var units: VolumeUnits = .metric
        var weeks: WeekSelection = .all
        var baby: String?
        var term: BirthTerm?
        var visit: VisitPeriod?

        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "report.html", output: .html),
        Case(file: "report.csv", output: .csv),
        Case(file: "report.md", output: .markdown),
        // `export --table weekly` uses the report's CSV template; imperial units make it cover the oz columns.
        Case(file: "export-weekly-imperial.csv", output: .weekly, units: .imperial),
        Case(file: "export-daily.csv", output: .daily),
        // The whole event log is 590 KB; the last two weeks hold the WAL-only day, open timers and notes.
        Case(file: "export-events-last-2.csv", output: .events, weeks: .last(2)),
        // Mia was due 2026-10-18, 8 weeks after her birth on 2026-08-23 (32w0d): corrected ages and bands.
        Case(file: "report-corrected.md", output: .markdown, baby: "Mia", term: .dueDate(CivilDate(year: 2026, month: 10, day: 18))),
        Case(file: "daily-corrected.csv", output: .daily, baby: "Mia", term: .dueDate(CivilDate(year: 2026, month: 10, day: 18))),
        // The check-up on 2026-11-20 after one on 2026-11-01: the visit summary, then weeks 19-21 and 10-12.
        Case(file: "report-visit.md", output: .markdown, visit: .since(CivilDate(year: 2026, month: 11, day: 1))),
    ]

    @Test(arguments: cases)
    func outputMatchesGoldenFile(_ golden: Case) throws {
        var options = SampleSettings.options(units: golden.units, weeks: golden.weeks)
        options.birthTerm = golden.term
        let text = try golden.output.render(
            store: PackagePaths.sampleStore, options: options, baby: golden.baby, visit: golden.visit)
        GoldenFile.check(text, against: golden.file)
    }

    @Test func everyOutputHasAGoldenFile() {
        #expect(Set(Self.cases.map(\.output)) == Set(ReportOutput.allCases))
    }

    @Test func aDifferenceNamesTheFirstDifferingLineAndColumn() throws {
        let difference = try #require(GoldenFile.firstDifference(expected: "a\nbc\nd", actual: "a\nbx\nd"))
        #expect(difference.contains("line 2, column 2"))
        #expect(difference.contains("\"bc\""))
        #expect(difference.contains("\"bx\""))
        let lostCarriageReturn = try #require(GoldenFile.firstDifference(expected: "a\r\nb", actual: "a\nb"))
        #expect(lostCarriageReturn.contains("line 1, column 2"))
        let shorter = try #require(GoldenFile.firstDifference(expected: "a\nb", actual: "a"))
        #expect(shorter.contains("(no such line)"))
        #expect(GoldenFile.firstDifference(expected: "same", actual: "same") == nil)
    }
}
