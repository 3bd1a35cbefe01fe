import Mustache
import Testing

@Suite("Rendering")
struct RenderingTests {
    @Test("Numbers print without locale: integers plain, doubles shortest round-trip with '.'", arguments: [
        (MustacheValue.int(85), "85"), (.int(-3), "-3"), (.double(2.5), "2.5"), (.double(0.1), "0.1"),
        (.double(1.21), "1.21"), (.double(3.0), "3"), (.double(-0.0), "0"), (.double(-12.75), "-12.75"),
        (.double(1e20), "1e+20"), (.double(0.00001), "1e-05"), (.double(.infinity), "inf"),
        (.double(9_007_199_254_740_992), "9007199254740992"), (.double(1e16), "1e+16"), (.double(-1e17), "-1e+17"),
        (.double(123_456.5), "123456.5"),
        (.bool(true), "true"), (.null, ""),
    ])
    func numbers(_ value: MustacheValue, _ expected: String) throws {
        let template = try Template(source: "{{v}}", format: .text)
        #expect(try template.render(["v": value]) == expected)
    }

    @Test("Swift values convert without [String: Any]")
    func swiftValues() throws {
        let template = try Template(source: "{{#names}}{{.}};{{/names}} {{count}} {{ratio}} {{flag}} [{{missing}}] {{nested.key}}",
                                    format: .text)
        let nested: [String: [String: Int]] = ["nested": ["key": 7]]
        let optional: Int? = nil
        #expect(try template.render(["names": ["a", "b"].mustacheValue, "count": 3.mustacheValue,
                                     "ratio": Float(0.1).mustacheValue, "flag": false.mustacheValue,
                                     "missing": optional.mustacheValue, "nested": nested["nested"].mustacheValue])
            == "a;b; 3 0.1 false [] 7")
        #expect(try Template(source: "{{a}}{{b}}", format: .text).render(["a": 1, "b": 2] as [String: Int]) == "12")
        #expect(try Template(source: "{{.}}", format: .text).render(Int64(-5)) == "-5")
    }

    @Test("Truthiness: null, false, empty string and empty list are falsey; 0 and objects are truthy")
    func truthiness() throws {
        let template = try Template(source: "{{#v}}yes{{/v}}{{^v}}no{{/v}}", format: .text)
        let cases: [(MustacheValue, String)] = [
            (.null, "no"), (false, "no"), ("", "no"), ([], "no"), (0, "yes"), (0.0, "yes"), ("0", "yes"),
            (true, "yes"), ([:], "yes"), ([1], "yes"), (.object(Week(number: 1, feeds: [])), "yes"),
            (.list(Counting(count: 0)), "no"), (.list(Counting(count: 1)), "yes"),
        ]
        for (value, expected) in cases {
            #expect(try template.render(["v": value]) == expected, "\(value)")
        }
    }

    struct Feed: MustacheObject {
        var ml: Int
        func mustacheValue(forKey key: String) -> MustacheValue? {
            key == "ml" ? .int(ml) : nil
        }
    }

    struct Week: MustacheObject {
        var number: Int
        var feeds: [Feed]
        var note: String?
        func mustacheValue(forKey key: String) -> MustacheValue? {
            switch key {
            case "number": .int(number)
            case "feeds": feeds.mustacheValue
            case "note": note.mustacheValue
            default: nil
            }
        }
    }

    @Test("Own types answer keys lazily; unknown keys fall through to outer contexts, known nil stops")
    func objects() throws {
        let template = try Template(
            source: "{{#weeks}}W{{number}}:{{#feeds}}{{ml}}{{unit}},{{/feeds}}[{{note}}] {{/weeks}}", format: .text)
        let weeks = [Week(number: 1, feeds: [Feed(ml: 90), Feed(ml: 120)]), Week(number: 2, feeds: [], note: nil)]
        let data: MustacheValue = ["weeks": weeks.mustacheValue, "unit": "ml", "note": "outer"]
        #expect(try template.render(data) == "W1:90ml,120ml,[] W2:[] ")
    }

    /// The numbers `1 ... count` as a list, counting the elements made (a class, so the count outlives the render).
    final class Counting: MustacheList, @unchecked Sendable {
        let count: Int
        var made: [Int] = []
        init(count: Int) { self.count = count }
        func element(at index: Int) -> MustacheValue {
            made.append(index)
            return ["n": .int(index + 1), "first": .bool(index == 0)]
        }
    }

    @Test("A list renders like an array, each element made as its pass starts; an empty list is falsey")
    func lists() throws {
        let template = try Template(source: "{{#v}}{{^first}},{{/first}}{{n}}{{/v}}{{^v}}none{{/v}}[{{v}}]", format: .text)
        let three = Counting(count: 3)
        #expect(try template.render(["v": .list(three), "n": 9]) == "1,2,3[]")
        #expect(three.made == [0, 1, 2])
        let empty = Counting(count: 0)
        #expect(try template.render(["v": .list(empty)]) == "none[]")
        #expect(empty.made.isEmpty)
        // Keys are not read through a list (as through an array): {{v.n}} finds nothing, and {{#v}} on top of
        // a list does not make the list a context.
        #expect(try Template(source: "<{{v.n}}>", format: .text).render(["v": .list(Counting(count: 2))]) == "<>")
    }

    /// The numbers `1 ... count` as a list that answers its elements' keys, counting the elements made and the keys
    /// asked.
    final class Keyed: MustacheKeyedList, @unchecked Sendable {
        let count: Int
        var made: [Int] = []
        var asked: [String] = []
        init(count: Int) { self.count = count }
        func element(at index: Int) -> MustacheValue {
            made.append(index)
            return .int(index + 1)
        }
        func value(forKey key: String, at index: Int) -> MustacheValue? {
            asked.append("\(key)@\(index)")
            switch key {
            case "n": return .int(index + 1)
            case "first": return .bool(index == 0)
            default: return nil
            }
        }
    }

    @Test("A keyed list answers its passes' keys without making elements; {{.}} makes the element; other keys go down the stack")
    func keyedLists() throws {
        let three = Keyed(count: 3)
        let template = try Template(source: "{{#v}}{{^first}},{{/first}}{{n}}{{unit}}{{/v}}{{^v}}none{{/v}}", format: .text)
        #expect(try template.render(["v": .list(three), "n": 9, "unit": "ml"]) == "1ml,2ml,3ml")
        #expect(three.made.isEmpty)
        #expect(three.asked == ["first@0", "n@0", "unit@0", "first@1", "n@1", "unit@1", "first@2", "n@2", "unit@2"])
        let whole = Keyed(count: 2)
        #expect(try Template(source: "{{#v}}<{{.}}>{{/v}}", format: .text).render(["v": .list(whole)]) == "<1><2>")
        #expect(whole.made == [0, 1])
        #expect(try template.render(["v": .list(Keyed(count: 0))]) == "none")
    }

    /// A sink that records each write, to show output is streamed in pieces.
    struct RecordingSink: TextOutputStream {
        var pieces: [String] = []
        mutating func write(_ string: String) { pieces.append(string) }
    }

    @Test("Rendering writes into any TextOutputStream, piece by piece")
    func sink() throws {
        let template = try Template(source: "<ul>{{#items}}<li>{{.}}</li>{{/items}}</ul>", format: .html)
        var sink = RecordingSink()
        try template.render(["items": ["a", "<b>"]], into: &sink)
        #expect(sink.pieces.joined() == "<ul><li>a</li><li>&lt;b&gt;</li></ul>")
        #expect(sink.pieces.count == 8)
    }

    @Test("A template renders many times with different data; it is a Sendable value")
    func renderMany() async throws {
        let template = try Template(source: "{{n}}", format: .text)
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for n in 0..<8 { group.addTask { try template.render(["n": .int(n)]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.sorted() == (0..<8).map(String.init))
    }

    @Test("Indented partials indent every line their text starts, but not empty lines or value line breaks")
    func indentation() throws {
        let partials = DictionaryPartialSource([
            "list.html.mustache": "<ul>\n{{#items}}\n  {{>item}}\n{{/items}}\n\n</ul>\n",
            "item.html.mustache": "<li>{{{.}}}</li>\n",
        ])
        let template = try Template(source: "<body>\n    {{>list}}\n</body>\n", name: "page.html.mustache")
        let output = try template.render(["items": ["a", "b\nc"]], options: RenderOptions(partials: partials))
        #expect(output == "<body>\n    <ul>\n      <li>a</li>\n      <li>b\nc</li>\n\n    </ul>\n</body>\n")
    }

    @Test("Indentation also follows CRLF line endings")
    func indentationCRLF() throws {
        let partials = DictionaryPartialSource(["rows": "<tr>\r\n{{#items}}\r\n<td>{{.}}</td>\r\n{{/items}}\r\n</tr>\r\n"])
        let template = try Template(source: "<table>\r\n  {{>rows}}\r\n</table>", format: .html)
        #expect(try template.render(["items": [1, 2]], options: RenderOptions(partials: partials))
            == "<table>\r\n  <tr>\r\n  <td>1</td>\r\n  <td>2</td>\r\n  </tr>\r\n</table>")
    }

    @Test("Parents, blocks and dynamic names work together with a folder of partials")
    func inheritanceAndDynamicNames() throws {
        let partials = DictionaryPartialSource([
            "layout.html.mustache": "<title>{{$title}}Default{{/title}}</title>\n{{$content}}{{/content}}",
            "kind-a.html.mustache": "A:{{v}}\n",
            "kind-b.html.mustache": "B:{{v}}\n",
        ])
        let template = try Template(source: """
            {{<layout}}
            {{$title}}Weeks{{/title}}
            {{$content}}
            {{#rows}}
            {{>*kind}}
            {{/rows}}
            {{/content}}
            {{/layout}}
            """, name: "page.html.mustache")
        let data: MustacheValue = ["rows": [["kind": "kind-a", "v": 1], ["kind": "kind-b", "v": 2]]]
        let output = try template.render(data, options: RenderOptions(partials: partials))
        #expect(output == "<title>Weeks</title>\nA:1\nB:2\n")
    }

    @Test("Dynamic names that resolve to nothing render nothing, even when strict")
    func dynamicMiss() throws {
        let template = try Template(source: "[{{>*missing}}]", format: .text)
        #expect(try template.render([:]) == "[]")
    }

    @Test("The depth limit is an option")
    func depthOption() throws {
        let template = try Template(source: "{{#a}}{{#a}}{{#a}}x{{/a}}{{/a}}{{/a}}", format: .text)
        #expect(try template.render(["a": true], options: RenderOptions(maximumDepth: 3)) == "x")
        #expect(throws: TemplateError.self) { try template.render(["a": true], options: RenderOptions(maximumDepth: 2)) }
    }
}
