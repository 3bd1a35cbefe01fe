import PrintableText
import Testing

/// Expected strings are written out by hand from the code points.
@Suite struct PrintableTextTests {
    @Test func everyLineBreakingOrSteeringCharacterIsEscaped() {
        #expect(PrintableText.escaped("Mia\nparpair-report: error: x") == "Mia\\u{A}parpair-report: error: x")
        #expect(PrintableText.escaped("a\r\nb\u{0}c\u{2028}d\u{2029}e") == "a\\u{D}\\u{A}b\\u{0}c\\u{2028}d\\u{2029}e")
        #expect(PrintableText.escaped("\u{1B}[2J\u{7}\u{7F}\u{85}\u{9F}\t") == "\\u{1B}[2J\\u{7}\\u{7F}\\u{85}\\u{9F}\\u{9}")
        #expect(PrintableText.escaped("\u{202E}olleh\u{2066}x\u{2069}\u{200F}\u{61C}") == "\\u{202E}olleh\\u{2066}x\\u{2069}\\u{200F}\\u{61C}")
    }

    @Test func plainTextStaysAsItIs() {
        for text in ["", "Léo <script>alert(1)</script>", "Zoë 👶🏽 & \\u{A}", "日本語", "\u{A0}\u{200B}\u{FEFF}"] {
            #expect(PrintableText.escaped(text) == text, "\(text)")
        }
    }

    @Test func theToolsOwnLineFeedsCanStay() {
        #expect(PrintableText.escaped("a\n\tb\r\u{2028}", keepingLineFeeds: true) == "a\n\tb\\u{D}\\u{2028}")
    }
}
