import Foundation
import Mustache
import Testing

/// `~lambdas.json`: templates, data and expected output come from the file; each value tagged as code
/// (source in Ruby, Python, JS, …) is replaced by the Swift closure below with the same behaviour.
@Suite("Mustache spec: ~lambdas with Swift closures")
struct LambdaSpecTests {
    /// A call counter shared by the calls within one test, as the spec's "Multiple Calls" needs.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }
    }

    /// The Swift equivalent of each spec lambda, by test name. A case without one fails.
    static func lambda(for name: String) -> MustacheValue? {
        let lambda: MustacheLambda
        switch name {
        case "Interpolation":
            lambda = MustacheLambda { "world" }
        case "Interpolation - Expansion":
            lambda = MustacheLambda { "{{planet}}" }
        case "Interpolation - Alternate Delimiters":
            lambda = MustacheLambda { "|planet| => {{planet}}" }
        case "Interpolation - Multiple Calls":
            let counter = Counter()
            lambda = MustacheLambda { String(counter.next()) }
        case "Escaping":
            lambda = MustacheLambda { ">" }
        case "Section":
            lambda = MustacheLambda(section: { text in text == "{{x}}" ? "yes" : "no" })
        case "Section - Expansion":
            lambda = MustacheLambda(section: { text in text + "{{planet}}" + text })
        case "Section - Alternate Delimiters":
            lambda = MustacheLambda(section: { text in text + "{{planet}} => |planet|" + text })
        case "Section - Multiple Calls":
            lambda = MustacheLambda(section: { text in "__" + text + "__" })
        case "Inverted Section":
            lambda = MustacheLambda(section: { _ in "" })  // the spec's lambdas return false; any lambda is truthy
        default:
            return nil
        }
        return .lambda(lambda)
    }

    @Test("~lambdas.json", arguments: SpecCase.load("~lambdas", lambdas: LambdaSpecTests.lambda(for:)))
    func lambdas(_ spec: SpecCase) throws {
        if let loadError = spec.loadError {
            Issue.record("spec file not loaded: \(loadError)")
            return
        }
        #expect(LambdaSpecTests.lambda(for: spec.name) != nil, "no Swift lambda for '\(spec.name)'")
        let rendered = try spec.render()
        #expect(rendered == spec.expected, "\(spec.identifier)")
    }

    @Test("An interpolated lambda's result is rendered unescaped, then escaped once as a whole")
    func interpolationEscapesOnce() throws {
        let template = try Template(source: "{{wrap}}|{{{wrap}}}", format: .html)
        let data: MustacheValue = ["name": "<b>", "wrap": .lambda(MustacheLambda { "[{{name}}]" })]
        #expect(try template.render(data) == "[&lt;b&gt;]|[<b>]")
    }

    @Test("A section lambda's result renders in the current context and format")
    func sectionLambdaUsesContext() throws {
        let template = try Template(source: "{{#people}}{{#bold}}{{name}}{{/bold}} {{/people}}", format: .html)
        let data: MustacheValue = [
            "people": [["name": "A&B"], ["name": "C"]],
            "bold": .lambda(MustacheLambda(section: { text in "<b>" + text + "</b>" })),
        ]
        #expect(try template.render(data) == "<b>A&amp;B</b> <b>C</b> ")
    }

    @Test("A lambda whose result does not parse gives a template error naming the lambda")
    func lambdaParseError() throws {
        let template = try Template(source: "x {{broken}}", name: "page.html.mustache")
        let data: MustacheValue = ["broken": .lambda(MustacheLambda { "{{#open}}" })]
        #expect {
            try template.render(data)
        } throws: { error in
            (error as? TemplateError)?.description == """
                lambda 'broken' in page.html.mustache:1:1: error: unclosed section 'open': no '{{/open}}' follows
                 1 | {{#open}}
                   | ^
                """
        }
    }
}
