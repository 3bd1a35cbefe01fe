import Mustache

/// One cell of a CSV row for templates: `name`, `value` and `first`, answered without a dictionary
/// (a weekly or daily CSV has 40 cells a row, and a long store tens of thousands of rows).
struct CSVCell: MustacheObject {
    let name: String
    let value: String
    let first: Bool

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "name": return .string(name)
        case "value": return .string(value)
        case "first": return .bool(first)
        default: return nil  // no such key: the lookup goes on down the stack
        }
    }
}
