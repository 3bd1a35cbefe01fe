import Foundation
import Mustache
import Testing
@testable import ParPairReport

/// Markdown is judged as CommonMark reads it (issue 52, item 2): links written through a reference definition,
/// an entity or a backslash escape are judged by the destination a renderer writes, and raw HTML is refused.
/// Each case is a rendered report and a user's template; lines and columns are counted by hand.
@Suite struct MarkdownPolicyTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var text: String
        /// Where the refused node starts (1-based line and byte column).
        var line: Int
        var column: Int
        /// How many nodes are refused (`<script>` and `</script>` are two raw HTML inlines).
        var count = 1
        var description: String { name }
    }

    /// Every case starts with a heading line, so the offending node is on line 2 or later.
    static let battery: [Case] = [
        Case(name: "reference definition", text: "# T\n[x][r]\n\n[r]: javascript:alert(1)\n", line: 2, column: 1),
        Case(name: "entity", text: "# T\nsee [x](java&#115;cript:alert(1))\n", line: 2, column: 5),
        Case(name: "backslash escape", text: "# T\n[x](javascript\\:alert(1))\n", line: 2, column: 1),
        Case(name: "file: by a reference with an entity", text: "# T\n[x]\n\n[x]: &#102;ile:///etc/passwd\n", line: 2, column: 1),
        Case(name: "autolink", text: "# T\nsee <javascript:alert(1)>\n", line: 2, column: 5),
        Case(name: "image to file:", text: "# T\n![x](file:///etc/passwd)\n", line: 2, column: 1),
        Case(name: "raw HTML block with CDATA", text: "# T\n\n<![CDATA[\n<script>alert(1)</script>\n]]>\n", line: 3, column: 1),
        Case(name: "HTML inline <script>", text: "# T\na <script>alert(1)</script> b\n", line: 2, column: 3, count: 2),
    ]

    @Test(arguments: battery)
    func renderedMarkdownIsRefused(_ hostile: Case) {
        let found = MarkdownPolicy.violations(in: hostile.text, templateName: "mine.md.mustache")
        #expect(found.count == hostile.count && found.first?.line == hostile.line && found.first?.column == hostile.column, "\(found)")
        #expect(found.first?.source == "mine.md.mustache (rendered)")
    }

    @Test(arguments: battery)
    func aMarkdownTemplateIsRefused(_ hostile: Case) throws {
        let folder = try TemplatePolicyTests.folder("markdown-battery-" + hostile.name.filter(\.isLetter), ["mine.md.mustache": hostile.text])
        let found = TemplatePolicyTests.refusal(folder.appendingPathComponent("mine.md.mustache"), format: .markdown)
        #expect(found.count == hostile.count && found.first?.line == hostile.line && found.first?.column == hostile.column, "\(found)")
        #expect(found.first?.source.hasSuffix("/mine.md.mustache") == true)
    }

    /// In a template, a Mustache tag is one plain word at its own place: what its data decides is judged once
    /// rendered, nothing inside it is markup, and raw HTML is shown as the template wrote it.
    @Test func mustacheTagsArePlainWordsOfATemplate() {
        func check(_ text: String) -> [PolicyViolation] { MarkdownPolicy.violations(in: text, source: "t", template: true) }
        for fine in ["[x]({{url}})", "- <{{{url}}}>", "{{! <b>a comment</b> }}", "{{#a}}\n# {{name}}\n{{/a}}", "{{=<% %>=}}[x](<%url%>)",
                     "{{<report.md}}{{$header}}# X{{/header}}{{/report.md}}"] {
            #expect(check(fine).isEmpty, "\(fine)")
        }
        let link = check("[x](javascript:{{x}})")
        #expect(link.count == 1 && link.first?.line == 1 && link.first?.column == 1, "\(link)")
        // `<span title="{{x}}">` is 20 bytes from column 3, then `b`: `</span>` starts at column 24.
        let span = check("a <span title=\"{{x}}\">b</span>")
        #expect(span.map(\.element) == ["'<span title=\"{{x}}\">'", "'</span>'"] && span.map { $0.column } == [3, 24], "\(span)")
        // `{{=<% %>=}}` is 11 bytes and `<%name%>` 8, then a space: `<b>` starts at column 21.
        let changed = check("{{=<% %>=}}<%name%> <b>x</b>")
        #expect(changed.first?.element == "'<b>'" && changed.first?.column == 21, "\(changed)")
    }
}
