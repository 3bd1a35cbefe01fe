import Mustache
import Testing

/// `RenderOptions.concurrentSections`: a list's elements rendered on two threads give exactly the text
/// of a serial render, and errors and limits still stop the render.
@Suite struct ConcurrentSectionTests {
    private func options(_ sections: Set<String>, maximumOutputSize: Int = 256 * 1_048_576,
                         partials: [String: String] = [:]) -> RenderOptions {
        var options = RenderOptions(partials: DictionaryPartialSource(partials), maximumOutputSize: maximumOutputSize)
        options.concurrentSections = sections
        return options
    }

    @Test func aSmallListReadsAsWritten() throws {
        let template = try Template(source: "<ul>\n{{#items}}\n<li>{{name}} & {{n}}</li>\n{{/items}}\n</ul>\n", format: .html)
        let data: MustacheValue = ["items": [["name": "Léo", "n": 1], ["name": "Mia", "n": 2], ["name": "<b>", "n": 3]]]
        let text = try template.render(data, options: options(["items"]))
        #expect(text == "<ul>\n<li>Léo & 1</li>\n<li>Mia & 2</li>\n<li>&lt;b&gt; & 3</li>\n</ul>\n")
    }

    /// Lists of 2 to 1000 elements (up to 32 runs of several elements each), with partials, nested lists,
    /// context lookups down the stack and elements that write nothing.
    @Test(arguments: [2, 3, 31, 32, 33, 100, 1_000])
    func everyLengthGivesTheSerialText(_ count: Int) throws {
        let source = "{{title}}\n{{#babies}}\n{{> baby}}\n{{/babies}}\nend {{title}}\n"
        let partials = ["baby": "{{#show}}## {{name}} of {{title}}\n{{#weeks}}{{.}},{{/weeks}}\n{{/show}}"]
        let babies: [MustacheValue] = (0..<count).map { index in
            ["name": .string("baby \(index)"), "show": .bool(index % 7 != 3), "weeks": .array((0..<(index % 5)).map { .int($0) })]
        }
        let data: MustacheValue = ["title": "report", "babies": .array(babies)]
        let template = try Template(source: source, format: .text)
        let serial = try template.render(data, options: options([], partials: partials))
        let concurrent = try template.render(data, options: options(["babies"], partials: partials))
        #expect(concurrent == serial)
        // The serial text, by hand: a heading and a line of weeks for every baby shown.
        var expected = "report\n"
        for index in 0..<count where index % 7 != 3 {
            expected += "## baby \(index) of report\n" + (0..<(index % 5)).map { "\($0)," }.joined() + "\n"
        }
        #expect(serial == expected + "end report\n")
    }

    /// The second thread renders a copy of the list's nodes, and parses partials, parents and lambda
    /// results again into nodes of its own: every kind of node inside the list gives the serial text.
    @Test func everyKindOfNodeRendersTheSameOnTheSecondThread() throws {
        let source = "{{#babies}}{{name}}|{{{raw}}}|{{^none}}no{{/none}}|{{> line}}|{{>*which}}|"
            + "{{<frame}}{{$body}}[{{name}}]{{/body}}{{/frame}}|{{$kept}}kept{{/kept}}|{{#wrap}}w{{name}}{{/wrap}}|"
            + "{{shout}}|{{=<% %>=}}<%name%><%={{ }}=%>;\n{{/babies}}"
        let partials = ["line": "l:{{name}}", "other": "o:{{name}}", "frame": "<{{$body}}default{{/body}}>"]
        let babies: [MustacheValue] = (0..<40).map { index in
            ["name": .string("b\(index)"), "raw": .string("<\(index)>"), "which": .string(index % 2 == 0 ? "line" : "other")]
        }
        let data: MustacheValue = [
            "babies": .array(babies),
            "wrap": .lambda(MustacheLambda(section: { text in "(" + text + ")" })),
            "shout": .lambda(MustacheLambda { "{{name}}!" }),
        ]
        let template = try Template(source: source, format: .text)
        let serial = try template.render(data, options: options([], partials: partials))
        let concurrent = try template.render(data, options: options(["babies"], partials: partials))
        #expect(concurrent == serial)
        let expected = (0..<40).map { index in
            let name = "b\(index)"
            let dynamic = index % 2 == 0 ? "l:\(name)" : "o:\(name)"
            return "\(name)|<\(index)>|no|l:\(name)|\(dynamic)|<[\(name)]>|kept|(w\(name))|\(name)!|\(name);\n"
        }.joined()
        #expect(serial == expected)
    }

    /// Indentation in effect (a standalone partial indented) keeps the serial path, whose text depends on
    /// line starts.
    @Test func anIndentedListRendersAsBefore() throws {
        let template = try Template(source: "<div>\n  {{> list}}\n</div>\n", format: .text)
        let partials = ["list": "{{#items}}\n{{.}}\n{{/items}}\n"]
        #expect(try template.render(["items": [1, 2, 3]], options: options(["items"], partials: partials))
            == "<div>\n  1\n  2\n  3\n</div>\n")
    }

    /// An indented standalone partial inside the list indents a line only where one starts, so a run's
    /// text depends on whether the run before it ended a line: such a run is rendered again in turn.
    @Test(arguments: [2, 3, 40])
    func anIndentedPartialInsideTheListGivesTheSerialText(_ count: Int) throws {
        let template = try Template(source: "{{#items}}\n  {{> p}}\n{{/items}}", format: .text)
        let partials = ["p": "{{.}}"]
        let data: MustacheValue = ["items": .array((1...count).map { .int($0) })]
        let serial = try template.render(data, options: options([], partials: partials))
        #expect(serial == "  " + (1...count).map(String.init).joined())
        #expect(try template.render(data, options: options(["items"], partials: partials)) == serial)
    }

    /// The work limit grows with what is written. A run on the second thread starts from the list's
    /// counters, without what earlier runs earned: one that passes the limit there is rendered in turn,
    /// where the serial render's budget applies.
    @Test func aRunPastTheWorkLimitOnTheSecondThreadIsRenderedInTurn() throws {
        let template = try Template(source: "{{#items}}{{text}}{{#loop}}{{/loop}};{{/items}}", name: "work.txt.mustache")
        let loop: MustacheValue = .array(Array(repeating: .int(0), count: 700))
        let data: MustacheValue = ["items": [
            ["text": .string(String(repeating: "x", count: 1_000))],  // earns 8,000 units
            ["loop": loop],  // 700 passes that write nothing
        ]]
        var limited = options([])
        limited.maximumWork = 500
        let serial = try template.render(data, options: limited)
        #expect(serial == String(repeating: "x", count: 1_000) + ";;")
        limited.concurrentSections = ["items"]
        #expect(try template.render(data, options: limited) == serial)
    }

    @Test(arguments: [0, 1, 4, 5])
    func anErrorInAnyElementStopsTheRender(_ failing: Int) throws {
        let template = try Template(source: "{{#items}}{{#bad}}{{> missing}}{{/bad}}{{n}};{{/items}}", name: "t.txt.mustache")
        let items: [MustacheValue] = (0..<6).map { ["n": .int($0), "bad": .bool($0 == failing)] }
        #expect(throws: TemplateError.self) {
            try template.render(["items": .array(items)], options: options(["items"]))
        }
        let fine: [MustacheValue] = (0..<6).map { ["n": .int($0)] }
        #expect(try template.render(["items": .array(fine)], options: options(["items"])) == "0;1;2;3;4;5;")
    }

    /// A run that alone passes the budget is given up by the second thread and rendered by the first,
    /// which stops at the same limit a serial render does.
    @Test func aRunTooLargeToBufferIsRenderedByTheFirstThread() throws {
        let template = try Template(source: "{{#items}}{{#big}}" + String(repeating: "y", count: 2_000) + "{{/big}}{{^big}}z{{/big}}{{/items}}",
                                    name: "one.txt.mustache")
        let huge: MustacheValue = ["items": [["big": false], ["big": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]]]
        #expect(throws: TemplateError(.outputTooLarge(limit: 10_000), templateName: "one.txt.mustache")) {
            try template.render(huge, options: options(["items"], maximumOutputSize: 10_000))
        }
        let fits: MustacheValue = ["items": [["big": false], ["big": [1, 2]], ["big": false]]]
        #expect(try template.render(fits, options: options(["items"], maximumOutputSize: 10_000))
            == "z" + String(repeating: "y", count: 4_000) + "z")
    }

    /// Lists nested in a concurrent list render serially inside it (one second thread in all), and a
    /// section nested without end still stops at the work limit.
    @Test func nestedListsRenderSeriallyInside() throws {
        let template = try Template(source: "{{#l}}[{{#l}}({{#l}}{{.}}{{/l}}){{/l}}]{{/l}}", name: "nest.txt.mustache")
        let data: MustacheValue = ["l": [1, 2, 3]]
        let expected = String(repeating: "[" + String(repeating: "(123)", count: 3) + "]", count: 3)
        #expect(try template.render(data, options: options(["l"])) == expected)
        let bomb = try Template(source: String(repeating: "{{#l}}", count: 40) + String(repeating: "{{/l}}", count: 40),
                                name: "bomb.txt.mustache")
        #expect(throws: TemplateError.self) { try bomb.render(data, options: options(["l"])) }
    }

    /// The output budget counts what both threads wrote: 40 elements of 300 bytes pass 10 KB together,
    /// though no run does alone.
    @Test func theOutputBudgetCountsBothThreads() throws {
        let template = try Template(source: "{{#items}}" + String(repeating: "x", count: 300) + "{{/items}}", name: "big.txt.mustache")
        let data: MustacheValue = ["items": .array((0..<40).map { .int($0) })]
        #expect(throws: TemplateError(.outputTooLarge(limit: 10_000), templateName: "big.txt.mustache")) {
            try template.render(data, options: options(["items"], maximumOutputSize: 10_000))
        }
        let small: MustacheValue = ["items": .array((0..<30).map { .int($0) })]
        #expect(try template.render(small, options: options(["items"], maximumOutputSize: 10_000)).utf8.count == 9_000)
    }
}
