import Mustache
import Testing

@Suite("Tag list")
struct TemplateTagTests {
    @Test("Tags are listed in order with kind, name, line, column and enclosing sections")
    func listing() throws {
        let template = try Template(source: """
            {{! a comment }}
            <h1>{{title}}</h1>
            {{#weeks}}
              {{{week.label}}} {{&raw}}
              {{^days}}none{{/days}}
              {{#days}}{{.}}{{>*kind}}{{/days}}
            {{/weeks}}
            {{=<% %>=}}<%> row %>
            """, name: "t.html.mustache")
        let expected: [TemplateTag] = [
            TemplateTag(kind: .variable, name: "title", line: 2, column: 5),
            TemplateTag(kind: .section, name: "weeks", line: 3, column: 1),
            TemplateTag(kind: .unescapedVariable, name: "week.label", line: 4, column: 3, sectionPath: ["weeks"]),
            TemplateTag(kind: .unescapedVariable, name: "raw", line: 4, column: 20, sectionPath: ["weeks"]),
            TemplateTag(kind: .invertedSection, name: "days", line: 5, column: 3, sectionPath: ["weeks"]),
            TemplateTag(kind: .section, name: "days", line: 6, column: 3, sectionPath: ["weeks"]),
            TemplateTag(kind: .variable, name: ".", line: 6, column: 12, sectionPath: ["weeks", "days"]),
            TemplateTag(kind: .partial, name: "kind", isDynamic: true, line: 6, column: 17, sectionPath: ["weeks", "days"]),
            TemplateTag(kind: .partial, name: "row", line: 8, column: 12),
        ]
        #expect(template.tags == expected)
        #expect(template.tags.filter(\.readsData).map(\.name) == ["title", "weeks", "week.label", "raw", "days", "days", ".", "kind"])
    }

    @Test("Parents and blocks are listed; text and tags in a parent outside its blocks are not (they never render)")
    func inheritance() throws {
        let template = try Template(source: """
            {{<report.html}}
              {{ignored}}
              {{$title}}Hi {{name}}{{/title}}
            {{/report.html}}
            {{$footer}}{{/footer}}
            """, name: "t.html.mustache")
        #expect(template.tags == [
            TemplateTag(kind: .parent, name: "report.html", line: 1, column: 1),
            TemplateTag(kind: .block, name: "title", line: 3, column: 3),
            TemplateTag(kind: .variable, name: "name", line: 3, column: 16),
            TemplateTag(kind: .block, name: "footer", line: 5, column: 1),
        ])
    }
}
