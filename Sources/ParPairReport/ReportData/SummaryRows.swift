import Mustache
import ParPairAggregation

/// The weekly or daily CSV rows of one baby, for `{{#weekly_rows}}{{#cells}}…` and `{{#daily_rows}}…`.
///
/// A row's cells are made only when a template reads them and are dropped once the row has rendered:
/// the HTML and Markdown reports never read them, and a CSV never holds more than one row of cells.
final class SummaryRows<Summary: SummaryRow>: Sendable {
    let summaries: [Summary]
    /// The name shown in the `baby` column (initials with `--redact`).
    let babyName: String

    init(_ summaries: [Summary], babyName: String) {
        self.summaries = summaries
        self.babyName = babyName
    }

    /// One template value per row, each answering only `cells`.
    static func cells(of summaries: [Summary], babyName: String) -> [MustacheValue] {
        let rows = SummaryRows(summaries, babyName: babyName)
        return summaries.indices.map { .object(Row(rows: rows, index: $0)) }
    }

    struct Row: MustacheObject {
        let rows: SummaryRows
        let index: Int

        func mustacheValue(forKey key: String) -> MustacheValue? {
            guard key == "cells" else { return nil }  // no such key: the lookup goes on down the stack
            return ReportData.cells(rows.summaries[index].columns, babyName: rows.babyName)
        }
    }
}

/// A week or a day with its CSV cells.
protocol SummaryRow: Sendable {
    var columns: [SummaryColumn] { get }
}

extension WeekSummary: SummaryRow {}
extension DaySummary: SummaryRow {}
