import Testing
@testable import Mustache

/// `Template.leadingText`: the text a render writes first, before it reads data, which a caller may send
/// ahead (a report's prologue to its validator). Each expectation is checked against a real render: its
/// first write is that text, whole, and no data was read before it.
@Suite struct LeadingTextTests {
    /// Records each write, and for each key read how many writes had come before it.
    final class Recorder: TextOutputStream, MustacheObject, @unchecked Sendable {
        var writes: [String] = []
        var firstRead: Int?

        func write(_ string: String) { writes.append(string) }

        func mustacheValue(forKey key: String) -> MustacheValue? {
            if firstRead == nil { firstRead = writes.count }
            return key == "lang" ? "en" : nil
        }
    }

    static let parents = DictionaryPartialSource([
        "page.html": "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html lang=\"{{lang}}\">{{$body}}none{{/body}}</html>\n",
        "blocked.html": "{{$head}}<?xml version=\"1.0\"?>{{/head}}<html/>",
        "outer.html": "{{<page.html}}{{$body}}outer{{/body}}{{/page.html}}",
    ])

    static func options() -> RenderOptions { RenderOptions(partials: parents) }

    /// The template's leading text, and what a render with the recorder wrote first, before any read.
    static func lead(_ source: String) throws -> (lead: String?, firstWrite: String?, readBeforeIt: Bool) {
        let template = try Template(source: source, name: "t.html")
        let recorder = Recorder()
        var output = recorder
        try template.render(.object(recorder), into: &output, options: options())
        return (template.leadingText(options: options()), recorder.writes.first, (recorder.firstRead ?? 1) == 0)
    }

    @Test func aTemplateThatStartsWithTextLeadsWithAllOfIt() throws {
        let found = try Self.lead("<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<p lang=\"{{lang}}\">x</p>\n")
        #expect(found.lead == "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<p lang=\"")
        #expect(found.firstWrite == found.lead)
        #expect(!found.readBeforeIt)
    }

    @Test func aParentAtTheStartLeadsWithItsFirstTextThroughEveryLevel() throws {
        for source in ["{{<page.html}}{{$body}}mine{{/body}}{{/page.html}}\n", "{{<outer.html}}{{/outer.html}}"] {
            let found = try Self.lead(source)
            #expect(found.lead == "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html lang=\"", "\(source)")
            #expect(found.firstWrite == found.lead, "\(source)")
            #expect(!found.readBeforeIt, "\(source)")
        }
    }

    /// Whatever does not start with fixed text has none to send ahead: a tag, a section, a partial, a block
    /// (a parent may replace it), an indented or missing parent, an empty template.
    @Test(arguments: [
        "{{lang}}<?xml version=\"1.0\"?>", "{{#lang}}x{{/lang}}", "{{>page.html}}", "{{$head}}x{{/head}}",
        "{{<blocked.html}}{{/blocked.html}}", "  {{<page.html}}\n  {{/page.html}}\n", "{{<missing.html}}{{/missing.html}}",
        "{{<*lang}}{{/*lang}}", "",
    ])
    func otherStartsHaveNone(_ source: String) throws {
        let template = try Template(source: source, name: "t.html")
        #expect(template.leadingText(options: Self.options()) == nil)
    }

    /// A render goes `maximumDepth` parents deep and no further: nor does the leading text.
    @Test func parentsDeeperThanARenderGoesHaveNone() throws {
        let chain = DictionaryPartialSource(["p0": "text first"] + Dictionary(uniqueKeysWithValues: (1...3).map { ("p\($0)", "{{<p\($0 - 1)}}{{/p\($0 - 1)}}") }))
        let template = try Template(source: "{{<p3}}{{/p3}}", name: "t.html")
        var options = RenderOptions(partials: chain)
        options.maximumDepth = 4
        #expect(template.leadingText(options: options) == "text first")
        options.maximumDepth = 3
        #expect(template.leadingText(options: options) == nil)
        #expect(throws: TemplateError.self) { _ = try template.render([:], options: options) }
    }
}

private func + (left: [String: String], right: [String: String]) -> [String: String] { left.merging(right) { first, _ in first } }
