import Foundation
import ParPairReport
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
}
