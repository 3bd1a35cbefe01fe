import Foundation
import ParPairAggregation
import Testing

/// Names, notes and enum values built to break documents stay data in every format: the XHTML still
/// validates, CSV keeps its cells and defuses formulas, Markdown tables keep their columns.
@Suite struct HostileContentTests {
    static var options: AggregationOptions {
        AggregationOptions(timeZone: HostileStore.timeZone, today: HostileStore.today)
    }

    static func render(_ output: ReportOutput) throws -> String {
        try output.render(store: try HostileStore.store.get().path, options: options)
    }

    @Test func htmlValidatesAndHoldsNoMarkupFromTheData() throws {
        let html = try Self.render(.html)
        let problems = DocumentChecks.htmlProblems(html, babies: HostileStore.names.count)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // The names and the unknown values are there, as text.
        #expect(html.contains("<h1>&lt;b&gt;Zoë &amp; &quot;Ann&quot;&lt;/b&gt;</h1>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;h1&gt;x"))
        #expect(html.contains("&quot;&lt;img src=x&gt;&quot;"), "the unknown feed type, in a finding's reason")
        #expect(html.contains("\u{202E}"), "right-to-left text is kept, not dropped")
        #expect(!DocumentChecks.decodedCharts(html).isEmpty)
    }

    @Test(arguments: [ReportOutput.csv, .weekly, .daily, .events])
    func csvKeepsItsCellsAndDefusesFormulas(_ output: ReportOutput) throws {
        let text = try Self.render(output)
        let problems = DocumentChecks.csvProblems(text)
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        let table = try CSVTable(parsing: text)
        #expect(table.rows.count > HostileStore.names.count)
        // Each name is one `baby` cell, as written, or with the apostrophe that defuses a formula.
        let shown = Set(table.namedRows.compactMap { $0["baby"] })
        for name in HostileStore.names {
            #expect(shown.contains(name) || shown.contains("'" + name), "\(name.debugDescription) in the baby column")
        }
        #expect(shown.contains("'=cmd|' /C calc'!A0"))
    }

    @Test func markdownTablesKeepTheirColumns() throws {
        let markdown = try Self.render(.markdown)
        let problems = DocumentChecks.markdownProblems(markdown)
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        #expect(markdown.contains("## \\<b>Zoë & \"Ann\"\\</b>"))
        #expect(markdown.contains("## \\# heading \\*bold\\* \\`tick\\` \\`\\`\\`fence\\`\\`\\`"))
        #expect(markdown.contains("## \\| a \\| b \\|"))
        #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("Week") }.count >= HostileStore.names.count)
    }

    /// Control characters other than tab and line breaks (ESC, backspace, bell, …) have no business in a
    /// Markdown report: a terminal showing the file would obey them. The escaper drops them.
    @Test func markdownCarriesNoControlCharacters() throws {
        let markdown = try Self.render(.markdown)
        let controls = DocumentChecks.forbiddenControls(markdown, in: "the Markdown")
        #expect(controls.isEmpty, "\(controls)")
    }

    /// The event export gives back every note and type exactly as stored, the 100 KB note included.
    @Test func eventNotesAndTypesComeBackAsWritten() throws {
        let store = try HostileStore.store.get()
        let table = try CSVTable(parsing: try Self.render(.events))
        var notes: [UUID: String] = [:]
        var types: [UUID: String] = [:]
        for row in table.namedRows {
            guard let id = row["id"].flatMap(UUID.init(uuidString:)) else {
                Issue.record("a row without an id: \(row)")
                continue
            }
            notes[id] = row["notes"]
            types[id] = row["type"]
        }
        #expect(notes.count == store.notes.count)
        for (id, written) in store.notes {
            let cell = notes[id] ?? "(missing)"
            #expect(cell == written || cell == "'" + written, "notes of \(id): \(cell.prefix(60).debugDescription)")
        }
        for (id, written) in store.types {
            let cell = types[id] ?? "(missing)"
            #expect(cell == written || cell == "'" + written, "type of \(id): \(cell.prefix(60).debugDescription)")
        }
        #expect(notes.values.contains { $0 == HostileStore.longNote })
        #expect(notes.values.contains("-3"), "a plain negative number is left alone")
        #expect(notes.values.contains("'=cmd|' /C calc'!A0"))
    }

    /// Checks the checks: each one finds the breakage it exists for.
    @Test func theChecksCatchBrokenDocuments() throws {
        let html = try Self.render(.html)
        let injected = html.replacingOccurrences(of: "<h1>&lt;b&gt;Zoë", with: "<h1><b>Zoë</b>")
        #expect(!DocumentChecks.htmlProblems(injected, babies: HostileStore.names.count).isEmpty)
        #expect(!DocumentChecks.csvProblems("a,b\r\n=1+1,2\r\n").isEmpty)
        #expect(!DocumentChecks.csvProblems("a,b\r\n1,2,3\r\n").isEmpty)
        #expect(DocumentChecks.csvProblems("a,b\r\n-3,'=1\r\n").isEmpty)
        #expect(!DocumentChecks.markdownProblems("| a | b |\n|--|--|\n| x | y | z |\n").isEmpty)
        #expect(DocumentChecks.markdownProblems("| a | b |\n|--|--|\n| x \\| y | z |\n").isEmpty)
        #expect(!DocumentChecks.markdownProblems("text\n# injected\n").isEmpty)
        #expect(!DocumentChecks.markdownProblems("a <script>x</script>\n").isEmpty)
    }
}
