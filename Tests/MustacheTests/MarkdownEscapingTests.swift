import Mustache
import Testing

@Suite("Markdown escaping")
struct MarkdownEscapingTests {
    @Test("Inline markup characters get a backslash anywhere", arguments: [
        ("a|b", "a\\|b"), ("back\\slash", "back\\\\slash"), ("`code`", "\\`code\\`"), ("*em* _em_", "\\*em\\* \\_em\\_"),
        ("[link](x)", "\\[link\\](x)"), ("<b>", "\\<b>"), ("~~gone~~", "\\~\\~gone\\~\\~"),
        ("plain text, 3.5 kg; -3", "plain text, 3.5 kg; -3"), ("x # y > z", "x # y > z"),
    ])
    func inline(_ value: String, _ expected: String) {
        #expect(MarkdownEscaping.escape(value) == expected)
    }

    @Test("Block markers at the start are escaped; look-alikes are left alone", arguments: [
        ("# Title", "\\# Title"), ("#tag", "\\#tag"), ("> quote", "\\> quote"), ("=====", "\\====="),
        ("- item", "\\- item"), ("+ item", "\\+ item"), ("---", "\\---"), ("-3", "-3"), ("+44", "+44"),
        ("1. first", "1\\. first"), ("12) twelfth", "12\\) twelfth"), ("2024.", "2024\\."), ("3.5 kg", "3.5 kg"),
        ("  # indented", "  \\# indented"),
    ])
    func lineStart(_ value: String, _ expected: String) {
        #expect(MarkdownEscaping.escape(value) == expected)
    }

    @Test("What a report writes most, figures, dates, ranges and names, stays as it is", arguments: [
        "13.7 (11–14)", "2025-09-03 – 2025-09-09", "7/7", "Léo 2", "0", "", "12)x", "1.5", "D+388, 55w3d", "⚠ check",
    ])
    func unchanged(_ value: String) {
        #expect(MarkdownEscaping.escape(value) == value)
    }

    @Test("Character references are escaped so they show literally; a lone & is not")
    func references() {
        #expect(MarkdownEscaping.escape("&amp; &#60; &#x3C; & Co &nope") == "\\&amp; \\&#60; \\&#x3C; & Co &nope")
    }

    @Test("Line breaks become a space, or the given replacement; the table row stays one line")
    func lineBreaks() throws {
        #expect(MarkdownEscaping.escape("one\ntwo\r\nthree\rfour") == "one two three four")
        #expect(MarkdownEscaping.escape("a\n# b", lineBreak: "<br />") == "a<br /># b")
        #expect(MarkdownEscaping.escape("a\n# b", lineBreak: "\n") == "a\n\\# b")
        let template = try Template(source: "| {{note}} | {{n}} |\n", name: "table.md.mustache")
        #expect(try template.render(["note": "line 1\nline | 2", "n": -3]) == "| line 1 line \\| 2 | -3 |\n")
    }

    @Test("Control characters other than tab and line breaks are dropped; a terminal would obey them")
    func controlCharacters() {
        #expect(MarkdownEscaping.escape("bell\u{07} esc\u{1B}[31mred\u{7F} nul\u{00} tab\tok") == "bell esc\\[31mred nul tab\tok")
        #expect(MarkdownEscaping.escape("\u{08}# still a heading marker") == "\\# still a heading marker")
        #expect(MarkdownEscaping.escape("1\u{01}. one") == "1\\. one")
    }
}
