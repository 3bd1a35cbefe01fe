import Foundation
import XHTML

/// Structural checks on rendered documents, each returning the problems found (empty when sound).
enum DocumentChecks {
    static let dataURIPrefix = "data:image/svg+xml;base64,"

    // MARK: XHTML

    /// Validity against the XHTML 1.0 Strict DTD, no markup smuggled in from data, no characters
    /// XML forbids; the same for every embedded SVG chart.
    static func htmlProblems(_ html: String, babies: Int) -> [String] {
        var problems: [String] = []
        let result = XHTMLValidator().validate(html, name: "report.html")
        if !result.passed { problems.append("not valid XHTML 1.0 Strict:\n\(result.description)") }
        let lowered = html.lowercased()
        if lowered.contains("<script") { problems.append("a <script element") }
        if html.contains("<b>") { problems.append("a <b> element") }
        let images = lowered.ranges(of: "<img").count
        let charts = html.ranges(of: "<img src=\"" + dataURIPrefix).count
        if images != charts { problems.append("\(images - charts) <img> elements that are not embedded charts") }
        let headings = html.ranges(of: "<h1>").count
        if headings != babies { problems.append("\(headings) <h1> headings for \(babies) babies") }
        problems += forbiddenControls(html, in: "the HTML")
        for (index, svg) in decodedCharts(html).enumerated() {
            let check = XMLWellFormedness.check(svg, name: "chart \(index + 1)")
            if !check.passed { problems.append("chart \(index + 1) is not well-formed XML:\n\(check.description)") }
            if svg.lowercased().contains("<script") { problems.append("chart \(index + 1) holds a <script element") }
            problems += forbiddenControls(svg, in: "chart \(index + 1)")
        }
        return problems
    }

    /// C0 control characters other than tab, line feed and carriage return (not allowed in XML 1.0).
    static func forbiddenControls(_ text: String, in place: String) -> [String] {
        let found = Array(text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" })
        return found.isEmpty ? [] : ["\(place) holds \(found.count) control characters, e.g. U+\(String(found[0].value, radix: 16))"]
    }

    /// The SVG text of every `data:image/svg+xml;base64,` chart in the document.
    static func decodedCharts(_ html: String) -> [String] {
        html.ranges(of: dataURIPrefix).compactMap { range in
            let encoded = html[range.upperBound...].prefix { $0 != "\"" }
            return Data(base64Encoded: String(encoded)).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The document with every chart's base64 text removed (random letters there can spell anything),
    /// followed by the decoded charts, for searching what a reader can see.
    static func readableText(_ html: String) -> String {
        var text = ""
        var rest = Substring(html)
        while let range = rest.range(of: dataURIPrefix) {
            text += rest[..<range.upperBound]
            rest = rest[range.upperBound...].drop { $0 != "\"" }
        }
        text += rest
        return ([text] + decodedCharts(html)).joined(separator: "\n")
    }

    // MARK: CSV

    /// RFC 4180 with one cell count throughout, and no cell a spreadsheet would run as a formula.
    static func csvProblems(_ text: String) -> [String] {
        let table: CSVTable
        do {
            table = try CSVTable(parsing: text)
        } catch {
            return ["does not parse: \(error)"]
        }
        var problems: [String] = []
        for (index, record) in table.records.enumerated() where record.count != table.header.count {
            problems.append("record \(index + 1) has \(record.count) cells, the header \(table.header.count)")
        }
        for (index, record) in table.rows.enumerated() {
            for cell in record where startsLikeFormula(cell) {
                problems.append("row \(index + 1): the cell \(cell.prefix(40).debugDescription) starts like a formula")
            }
        }
        return problems
    }

    /// After any leading spaces: `=`, `+`, `@`, tab, CR, LF or NUL, or `-` not followed by a plain number.
    static func startsLikeFormula(_ cell: String) -> Bool {
        let trimmed = cell.drop { $0 == " " }
        guard let first = trimmed.unicodeScalars.first else { return false }
        switch first {
        case "=", "+", "@", "\t", "\r", "\n", "\0":
            return true
        case "-":
            let number = trimmed.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
            let plain = (1...2).contains(number.count) && number.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
            return !plain
        default:
            return false
        }
    }

    // MARK: Markdown

    /// Table rows with the header's number of unescaped `|`, no carriage return, no raw HTML tags
    /// from data, and no heading the template did not write.
    static func markdownProblems(_ text: String) -> [String] {
        var problems: [String] = []
        if text.contains("\r") { problems.append("a carriage return, which Markdown reads as a line break") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var tableCells: Int?
        for (number, line) in lines.enumerated() {
            if line.hasPrefix("|") {
                let cells = unescapedPipes(line)
                if let expected = tableCells, cells != expected {
                    problems.append("line \(number + 1): \(cells) unescaped '|' in a table whose header has \(expected): \(line.prefix(80))")
                }
                tableCells = tableCells ?? cells
            } else {
                tableCells = nil
            }
            if line.hasPrefix("#"), !(line.hasPrefix("# Feeding, sleep and diaper summary") || line.hasPrefix("## ") || line.hasPrefix("### ")) {
                problems.append("line \(number + 1): a heading the template did not write: \(line.prefix(80))")
            }
            if line.hasPrefix("<") || line.hasPrefix("=") {
                problems.append("line \(number + 1) starts with \(line.prefix(1)): \(line.prefix(80))")
            }
            for tag in ["<script", "<img", "<b>", "</td>", "<h1>"] {
                for range in line.ranges(of: tag) where !isEscaped(line, at: range.lowerBound) {
                    problems.append("line \(number + 1): an unescaped \(tag): \(line.prefix(80))")
                }
            }
        }
        return problems
    }

    /// `|` characters not preceded by an odd number of backslashes.
    static func unescapedPipes(_ line: Substring) -> Int {
        var count = 0
        var backslashes = 0
        for character in line {
            if character == "|" && backslashes % 2 == 0 { count += 1 }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return count
    }

    /// Whether the character at `index` follows an odd number of backslashes.
    static func isEscaped(_ line: Substring, at index: Substring.Index) -> Bool {
        var backslashes = 0
        var position = index
        while position > line.startIndex {
            position = line.index(before: position)
            guard line[position] == "\\" else { break }
            backslashes += 1
        }
        return backslashes % 2 == 1
    }
}
