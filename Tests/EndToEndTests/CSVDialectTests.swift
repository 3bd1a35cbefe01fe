import Foundation
import Testing
import TestSupport

/// `--csv-dialect`: each dialect read back by Python's `csv` module, with the dialect's delimiter and
/// encoding, holds the same cells as the RFC 4180 output (decimal commas read back as points).
@Suite struct CSVDialectTests {
    static func pythonRows(_ path: String, encoding: String, delimiter: String, decimalComma: Bool) throws -> [[String]] {
        try PythonCSVReader.rows(Array(try Data(contentsOf: URL(fileURLWithPath: path))), encoding: encoding, delimiter: delimiter,
                                 decimalComma: decimalComma)
    }

    @Test(arguments: [["--table", "weekly"], ["--table", "daily"], ["--table", "events"]])
    func everyDialectHoldsTheSameCells(_ table: [String]) async throws {
        let folder = try WorkFolder()
        // A note that a spreadsheet would run as a formula, to see the guard hold in every dialect.
        let store = try folder.copySample()
        var files: [String: String] = [:]
        for dialect in ["rfc4180", "excel", "excel-semicolon"] {
            let file = folder.file("\(dialect).csv")
            try await BuiltTool.run(["export", store] + table + PackageFiles.sampleSettings + ["--csv-dialect", dialect, "--output", file],
                                    in: folder).expectSuccess()
            files[dialect] = file
        }
        let reference = try Self.pythonRows(files["rfc4180"]!, encoding: "utf-8", delimiter: ",", decimalComma: false)
        let excel = try Self.pythonRows(files["excel"]!, encoding: "utf-8-sig", delimiter: ",", decimalComma: false)
        let semicolon = try Self.pythonRows(files["excel-semicolon"]!, encoding: "utf-8-sig", delimiter: ";", decimalComma: true)
        #expect(reference.count > 1)
        #expect(excel == reference)
        #expect(semicolon == reference)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: files["excel-semicolon"]!))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]), "a UTF-8 byte-order mark")
        #expect(!(try Data(contentsOf: URL(fileURLWithPath: files["rfc4180"]!))).starts(with: [0xEF, 0xBB, 0xBF]))
        // Formula-guarded cells keep their apostrophe everywhere (the sample's notes hold some).
        let guarded = reference.flatMap { $0 }.filter { $0.hasPrefix("'") }
        #expect(semicolon.flatMap { $0 }.filter { $0.hasPrefix("'") } == guarded)
    }
}
