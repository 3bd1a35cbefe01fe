import Foundation
import Mustache
import Testing

@Suite("CSV escaping")
struct CSVEscapingTests {
    // MARK: csv-spectrum

    static let spectrumNames = [
        "comma_in_quotes", "empty", "empty_crlf", "escaped_quotes", "json", "newlines", "newlines_crlf",
        "quotes_and_newlines", "simple", "simple_crlf", "utf8",
    ]

    /// The expected rows of a csv-spectrum case: header name to value.
    static func spectrumRows(_ name: String) throws -> [[String: String]] {
        let json = try Conformance.json("csv-spectrum/json/\(name).json")
        return try #require(json as? [[String: String]])
    }

    @Test("The test reader parses every csv-spectrum file into its expected JSON", arguments: spectrumNames)
    func readerMatchesSpectrum(_ name: String) throws {
        let text = String(decoding: try Conformance.data("csv-spectrum/csvs/\(name).csv"), as: UTF8.self)
        let records = try RFC4180Reader.records(text)
        let header = try #require(records.first)
        let rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        #expect(rows == (try CSVEscapingTests.spectrumRows(name)))
    }

    @Test("csv-spectrum values rendered through a CSV template parse back to exactly the originals",
          arguments: spectrumNames)
    func spectrumRoundTrip(_ name: String) throws {
        let rows = try CSVEscapingTests.spectrumRows(name)
        let columns = try #require(rows.first).keys.sorted()
        let line = columns.map { "{{\($0)}}" }.joined(separator: ",")
        let template = try Template(source: "{{#rows}}\(line)\r\n{{/rows}}", name: "\(name).csv.mustache")
        #expect(template.format == .csv)
        let output = try template.render(["rows": rows.mustacheValue])
        let records = try RFC4180Reader.records(output)
        #expect(records == rows.map { row in columns.map { row[$0]! } })
    }

    // MARK: csv-injection

    struct Payload: Sendable, CustomTestStringConvertible {
        let line: Int
        let category: String
        let value: String
        let owaspLeadingTrigger: Bool
        var testDescription: String { "line \(line) (\(category)): \(value.debugDescription)" }
    }

    static func payloads() throws -> [Payload] {
        let json = try #require(try Conformance.json("csv-injection/payloads.json") as? [[String: Any]])
        return try json.map { entry in
            Payload(
                line: try #require(entry["line"] as? Int), category: try #require(entry["category"] as? String),
                value: try #require(entry["value"] as? String),
                owaspLeadingTrigger: try #require(entry["owasp_leading_trigger"] as? Bool))
        }
    }

    /// The payloads, or one impossible payload when the file is missing, so the test fails.
    static let payloadArguments: [Payload] = (try? payloads())
        ?? [Payload(line: 0, category: "payloads.json not loaded", value: "=missing", owaspLeadingTrigger: false)]

    static let triggers: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\n", "\0"]

    static func isPlainNegativeNumber(_ text: String) -> Bool {
        text.wholeMatch(of: /-[0-9]+(\.[0-9]+)?/) != nil
    }

    @Test("Every csv-injection payload renders inert, in its own cell, and keeps its text",
          arguments: payloadArguments)
    func payloadIsInert(_ payload: Payload) throws {
        #expect(payload.line > 0, "payloads.json not loaded")
        let template = try Template(source: "{{#rows}}{{before}},{{value}},{{after}}\n{{/rows}}", format: .csv)
        let data: MustacheValue = ["rows": [["before": "x", "value": .string(payload.value), "after": "y"]]]
        let records = try RFC4180Reader.records(try template.render(data))
        try #require(records.count == 1 && records[0].count == 3, "the payload broke out of its cell: \(records)")
        #expect(records[0][0] == "x" && records[0][2] == "y")
        let cell = records[0][1]

        let first = cell.first
        #expect(first.map { !CSVEscapingTests.triggers.contains($0) } ?? true || CSVEscapingTests.isPlainNegativeNumber(cell),
                "cell starts with a formula trigger: \(cell.debugDescription)")
        let trimmed = cell.drop(while: { $0 == " " })
        #expect(trimmed.first.map { !CSVEscapingTests.triggers.contains($0) } ?? true,
                "cell starts with a trigger after spaces")
        #expect(cell == payload.value || cell == "'" + payload.value, "text changed beyond the guard")
        if payload.owaspLeadingTrigger {
            #expect(cell == "'" + payload.value, "OWASP trigger not guarded")
        }
    }

    @Test("payloads.txt, with its placeholders decoded, holds the same values as payloads.json")
    func textAndJSONPayloadsAgree() throws {
        let text = String(decoding: try Conformance.data("csv-injection/payloads.txt"), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
        let decoded = lines.map {
            $0.replacingOccurrences(of: "{TAB}", with: "\t").replacingOccurrences(of: "{CR}", with: "\r")
                .replacingOccurrences(of: "{LF}", with: "\n").replacingOccurrences(of: "{NUL}", with: "\0")
        }
        let values = try CSVEscapingTests.payloads().map(\.value)
        #expect(values.count == 43)
        #expect(decoded == values)
    }

    @Test("OWASP's two worked examples are written exactly as OWASP shows")
    func owaspExamples() {
        #expect(CSVEscaping.field("=1+2\";=1+2") == "\"'=1+2\"\";=1+2\"")
        #expect(CSVEscaping.field("=1+2'\" ;,=1+2") == "\"'=1+2'\"\" ;,=1+2\"")
    }

    // MARK: Decisions

    @Test("Plain negative numbers stay numbers; other leading - or + is guarded", arguments: [
        ("-3", "-3"), ("-0.5", "-0.5"), ("-12.25", "-12.25"), ("  -7", "  -7"), ("3", "3"), ("0.1", "0.1"),
        ("-1e5", "'-1e5"), ("-.5", "'-.5"), ("-3.", "'-3."), ("-", "'-"), ("--3", "'--3"), ("-3-1", "'-3-1"),
        ("+1", "'+1"), ("+44 20 7946 0000", "'+44 20 7946 0000"), ("@name", "'@name"), (" =1+1", "' =1+1"),
        ("-1,5", "\"'-1,5\""),
    ])
    func numbersAndSigns(_ value: String, _ expected: String) {
        #expect(CSVEscaping.field(value) == expected)
    }

    @Test("Quoting follows RFC 4180, and also covers ; and tab", arguments: [
        ("plain", "plain"), ("", ""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""), ("cr\rhere", "\"cr\rhere\""), ("a;b", "\"a;b\""), ("a\tb", "\"a\tb\""),
        ("\"=1+1\"", "\"\"\"=1+1\"\"\""), ("ʤ", "ʤ"),
    ])
    func quoting(_ value: String, _ expected: String) {
        #expect(CSVEscaping.field(value) == expected)
    }

    @Test("Formula guarding can be turned off for consumers that are not spreadsheets")
    func unguarded() {
        #expect(CSVEscaping.field("=1+1", guardingFormulas: false) == "=1+1")
        #expect(CSVEscaping.field("=1,1", guardingFormulas: false) == "\"=1,1\"")
        #expect(CSVEscaping.startsLikeFormula("=1") && !CSVEscaping.startsLikeFormula("-1"))
    }

    @Test("Numbers from Swift values render as numbers in a CSV template")
    func numbersInTemplate() throws {
        let template = try Template(source: "{{a}},{{b}},{{c}},{{d}}", format: .csv)
        let data: MustacheValue = ["a": .int(-3), "b": .double(-0.5), "c": .double(2.5), "d": .int(12)]
        #expect(try template.render(data) == "-3,-0.5,2.5,12")
    }
}
