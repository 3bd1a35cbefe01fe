import Testing

/// What one CSV cell must hold, computed by the tests from typed values.
enum ExpectedCell: CustomStringConvertible {
    /// Exactly this text.
    case text(String)
    /// A whole number.
    case count(Int)
    /// A figure with exactly `decimals` digits after a `.`, within half a unit of the last digit of
    /// `value`; the empty cell when `value` is nil.
    case figure(Double?, decimals: Int)

    var description: String {
        switch self {
        case .text(let text): "text \(text.debugDescription)"
        case .count(let count): "count \(count)"
        case .figure(let value, let decimals): "figure \(value.map { "\($0)" } ?? "none") with \(decimals) decimals"
        }
    }

    /// Whether `cell` holds this value. Rounding is judged by tolerance, not by re-formatting, so the
    /// check does not share the formatter of the code under test.
    func matches(_ cell: String) -> Bool {
        switch self {
        case .text(let text):
            return cell == text
        case .count(let count):
            return cell == String(count)
        case .figure(nil, _):
            return cell.isEmpty
        case .figure(let value?, let decimals):
            guard Self.hasShape(cell, decimals: decimals), let parsed = Double(cell) else { return false }
            if cell.hasPrefix("-") && parsed == 0 { return false }  // no "-0.0"
            var unit = 1.0
            for _ in 0..<decimals { unit /= 10 }
            return abs(parsed - value) <= unit / 2 * (1 + 1e-9) + 1e-9 * max(1, abs(value))
        }
    }

    /// `-?digits` followed, when `decimals` > 0, by `.` and exactly that many digits.
    static func hasShape(_ cell: String, decimals: Int) -> Bool {
        var characters = Substring(cell)
        if characters.first == "-" { characters = characters.dropFirst() }
        let parts = characters.split(separator: ".", omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        return digits && (decimals == 0 ? parts.count == 1 : parts.count == 2 && parts[1].count == decimals)
    }
}

/// Checks a parsed CSV table against expected rows, cell by cell, with readable failures.
enum CSVComparison {
    static func expect(
        _ table: CSVTable, header: [String], rows: [[ExpectedCell]], label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(table.header == header, "\(label): header", sourceLocation: sourceLocation)
        #expect(table.rows.count == rows.count, "\(label): row count", sourceLocation: sourceLocation)
        var failures = 0
        for (index, (actual, expected)) in zip(table.rows, rows).enumerated() {
            guard actual.count == expected.count else {
                Issue.record("\(label) row \(index + 1): \(actual.count) cells, expected \(expected.count)", sourceLocation: sourceLocation)
                failures += 1
                continue
            }
            for (column, (cell, wanted)) in zip(actual, expected).enumerated() where !wanted.matches(cell) {
                let name = column < header.count ? header[column] : "#\(column)"
                Issue.record("\(label) row \(index + 1) (\(actual.first ?? "")), \(name): \(cell.debugDescription) is not \(wanted)",
                             sourceLocation: sourceLocation)
                failures += 1
            }
            if failures > 20 {
                Issue.record("\(label): stopping after 20 differences", sourceLocation: sourceLocation)
                return
            }
        }
    }
}
