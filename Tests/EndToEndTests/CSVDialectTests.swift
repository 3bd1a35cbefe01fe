import Foundation
import Testing
import TestSupport

/// `--csv-dialect`: each dialect read back by Python's `csv` module, with the dialect's delimiter and
/// encoding, holds the same cells as the RFC 4180 output (decimal commas read back as points).
@Suite struct CSVDialectTests {
    /// Python reads `path` (encoding, delimiter) and prints the rows as JSON; with `decimalComma`, plain
    /// decimal numbers are given back their point.
    static func pythonRows(_ path: String, encoding: String, delimiter: String, decimalComma: Bool) throws -> [[String]] {
        let script = """
            import csv, json, re, sys
            path, encoding, delimiter, comma = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
            with open(path, newline="", encoding=encoding) as f:
                rows = list(csv.reader(f, delimiter=delimiter))
            if comma:
                rows = [[re.sub(r"^(-?[0-9]+),([0-9]+)$", r"\\1.\\2", cell) for cell in row] for row in rows]
            print(json.dumps(rows))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try PythonEmailParser.pythonPath())
        process.arguments = ["-c", script, path, encoding, delimiter, decimalComma ? "1" : "0"]
        let output = try process.runCapturingOutput()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return try JSONDecoder().decode([[String]].self, from: output.stdout)
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
