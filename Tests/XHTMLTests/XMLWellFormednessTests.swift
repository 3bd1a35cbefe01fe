import Testing
import XHTML

/// Well-formedness of standalone XML such as an SVG chart, before it is embedded as a data: URI.
@Suite struct XMLWellFormednessTests {
    @Test func wellFormedSVGPasses() {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
              <title>Weight &amp; length</title>
              <path d="M0 100 L50 60 L100 40" fill="none" stroke="#c33"/>
              <text x="10" y="20">3,4 kg</text>
            </svg>
            """
        let result = XMLWellFormedness.check(svg, name: "weight.svg")
        #expect(result.outcome == .passed, "\(result)")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func svgWithExternalDoctypeLoadsNothing() {
        // Checking well-formedness must not try to fetch the SVG 1.1 DTD.
        let svg = """
            <?xml version="1.0"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>
            """
        let result = XMLWellFormedness.check(svg, name: "chart.svg")
        #expect(result.outcome == .passed, "\(result)")
        #expect(result.diagnostics.isEmpty, "\(result)")
    }

    @Test func warningsAreKeptApartAndDoNotFail() throws {
        // Position read off `xmllint --noout` (caret under column 25).
        let result = XMLWellFormedness.check("<svg xmlns=\"relative/ns\"><rect/></svg>", name: "chart.svg")
        #expect(result.outcome == .passed, "\(result)")
        #expect(result.errors.isEmpty)
        #expect(result.warnings.map(\.description) == ["chart.svg:1:25: warning: xmlns: URI relative/ns is not absolute"])
        #expect(throws: Never.self) { try result.throwIfFailed() }
    }

    /// Text is checked without libxml2's tree when the tree builder has nothing to check in it; bytes always with
    /// it. Both must find the same problems, at the same places, whatever the document.
    static let documents: [String] = [
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"1\"/><text>A &amp; B &#233;</text></svg>",
        "<svg xmlns=\"relative/ns\"><rect/></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g><rect width=\"1\"></g>\n</svg>",
        "<svg><rect width=1/></svg>",
        "<svg><text>A & B</text><text>&nbsp;</text></svg>",
        "<svg><rect a=\"1\" a=\"2\"/><p:rect/></svg>",
        "<svg><!-- a -- b --><![CDATA[ x ]]><?pi data?></svg><extra/>",
        "<svg><text>&#0;</text><rect fill=\"<\"/></svg>",
        "<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\"><use xlink:href=\"#a\"/><g xml:id=\"1a\"/><g xml:id=\"b\"/><g xml:id=\"b\"/></svg>",
        "<!DOCTYPE svg [<!ATTLIST g n ID #IMPLIED><!ENTITY e \"<p:x/>\">]><svg xmlns:p=\"u\"><g n=\"a\"/><g n=\"a\"/>&e;</svg>",
        "<svg><?xml-stylesheet href=\"a\"?><?xml bad?><![CDATA[ ]] ]]><text>a ]]> b</text><!-- unclosed </svg>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg>\n<text>\u{1}</text>\n<1a/></svg>",
        "<svg",
        "",
    ]

    @Test(arguments: documents)
    func textWithoutTheTreeFindsWhatBytesWithItFind(_ document: String) {
        let text = XMLWellFormedness.check(document, name: "chart.svg")
        let bytes = XMLWellFormedness.check(Array(document.utf8), name: "chart.svg")
        #expect(text.outcome == bytes.outcome)
        #expect(text.diagnostics.map(\.description) == bytes.diagnostics.map(\.description))
    }

    @Test func anXMLIDThatIsNoNameIsStillAnError() {
        let result = XMLWellFormedness.check("<svg><g xml:id=\"1a\"/></svg>", name: "chart.svg")
        #expect(result.outcome == .failed, "\(result)")
        #expect(result.errors.map(\.message) == ["xml:id : attribute value 1a is not an NCName"])
    }

    struct BrokenCase: CustomTestStringConvertible, Sendable {
        var name: String
        var svg: String
        var first: ExpectedProblem
        var testDescription: String { name }
    }

    // Positions read off `xmllint --noout` for the same text.
    static let brokenCases: [BrokenCase] = [
        BrokenCase(
            name: "unclosed element",
            svg: "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g><rect width=\"1\"></g>\n</svg>",
            first: ExpectedProblem(2, 24, "Opening and ending tag mismatch: rect line 2 and g")
        ),
        BrokenCase(
            name: "unquoted attribute",
            svg: "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect width=10/>\n</svg>",
            first: ExpectedProblem(2, 13, "AttValue: \" or ' expected")
        ),
        BrokenCase(
            name: "bare ampersand",
            svg: "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>A & B</text></svg>",
            first: ExpectedProblem(1, 50, "xmlParseEntityRef: no name")
        ),
    ]

    @Test(arguments: brokenCases)
    func brokenSVGFailsWithPosition(_ broken: BrokenCase) throws {
        let result = XMLWellFormedness.check(broken.svg, name: "chart.svg")
        #expect(result.outcome == .failed, "\(result)")
        let first = try #require(result.errors.first)
        #expect(ExpectedProblem(first) == broken.first)
        #expect(first.file == "chart.svg")
        let error = try #require(throws: XMLCheckError.self) { try result.throwIfFailed() }
        #expect(error.description.hasPrefix("chart.svg is not well-formed XML ("))
        #expect(error.description.contains("\nchart.svg:\(broken.first.line):\(broken.first.column): \(broken.first.message)"))
    }
}
