import Testing
import XHTML

/// The document the validator parsed, written as an HTML parser reads it back as the same tree. Each expected text
/// is written out by hand from the rules of HTML's parser (void elements, raw text, the newline after `<pre>`), not
/// from the writer's output.
@Suite struct HTMLWriterTests {
    /// Keeps what the writer could not write.
    struct Silent: XMLVisitor {
        var unwritable: [XMLEvent] = []
        mutating func visit(_ event: XMLEvent) {
            if case .unwritable = event { unwritable.append(event) }
        }
    }

    /// The prologue the writer puts before the root, then `<html>` as `SampleDocument` writes it.
    static let prologue = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
        <head><title>Report</title></head>
        <body>

        """

    private func written(_ body: String) -> (passed: Bool, html: String, problems: String) {
        var silent = Silent()
        var html = ""
        let result = XHTMLValidator().validate(SampleDocument.strict(body: body), name: "w.html", visitor: &silent, writingHTMLInto: &html)
        return (result.passed, html, result.diagnostics.map(\.description).joined(separator: "\n"))
    }

    @Test func elementsAttributesAndTextAreWrittenAsParsed() {
        let out = written("<p class=\"a&amp;b\" title=\"&#104;i &quot;x&quot;\">1 &lt; 2 &amp;&#x26; <br/>x<img src=\"i.png\" alt=\"\"></img></p>")
        #expect(out.passed, "\(out.problems)")
        #expect(out.html == Self.prologue + """
            <p class="a&amp;b" title="hi &quot;x&quot;">1 &lt; 2 &amp;&amp; <br />x<img src="i.png" alt="" /></p>
            </body>
            </html>

            """)
    }

    @Test func commentsAndCDATAAreNotWrittenButTheirTextIs() {
        let out = written("<p>a<!-- <img src=x> --><![CDATA[<b>&amp;]]>&eacute;&nbsp;z</p>")
        #expect(out.passed, "\(out.problems)")
        #expect(out.html.contains("<p>a&lt;b&gt;&amp;amp;\u{E9}\u{A0}z</p>"), "\(out.html)")
    }

    @Test func aNewlineThatBeginsAPreIsDoubledAndAnEmptyElementKeepsItsEndTag() {
        let out = written("<pre>\nline</pre><pre>x\n</pre><div></div><p/>")
        #expect(out.passed, "\(out.problems)")
        #expect(out.html.contains("<pre>\n\nline</pre><pre>x\n</pre><div></div><p></p>"), "\(out.html)")
    }

    @Test func attributeWhiteSpaceAndCarriageReturnsSurvive() {
        let out = written("<p title=\"a&#10;b&#9;c&#13;\">x&#13;y</p>")
        #expect(out.passed, "\(out.problems)")
        #expect(out.html.contains("<p title=\"a&#10;b&#9;c&#13;\">x&#13;y</p>"), "\(out.html)")
    }

    @Test func styleTextIsWrittenRawAndRefusedWhenItWouldEndEarly() {
        let head = "<style type=\"text/css\">p &gt; a { color: red }<!-- c --></style>"
        var silent = Silent()
        var html = ""
        let document = SampleDocument.strictPrologue.replacingOccurrences(of: "<title>Report</title>", with: "<title>Report</title>" + head)
            + "\n<p>x</p>\n</body>\n</html>\n"
        let result = XHTMLValidator().validate(document, name: "w.html", visitor: &silent, writingHTMLInto: &html)
        #expect(result.passed, "\(result)")
        #expect(html.contains("<style type=\"text/css\">p > a { color: red }</style>"), "\(html)")

        let early = document.replacingOccurrences(of: "color: red", with: "content: '&lt;/style&gt;'")
        let checked = XHTMLValidator().validate(early, name: "w.html", visitor: &silent, writingHTMLInto: &html)
        #expect(checked.passed, "valid XHTML: the visitor judges what cannot be written")
        #expect(silent.unwritable.count == 1)
        guard case .unwritable(let element, let line, let reason)? = silent.unwritable.first else { return }
        #expect(element == "<style>" && line == 5 && reason.contains("'</'"), "\(reason)")

        // The `<` in the text and the `/` in a CDATA section after it are two nodes, and still one `</` to HTML.
        var split = Silent()
        let across = document.replacingOccurrences(of: "color: red", with: "content: '&lt;<![CDATA[/style>]]>'")
        #expect(XHTMLValidator().validate(across, name: "w.html", visitor: &split, writingHTMLInto: &html).passed)
        #expect(split.unwritable.count == 1, "\(html)")
    }
}

extension HTMLWriterTests {
    /// Written as HTML reads it back, a valid document is valid, and written again gives the same bytes (without a
    /// `<pre>`, whose leading newline XML keeps and the writer doubles each time).
    @Test func whatIsWrittenIsValidAndAFixedPoint() {
        let document = SampleDocument.strict(body: """
            <div class="a"><p>x &amp; y &lt;z&gt; &eacute;&#160;<a href="#t" title="&quot;q&quot;">l</a><br/></p>
            <table><tbody><tr><td id="t">1</td></tr></tbody></table></div>
            """)
        var silent = Silent()
        var once = ""
        var twice = ""
        #expect(XHTMLValidator().validate(document, name: "a.html", visitor: &silent, writingHTMLInto: &once).passed)
        let again = XHTMLValidator().validate(once, name: "b.html", visitor: &silent, writingHTMLInto: &twice)
        #expect(again.passed, "\(again)")
        #expect(twice == once)
        #expect(once.contains("<p>x &amp; y &lt;z&gt; \u{E9}\u{A0}<a href=\"#t\" title=\"&quot;q&quot;\">l</a><br /></p>"), "\(once)")
    }
}

extension HTMLWriterTests {
    /// A system identifier written in single quotes may hold a `"`: it is written back in single quotes.
    @Test func aSystemIdentifierWithAQuoteKeepsItsQuotes() {
        let document = SampleDocument.strict(body: "<p>x</p>").replacingOccurrences(
            of: "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\"", with: "'http://www.w3.org/TR/xhtml1/DTD/x\"html1-strict.dtd'")
        var silent = Silent()
        var html = ""
        #expect(XHTMLValidator().validate(document, name: "q.html", visitor: &silent, writingHTMLInto: &html).passed)
        #expect(html.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
            + "'http://www.w3.org/TR/xhtml1/DTD/x\"html1-strict.dtd'>\n<html"), "\(html)")
    }
}
