import Mustache
import Testing

@Suite("Output format")
struct OutputFormatTests {
    @Test("The format is inferred from the template name", arguments: [
        ("report.html.mustache", OutputFormat?.some(.html)), ("REPORT.HTML.MUSTACHE", .html), ("a/b.xhtml.mustache", .html),
        ("x.htm.mustache", .html), ("weeks.csv.mustache", .csv), ("notes.md.mustache", .markdown),
        ("notes.markdown.mustache", .markdown), ("mail.txt.mustache", .text), ("report.html", .html),
        ("report.mustache", nil), ("report", nil), ("report.pdf.mustache", nil), (".mustache", nil),
    ])
    func inferred(_ name: String, _ expected: OutputFormat?) {
        #expect(OutputFormat(templateName: name) == expected)
    }

    @Test("A template uses the given format, else the inferred one, else HTML; render options override it")
    func templateFormat() throws {
        #expect(try Template(source: "", name: "a.csv.mustache").format == .csv)
        #expect(try Template(source: "", name: "a.csv.mustache", format: .text).format == .text)
        #expect(try Template(source: "", name: "a").format == .html)
        let template = try Template(source: "{{v}}", name: "a.txt.mustache")
        #expect(try template.render(["v": "<&>"]) == "<&>")
        #expect(try template.render(["v": "<&>"], options: RenderOptions(format: .html)) == "&lt;&amp;&gt;")
    }

    @Test("Each format's escape function matches its escaper")
    func escapeDispatch() {
        let value = "=a|b<c>, \"d\""
        #expect(OutputFormat.html.escape(value) == HTMLEscaping.escape(value))
        #expect(OutputFormat.csv.escape(value) == CSVEscaping.field(value))
        #expect(OutputFormat.markdown.escape(value) == MarkdownEscaping.escape(value))
        #expect(OutputFormat.text.escape(value) == value)
        #expect(OutputFormat.allCases.map(\.fileExtension) == ["html", "csv", "md", "txt"])
    }
}
