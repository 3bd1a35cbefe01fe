import Testing
import XHTML

/// A visitor sees the document as the validator parses it, in the same pass. Expected lines and offsets are
/// counted by hand from the documents written here (see `SampleDocument` for the prologue's lines).
@Suite struct XMLVisitorTests {
    struct Recorder: XMLVisitor {
        var events: [XMLEvent] = []
        var elementsWithText: Set<String> { ["style"] }
        var wantsStartTags: Bool { true }
        mutating func visit(_ event: XMLEvent) { events.append(event) }

        var elements: [XMLVisitedElement] {
            events.compactMap { if case .element(let element) = $0 { element } else { nil } }
        }
    }

    @Test func elementsArriveAfterTheirContentWithReferencesReplaced() {
        let document = SampleDocument.strict(body: "<p class=\"a&amp;b\" title=\"&#104;ttp&eacute;\">x\n<a href=\"#t\">y</a></p>")
        var recorder = Recorder()
        let result = XHTMLValidator().validate(document, name: "v.html", visitor: &recorder)
        #expect(result.passed, "\(result)")
        let names = recorder.elements.map(\.name)
        #expect(names == ["title", "head", "a", "p", "body", "html"])
        let paragraph = recorder.elements.first { $0.name == "p" }
        #expect(paragraph?.line == 7)
        #expect(paragraph?.attributes == [XMLAttribute(name: "class", value: "a&b"), XMLAttribute(name: "title", value: "httpé")])
        #expect(recorder.elements.first { $0.name == "a" }?.line == 8)
        let html = recorder.elements.last
        #expect(html?.attributes.contains(XMLAttribute(name: "xml:lang", value: "en")) == true)
        #expect(html?.attributes.contains(XMLAttribute(name: "xmlns", value: "http://www.w3.org/1999/xhtml")) == true)
        #expect(paragraph?.text == nil, "text only for the elements asked for")
    }

    @Test func styleTextInstructionsAndInternalSubsetsAreShown() {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd" [
            <!ENTITY x "y">
            ]>
            <?xml-stylesheet href="a.css"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title><style type="text/css">a { b: c }<![CDATA[ d ]]></style></head>
            <body><p>&x;</p></body></html>

            """
        var recorder = Recorder()
        _ = XHTMLValidator().validate(document, name: "v.html", visitor: &recorder)
        #expect(recorder.events.contains(.instruction(target: "xml-stylesheet", line: 5)), "\(recorder.events)")
        #expect(recorder.events.contains(.internalSubset(line: 2)), "\(recorder.events)")
        #expect(recorder.elements.first { $0.name == "style" }?.text == "a { b: c } d ")
    }

    /// The offset of the `>` that ends a start tag, in bytes of the input: after a multi-byte comment, and for
    /// a tag broken over lines.
    @Test func startTagsReportWhereTheyEnd() {
        let prologue = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
            + "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n<!-- <head> é -->\n<html xmlns=\"http://www.w3.org/1999/xhtml\">"
        let document = prologue + "<head\n><title>t</title></head><body><p>x</p></body></html>\n"
        var recorder = Recorder()
        #expect(XHTMLValidator().validate(document, name: "v.html", visitor: &recorder).passed)
        let expected = prologue.utf8.count + "<head\n".utf8.count
        #expect(recorder.events.contains(.startTag(name: "head", line: 5, endOffset: expected, isEmptyElementTag: false)), "\(recorder.events.prefix(3))")
        #expect(Array(document.utf8)[expected] == UInt8(ascii: ">"))
    }

    /// An empty-element tag (`<br/>`, `<div />`) is told from a start tag with an end tag (`<div></div>`,
    /// `<br></br>`): the same element to XML, not to an HTML parser.
    @Test func emptyElementTagsAreToldApart() {
        let document = SampleDocument.strict(body: "<div/><div></div><p>x<br />y<br></br></p>")
        var recorder = Recorder()
        #expect(XHTMLValidator().validate(document, name: "v.html", visitor: &recorder).passed)
        let tags = recorder.events.compactMap { event -> String? in
            guard case .startTag(let name, _, _, let empty) = event, ["div", "br"].contains(name) else { return nil }
            return empty ? "<\(name)/>" : "<\(name)>"
        }
        #expect(tags == ["<div/>", "<div>", "<br/>", "<br>"])
    }

    /// Past line 65,535 an element still reports its own line.
    @Test func linesPastSixtyFiveThousandAreKept() {
        let document = SampleDocument.strict(body: String(repeating: "<p>x</p>\n", count: 70_000) + "<p class=\"last\">y</p>")
        var recorder = Recorder()
        #expect(XHTMLValidator().validate(document, name: "v.html", visitor: &recorder).passed)
        #expect(recorder.elements.first { $0.attributes.first?.value == "last" }?.line == 7 + 70_000)
    }
}
