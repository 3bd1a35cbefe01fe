import Foundation
import Mustache
import Testing

@Suite("Template error messages")
struct TemplateErrorTests {
    /// The description of the error thrown while parsing `source` as `report.html.mustache`.
    static func parseError(_ source: String) -> String? {
        do {
            _ = try Template(source: source, name: "report.html.mustache")
            return nil
        } catch {
            return (error as? TemplateError)?.description
        }
    }

    @Test("Unclosed section")
    func unclosedSection() {
        #expect(TemplateErrorTests.parseError("<ul>\n  {{#weeks}}\n  <li>{{n}}</li>\n") == """
            report.html.mustache:2:3: error: unclosed section 'weeks': no '{{/weeks}}' follows
             2 |   {{#weeks}}
               |   ^
            """)
    }

    @Test("Mismatched close tag, naming where the open section began")
    func mismatchedClose() {
        #expect(TemplateErrorTests.parseError("{{#weeks}}\n  {{#days}}x{{/weeks}}\n{{/days}}") == """
            report.html.mustache:2:13: error: close tag '{{/weeks}}' does not match the open section 'days' (opened at 2:3)
             2 |   {{#days}}x{{/weeks}}
               |             ^
            """)
    }

    @Test("Close tag with nothing open")
    func unopenedClose() {
        #expect(TemplateErrorTests.parseError("a\n{{/weeks}}") == """
            report.html.mustache:2:1: error: close tag '{{/weeks}}' has no open section to close
             2 | {{/weeks}}
               | ^
            """)
    }

    @Test("Bad delimiter changes", arguments: ["x {{=<% =}}", "x {{=<% %>}}", "x {{=<% = %>=}}", "x {{=a b c=}}"])
    func badDelimiters(_ source: String) {
        let tag = String(source.dropFirst(2))
        #expect(TemplateErrorTests.parseError(source) == """
            report.html.mustache:1:3: error: bad delimiter change '\(tag)': write two delimiters without spaces or '=', \
            separated by a space, as in {{=<% %>=}}
             1 | \(source)
               |   ^
            """)
    }

    @Test("Unclosed tag; columns count characters, not bytes")
    func unclosedTag() {
        #expect(TemplateErrorTests.parseError("héllo 👶 {{name") == """
            report.html.mustache:1:9: error: unclosed tag: '{{' has no matching '}}'
             1 | héllo 👶 {{name
               |         ^
            """)
    }

    @Test("The caret keeps tabs so it lines up")
    func tabs() {
        #expect(TemplateErrorTests.parseError("\t\t{{{x}}") == """
            report.html.mustache:1:3: error: unclosed tag: '{{' has no matching '}}}'
             1 | \t\t{{{x}}
               | \t\t^
            """)
    }

    @Test("Empty tag and invalid name")
    func names() {
        #expect(TemplateErrorTests.parseError("a {{}} b") == """
            report.html.mustache:1:3: error: empty tag '{{}}': a name is missing
             1 | a {{}} b
               |   ^
            """)
        #expect(TemplateErrorTests.parseError("\n\n\n\n\n\n\n\n\n{{#a..b}}{{/a..b}}") == """
            report.html.mustache:10:1: error: invalid name 'a..b': names cannot contain spaces or empty parts
             10 | {{#a..b}}{{/a..b}}
                | ^
            """)
    }

    @Test("Sections nested too deeply")
    func nesting() {
        let source = String(repeating: "{{#a}}", count: 101)
        #expect(TemplateErrorTests.parseError(source)?.hasPrefix(
            "report.html.mustache:1:601: error: sections nested more than 100 levels deep\n") == true)
    }

    /// The description of the error thrown while rendering `source` with `partials`.
    static func renderError(
        _ source: String, partials: any PartialSource, missing: MissingPartialBehavior = .throwError
    ) -> String? {
        do {
            let template = try Template(source: source, name: "report.html.mustache")
            _ = try template.render([:], options: RenderOptions(partials: partials, missingPartials: missing))
            return nil
        } catch {
            return (error as? TemplateError)?.description
        }
    }

    @Test("A missing partial is an error when strict, and renders nothing when lenient")
    func missingPartial() throws {
        let source = "<p>\n  {{>row}}\n</p>"
        #expect(TemplateErrorTests.renderError(source, partials: DictionaryPartialSource([:])) == """
            report.html.mustache:2:3: error: partial 'row' not found (looked for row, row.mustache, row.html.mustache)
             2 |   {{>row}}
               |   ^
            """)
        #expect(TemplateErrorTests.renderError(source, partials: DictionaryPartialSource([:]), missing: .renderEmpty) == nil)
        let template = try Template(source: source, name: "report.html.mustache")
        #expect(try template.render([:], options: RenderOptions(missingPartials: .renderEmpty)) == "<p>\n</p>")
    }

    @Test("A recursive partial stops with an error instead of overflowing the stack")
    func recursion() {
        #expect(TemplateErrorTests.renderError("{{>row}}", partials: DictionaryPartialSource(["row": "x{{>row}}"])) == """
            row:1:2: error: rendering nested more than 100 levels deep at 'row'; does a partial include itself without end?
             1 | x{{>row}}
               |  ^
            """)
        #expect(TemplateErrorTests.renderError(
            "{{<p}}{{/p}}", partials: DictionaryPartialSource(["p": "{{<p}}{{$b}}{{/b}}{{/p}}"]))?.hasPrefix(
            "p:1:1: error: rendering nested more than 100 levels deep at 'p'") == true)
    }

    @Test("Sections nested over lists multiply their output; a size budget stops them")
    func outputBudget() throws {
        // 3 elements nested 12 deep would write 3^12 copies; stop at 10 KB instead.
        let source = String(repeating: "{{#l}}", count: 12) + "xxxxxxxx" + String(repeating: "{{/l}}", count: 12)
        let template = try Template(source: source, name: "nest.txt.mustache")
        let data: MustacheValue = ["l": [1, 2, 3]]
        #expect(throws: TemplateError(.outputTooLarge(limit: 10_000), templateName: "nest.txt.mustache")) {
            try template.render(data, options: RenderOptions(maximumOutputSize: 10_000))
        }
        #expect(try template.render(["l": [1]], options: RenderOptions(maximumOutputSize: 10_000)) == "xxxxxxxx")
        // Nested loops that write nothing are bounded as well.
        let silent = try Template(source: source.replacingOccurrences(of: "xxxxxxxx", with: "{{missing}}"), name: "nest.txt.mustache")
        #expect(throws: TemplateError(.outputTooLarge(limit: 10_000), templateName: "nest.txt.mustache")) {
            try silent.render(data, options: RenderOptions(maximumOutputSize: 10_000))
        }
        #expect(TemplateError(.outputTooLarge(limit: 10_000), templateName: "nest.txt.mustache").description
            == "nest.txt.mustache: error: the output grew past 10000 bytes; do nested sections multiply each other without end?")
    }

    @Test("A parse error inside a partial names the partial's file and line")
    func errorInPartial() {
        #expect(TemplateErrorTests.renderError(
            "{{>row}}", partials: DictionaryPartialSource(["row.html.mustache": "ok\n{{#a}}"])) == """
            row.html.mustache:2:1: error: unclosed section 'a': no '{{/a}}' follows
             2 | {{#a}}
               | ^
            """)
    }

    @Test("A partial name that leaves the folder is refused at the tag")
    func unsafeName() {
        let folder = DirectoryPartialSource(directory: TemporaryFolder.root)
        #expect(TemplateErrorTests.renderError("a\n {{>../secret}}", partials: folder, missing: .renderEmpty) == """
            report.html.mustache:2:2: error: partial name '../secret' is not allowed: partials come only from inside \
            the template folder (no absolute paths, no '..')
             2 |  {{>../secret}}
               |  ^
            """)
    }

    @Test("An error with no location prints on one line")
    func noLocation() {
        let error = TemplateError(.fileTooLarge(path: "big.html.mustache", size: 2_000_000, limit: 1_048_576),
                                  templateName: "big.html.mustache")
        #expect(error.description
            == "big.html.mustache: error: template file 'big.html.mustache' is 2000000 bytes, over the limit of 1048576 bytes")
    }
}
