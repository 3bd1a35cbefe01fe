import Foundation
@testable import ParPairReport
import Testing
import TestSupport

/// `CSVDialect.excelSemicolon` on the csv-spectrum cases: Python's `csv` module reads the converted bytes
/// (`utf-8-sig`, `;`) as the same cells as the originals (`,`), decimal commas given back their point.
@Suite struct CSVDialectConversionTests {
    static func rows(_ bytes: [UInt8], encoding: String, delimiter: String, decimalComma: Bool) throws -> [[String]] {
        try PythonCSVReader.rows(bytes, encoding: encoding, delimiter: delimiter, decimalComma: decimalComma)
    }

    @Test func csvSpectrumRoundTripsInEveryDialect() throws {
        let cases = PackagePaths.root.deletingLastPathComponent().appendingPathComponent("shared/conformance/csv-spectrum/csvs")
        let names = try FileManager.default.contentsOfDirectory(atPath: cases.path).filter { $0.hasSuffix(".csv") }.sorted()
        #expect(names.count >= 10)
        for name in names {
            let text = try String(contentsOf: cases.appendingPathComponent(name), encoding: .utf8)
            let original = try Self.rows(Array(text.utf8), encoding: "utf-8", delimiter: ",", decimalComma: false)
            #expect(try Self.rows(CSVDialect.excel.convert(text), encoding: "utf-8-sig", delimiter: ",", decimalComma: false) == original, "\(name)")
            #expect(try Self.rows(CSVDialect.excelSemicolon.convert(text), encoding: "utf-8-sig", delimiter: ";", decimalComma: true) == original,
                    "\(name)")
        }
    }

    @Test func decimalCommasOnlyForPlainNumbersAndTheGuardKept() throws {
        let text = "a,b,c,d,e\r\n7.14,-0.5,'=1+1,2026-11-20,\"x;y\"\r\n"
        let converted = String(decoding: CSVDialect.excelSemicolon.convert(text), as: UTF8.self)
        #expect(converted == "\u{FEFF}a;b;c;d;e\r\n7,14;-0,5;'=1+1;2026-11-20;\"x;y\"\r\n")
    }

    /// Streamed record by record, in chunks of any size, a dialect gives the very bytes of converting the whole text
    /// (the csv-spectrum cases, and the cases that straddle a chunk: `""`, CRLF, a lone CR, no final line break).
    @Test func streamingGivesTheBytesOfTheWholeConversion() throws {
        let cases = PackagePaths.root.deletingLastPathComponent().appendingPathComponent("shared/conformance/csv-spectrum/csvs")
        var texts = try FileManager.default.contentsOfDirectory(atPath: cases.path).filter { $0.hasSuffix(".csv") }.sorted()
            .map { try String(contentsOf: cases.appendingPathComponent($0), encoding: .utf8) }
        texts += ["a,b\r\n\"x\"\"y\",1.5\r\n", "a\rb,\"c\r\nd\"\n-2.25,e", "x\"q\"z,3.0", "", "\r", "\"", "h\r\n7.14,'=1+1\r\n"]
        for text in texts {
            for dialect in CSVDialect.allCases {
                let whole = dialect.convert(text)
                for size in [1, 2, 3, 7, 64, max(1, text.utf8.count)] {
                    var stream = CSVDialectStream(dialect, into: "")
                    let bytes = Array(text.utf8)
                    var start = 0
                    while start < bytes.count {
                        // Chunks cut at character boundaries, as a String can only hold whole characters.
                        var end = min(start + size, bytes.count)
                        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                        stream.write(String(decoding: bytes[start..<end], as: UTF8.self))
                        start = end
                    }
                    stream.finish()
                    #expect(Array(stream.target.utf8) == whole, "\(dialect) in chunks of \(size): \(text.debugDescription)")
                }
            }
        }
    }

    /// The events export's human headings replace its first line only, however the text arrives.
    @Test func aReplacedHeaderInAStream() {
        var stream = CSVDialectStream(.excelSemicolon, into: "", replacingHeader: (machine: "a,b\r\n", replacement: "A b,C\r\n"))
        for piece in ["a", ",b\r", "\n1.5,a,b\r\n"] { stream.write(piece) }
        stream.finish()
        #expect(stream.target == "\u{FEFF}A b;C\r\n1,5;a;b\r\n")
    }
}
