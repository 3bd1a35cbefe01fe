import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Mustache
import Testing

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test("The five markup characters become entities")
    func markup() {
        #expect(HTMLEscaping.escape("a & b < c > d \" e ' f") == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
        #expect(HTMLEscaping.escape("&amp;") == "&amp;amp;")
        #expect(HTMLEscaping.escape("plain é ✓ 👶🏽") == "plain é ✓ 👶🏽")
    }

    @Test("Characters XML 1.0 forbids are removed; tab, line feed and carriage return stay")
    func forbiddenCharacters() {
        let controls = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }
        let allowed: Set<Character> = ["\t", "\n", "\r"]
        for control in controls {
            let expected = allowed.contains(control) ? "a\(control)b" : "ab"
            #expect(HTMLEscaping.escape("a\(control)b") == expected, "U+\(String(control.unicodeScalars.first!.value, radix: 16))")
        }
        #expect(HTMLEscaping.escape("a\u{FFFE}b\u{FFFF}c\u{FFFD}d\u{7F}e\u{85}f") == "abc\u{FFFD}d\u{7F}e\u{85}f")
        #expect(HTMLEscaping.escape("\r\n") == "\r\n")
    }

    /// Parses `<p title="VALUE">VALUE</p>` with the value escaped, and returns the attribute and text read.
    static func parseAsXML(_ value: String) -> (attribute: String?, text: String, error: String?) {
        let escaped = HTMLEscaping.escape(value)
        let document = "<p title=\"\(escaped)\">\(escaped)</p>"
        let parser = XMLParser(data: Data(document.utf8))
        let collector = XMLCollector()
        parser.delegate = collector
        let ok = parser.parse()
        return (collector.attribute, collector.text, ok ? nil : "\(parser.parserError.map { "\($0)" } ?? "parse failed")")
    }

    final class XMLCollector: NSObject, XMLParserDelegate {
        var attribute: String?
        var text = ""
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            attribute = attributeDict["title"]
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }
    }

    @Test("Any value keeps a document well-formed and reads back as itself minus forbidden characters")
    func wellFormed() {
        let everyASCII = String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar(UInt8($0)) }))
        let values = [
            everyASCII, "<script>alert('x')</script>", "\"><img src=x onerror=alert(1)>", "]]>", "&#0;", "&bogus;",
            "\u{0}\u{1}\u{FFFE}\u{FFFF}", "ok \u{10FFFF} \u{E000}", "tab\there",
        ]
        for value in values {
            let parsed = HTMLEscapingTests.parseAsXML(value)
            #expect(parsed.error == nil, "\(value.debugDescription): \(parsed.error ?? "")")
            let expected = String(String.UnicodeScalarView(value.unicodeScalars.filter {
                $0.value >= 0x20 ? ($0.value != 0xFFFE && $0.value != 0xFFFF) : [0x09, 0x0A, 0x0D].contains($0.value)
            }))
            // XML normalizes line breaks to \n in text, and tab/line breaks to spaces in attribute values.
            let text = expected.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            #expect(parsed.text == text, "\(value.debugDescription)")
            #expect(parsed.attribute?.count == text.count, "\(value.debugDescription)")
        }
    }

    @Test("{{name}} escapes in HTML; {{{name}}} and {{&name}} stay raw")
    func inTemplate() throws {
        let template = try Template(source: "{{v}}|{{{v}}}|{{&v}}", name: "page.html.mustache")
        #expect(try template.render(["v": "<a href='x'>&</a>\u{1}"]) == "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;|<a href='x'>&</a>\u{1}|<a href='x'>&</a>\u{1}")
    }
}
