import Mustache
import ParPairAggregation

/// One cell of a CSV row for templates: `name`, `value` and `first`, answered without a dictionary
/// (a weekly or daily CSV has 40 cells a row, and a long store tens of thousands of rows).
///
/// The row's columns are held once, by the row; a cell is the row and a position, small enough for a
/// template value to hold without a box of its own (a cell of two strings needed one: a second
/// allocation for every cell). A value is formatted when a template reads it.
struct CSVCell: MustacheObject {
    let row: CSVRow
    let index: Int

    func mustacheValue(forKey key: String) -> MustacheValue? {
        // In the order a row's template asks (`{{^first}},{{/first}}{{value}}`): a key that is not the case's
        // takes a full string comparison.
        switch key {
        case "value": return .string(row.value(at: index))
        case "first": return .bool(index == 0)
        case "name": return .string(row.columns[index].name)
        default: return nil  // no such key: the lookup goes on down the stack
        }
    }
}

/// The columns of one CSV row, shared by its cells; the `baby` column shows `babyName` (`--redact`).
/// As `{{#cells}}` it is a list: each cell is made as the section reaches it.
final class CSVRow: MustacheList {
    let columns: [SummaryColumn]
    let babyName: String

    init(columns: [SummaryColumn], babyName: String) {
        self.columns = columns
        self.babyName = babyName
    }

    func value(at index: Int) -> String {
        let column = columns[index]
        return column.name == "baby" ? babyName : column.value.formatted
    }

    /// The cells, for `{{#cells}}`.
    var cells: MustacheValue { .list(self) }

    var count: Int { columns.count }

    func element(at index: Int) -> MustacheValue { .object(CSVCell(row: self, index: index)) }
}
