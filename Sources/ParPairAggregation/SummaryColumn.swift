/// A named cell of a week's or day's row; the names are the CSV header (`feeds`, `sleep_h`, …).
public struct SummaryColumn: Sendable, Hashable, CustomStringConvertible {
    /// The CSV header name, e.g. `sleep_h`.
    public var name: String
    /// The cell.
    public var value: ColumnValue

    public init(name: String, value: ColumnValue) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name)=\(value.formatted)" }
}
