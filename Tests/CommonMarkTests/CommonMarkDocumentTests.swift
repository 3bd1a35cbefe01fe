import CommonMark
import Testing

/// What libcmark makes of hostile Markdown, as plain values: destinations after cmark's own unescaping, raw
/// HTML with its text, and where each node starts. Expected values are read by hand from the texts and the
/// CommonMark spec (0.30).
@Suite struct CommonMarkDocumentTests {
    static func first(_ kind: MarkdownNode.Kind, in text: String) -> MarkdownNode? {
        CommonMarkDocument(text).nodes.first { $0.kind == kind }
    }

    @Test func destinationsAreWhatARendererWrites() {
        // A reference definition, an entity, a backslash escape and a percent sign each resolved by cmark.
        #expect(Self.first(.link, in: "[x][r]\n\n[r]: javascript:alert(1)\n")?.destination == "javascript:alert(1)")
        #expect(Self.first(.link, in: "[x](java&#115;cript:alert(1))")?.destination == "javascript:alert(1)")
        #expect(Self.first(.link, in: "[x](javascript\\:alert(1))")?.destination == "javascript:alert(1)")
        #expect(Self.first(.image, in: "![x](file:///etc/passwd)")?.destination == "file:///etc/passwd")
        #expect(Self.first(.link, in: "<javascript:alert(1)>")?.destination == "javascript:alert(1)")
        #expect(Self.first(.link, in: "<a@b.example>")?.destination == "mailto:a@b.example")
        #expect(Self.first(.link, in: "[x](<>)")?.destination == "")
        // An unused definition makes no node; a backslash before a letter stays.
        #expect(CommonMarkDocument("[r]: javascript:x\n").nodes.map(\.kind) == [.document])
        #expect(Self.first(.link, in: "[x](a\\b)")?.destination == "a\\b")
    }

    @Test func rawHTMLKeepsItsTextAndPlace() {
        let block = Self.first(.htmlBlock, in: "# T\n\n<![CDATA[\nx\n]]>\n")
        #expect(block?.literal == "<![CDATA[\nx\n]]>\n" && block?.line == 3 && block?.column == 1, "\(String(describing: block))")
        let inline = Self.first(.htmlInline, in: "ab <script>x</script>")
        #expect(inline?.literal == "<script>" && inline?.line == 1 && inline?.column == 4, "\(String(describing: inline))")
        // Escaped, it is text.
        #expect(Self.first(.htmlInline, in: "ab \\<script>x") == nil)
    }

    @Test func nodesComeInDocumentOrderWithPositions() {
        let nodes = CommonMarkDocument("# A\n\n- *b* `c`\n").nodes
        #expect(nodes.map(\.kind) == [.document, .heading, .text, .list, .item, .paragraph, .emphasis, .text, .text, .code])
        #expect(nodes.map(\.line) == [1, 1, 1, 3, 3, 3, 3, 3, 3, 3])
        // A code span starts after its backtick, as `cmark --sourcepos -t xml` shows it (1:8-1:8).
        #expect(nodes.map(\.column) == [1, 1, 3, 1, 1, 3, 3, 4, 6, 8])
        #expect(nodes.compactMap(\.literal) == ["A", "b", " ", "c"])
    }

    @Test func oddInputParses() {
        // Empty text, a NUL (read as U+FFFD) and invalid UTF-8 give a document, not a crash.
        #expect(CommonMarkDocument("").nodes.map(\.kind) == [.document])
        #expect(Self.first(.text, in: "a\u{0}b")?.literal == "a\u{FFFD}b")
        let invalid = String(decoding: [0x61, 0xFF, 0x62], as: UTF8.self)
        #expect(Self.first(.text, in: invalid)?.literal == "a\u{FFFD}b")
    }
}
