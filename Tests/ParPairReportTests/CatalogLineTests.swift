@testable import ParPairReport
import Testing

/// A catalog line read on its bytes (`quickRead`) reads as it does Character by Character (`read`), or is left to
/// that reading: on every line of the built-in catalogs and on lines made to trip a byte-wise reading.
@Suite struct CatalogLineTests {
    static let trickyLines: [String] = [
        "", "   ", "\t", "# comment", "  # indented comment", "#\u{301} not a comment = x", " \u{301}# x = y",
        "key = value", "\tkey\t=\tvalue\t", "k=v", "k =", "= v", "Key = v", "ké = v", "key", "key = a = b",
        "key =\u{301} x", "key = x \u{600}", "key = \u{600} x", "key =  \u{301}x", "key = x\u{301} ", "key = Woche · Tag",
        "key = {{week}} – {{days}}", "key = \u{600}", "key\u{301} = v", " key = ", "key = \u{00A0}x\u{00A0}",
    ]

    @Test func aLineReadOnItsBytesReadsAsItsCharacters() {
        var lines = Self.trickyLines
        for language in Language.allCases {
            let text = DefaultTemplates.text(MessageCatalog.fileName(language)) ?? ""
            lines += MessageCatalog.lineRanges(of: Array(text.utf8)).map { String(MessageCatalog.line($0, of: text)) }
        }
        var quick = 0
        for line in lines {
            // Inside a longer text, as the catalog reads it: the same line between two others.
            let bytes = Array(("a = b\n" + line + "\nc = d").utf8)
            let byBytes = MessageCatalog.quickRead(Array(line.utf8), line: 0..<line.utf8.count)
            #expect(byBytes == MessageCatalog.quickRead(bytes, line: 6..<(6 + line.utf8.count)), "\(line)")
            if let byBytes {
                quick += 1
                #expect(byBytes == MessageCatalog.read(Substring(line)), "\(line)")
            }
        }
        #expect(lines.count > 2000)
        #expect(quick > lines.count * 9 / 10)
    }
}
