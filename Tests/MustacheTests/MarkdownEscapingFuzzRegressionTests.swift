import Mustache
import Testing

/// Inputs the `markdown-escape` fuzz harness (Tests/Fuzz) found breaking the escaper's documented rules,
/// and the smallest cases of the same bugs. The harness's first byte picks the line break replacement;
/// `bytes` here are the value's bytes after it, read as UTF-8 the same lossy way.
@Suite("Markdown escaping: fuzzing regressions")
struct MarkdownEscapingFuzzRegressionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let lineBreak: String
        let expected: String
        var testDescription: String { name }
        var value: String { String(decoding: bytes, as: UTF8.self) }
    }

    @Test("A line break written as a space keeps the value at its start, so block markers after it are escaped",
          arguments: [
              // Crasher: "\n\n-" became "  -", an empty list item.
              Case(name: "crasher: two line breaks then -", bytes: [0x0A, 0x0A, 0x2D], lineBreak: " ",
                   expected: "  \\-"),
              Case(name: "heading after a line break", bytes: Array("\n# Title".utf8), lineBreak: " ",
                   expected: " \\# Title"),
              Case(name: "quote after blanks and CRLF", bytes: Array("  \r\n\t> q".utf8), lineBreak: " ",
                   expected: "   \t\\> q"),
              Case(name: "ordered list after line breaks", bytes: Array("\n\n1) x".utf8), lineBreak: " ",
                   expected: "  1\\) x"),
              Case(name: "an empty replacement is blank too", bytes: Array("\n# b".utf8), lineBreak: "",
                   expected: "\\# b"),
              Case(name: "a negative number after a line break stays", bytes: Array("\n-3".utf8), lineBreak: " ",
                   expected: " -3"),
              Case(name: "a decimal after a line break stays", bytes: Array("\n3.5 kg".utf8), lineBreak: " ",
                   expected: " 3.5 kg"),
              Case(name: "<br /> is not blank: the value no longer starts a line", bytes: Array("\n# b".utf8),
                   lineBreak: "<br />", expected: "<br /># b"),
          ])
    func blankLineBreakAtStart(_ test: Case) {
        #expect(MarkdownEscaping.escape(test.value, lineBreak: test.lineBreak) == test.expected)
    }

    @Test("Digits and . or ) before a line break are an ordered list marker", arguments: [
        // Crasher (replacement "\n"): the lines "0." stayed "0.", each an empty ordered list item.
        Case(name: "crasher: 0. before newlines",
             bytes: [0x0A, 0x30, 0x2E, 0x0A, 0x0A, 0x30, 0x2E, 0xFF, 0x3D, 0xFF, 0x3D], lineBreak: "\n",
             expected: "\n0\\.\n\n0.\u{FFFD}=\u{FFFD}="),
        Case(name: "1. then a line break written as a space", bytes: Array("1.\nx".utf8), lineBreak: " ",
             expected: "1\\. x"),
        Case(name: "0. then a newline", bytes: Array("0.\n".utf8), lineBreak: "\n", expected: "0\\.\n"),
    ])
    func orderedListBeforeLineBreak(_ test: Case) {
        #expect(MarkdownEscaping.escape(test.value, lineBreak: test.lineBreak) == test.expected)
    }

    @Test("A replacement ending in CRLF or CR starts a new line, like one ending in LF", arguments: [
        // Crasher (replacement "\r\n"): "\u{FFFD}\n#" became "\u{FFFD}\r\n#", a heading.
        Case(name: "crasher: # after CRLF replacement", bytes: [0xA8, 0x0A, 0x23], lineBreak: "\r\n",
             expected: "\u{FFFD}\r\n\\#"),
        Case(name: "heading after CRLF", bytes: Array("a\r\n# b".utf8), lineBreak: "\r\n", expected: "a\r\n\\# b"),
        Case(name: "heading after CR", bytes: Array("a\n# b".utf8), lineBreak: "\r", expected: "a\r\\# b"),
    ])
    func lineEndingReplacement(_ test: Case) {
        #expect(MarkdownEscaping.escape(test.value, lineBreak: test.lineBreak) == test.expected)
    }

    @Test("Control characters are dropped before line breaks are read, so CR, NUL, LF is one line break",
          arguments: [
              // From a crasher (replacement "\r\n") after control characters began to be dropped: the harness
              // had counted "\r\u{0}\n" as two line breaks; the escaper, dropping first, sees one.
              Case(name: "crasher, minimized: CR CR NUL LF", bytes: [0x48, 0x0D, 0x0D, 0x00, 0x0A, 0x2F],
                   lineBreak: "\r\n", expected: "H\r\n\r\n/"),
              Case(name: "CR NUL LF as a space", bytes: [0x61, 0x0D, 0x00, 0x0A, 0x62], lineBreak: " ",
                   expected: "a b"),
          ])
    func controlInsideLineBreak(_ test: Case) {
        #expect(MarkdownEscaping.escape(test.value, lineBreak: test.lineBreak) == test.expected)
    }

    @Test("A Markdown template escapes a value starting with a line break and a heading")
    func inTemplate() throws {
        let template = try Template(source: "{{note}}\n", name: "note.md.mustache")
        #expect(try template.render(["note": "\n# not a heading"]) == " \\# not a heading\n")
    }
}
