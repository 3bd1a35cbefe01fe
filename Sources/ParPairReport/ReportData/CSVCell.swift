import Mustache
import ParPairAggregation

/// One cell of a CSV row for templates, as `{{.}}` or `{{#.}}` sees it: the row and a position. A section pass over
/// `{{#cells}}` asks the row itself for `name`, `value` and `first` (``CSVRow/value(forKey:at:)``) and makes no cell.
struct CSVCell: MustacheObject {
    let row: CSVRow
    let index: Int

    func mustacheValue(forKey key: String) -> MustacheValue? { row.value(forKey: key, at: index) }
}

/// The columns of one CSV row, shared by its cells; the `baby` column shows `babyName` (`--redact`).
/// As `{{#cells}}` it is a list that answers for its cells: a cell is made only when a tag needs it whole.
final class CSVRow: MustacheKeyedList {
    let columns: [SummaryColumn]
    let babyName: String

    /// Where the `baby` column is, whose value is `babyName`.
    private let babyColumn: Int?

    init(columns: [SummaryColumn], babyName: String) {
        self.columns = columns
        self.babyName = babyName
        babyColumn = columns.firstIndex { $0.name == "baby" }
    }

    func value(at index: Int) -> String {
        index == babyColumn ? babyName : columns[index].value.formatted
    }

    /// A cell's `name`, `value` and `first`, answered without a dictionary (a weekly or daily CSV has 40 cells a
    /// row, and a long store tens of thousands of rows), and without making the cell: a value is formatted when a
    /// template reads it.
    func value(forKey key: String, at index: Int) -> MustacheValue? {
        // In the order a row's template asks (`{{^first}},{{/first}}{{value}}`): a key that is not the case's
        // takes a full string comparison.
        switch key {
        case "value": .string(value(at: index))
        case "first": .bool(index == 0)
        case "name": .string(columns[index].name)
        default: nil  // no such key: the lookup goes on down the stack
        }
    }

    /// The cells, for `{{#cells}}`.
    var cells: MustacheValue { .list(self) }

    var count: Int { columns.count }

    func element(at index: Int) -> MustacheValue { .object(CSVCell(row: self, index: index)) }
}
