import Foundation

/// Python's `csv` module as an independent reader of the CSV dialects: the rows of some bytes, decoded
/// with an encoding (`utf-8`, `utf-8-sig` for a byte-order mark) and split on a delimiter; with
/// `decimalComma`, plain decimal numbers (`7,14`) are given back their point.
public enum PythonCSVReader {
    private static let script = """
        import csv, io, json, re, sys
        data = sys.stdin.buffer.read().decode(sys.argv[1])
        rows = list(csv.reader(io.StringIO(data, newline=""), delimiter=sys.argv[2]))
        if sys.argv[3] == "1":
            rows = [[re.sub(r"^(-?[0-9]+),([0-9]+)$", r"\\1.\\2", cell) for cell in row] for row in rows]
        print(json.dumps(rows))
        """

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func rows(_ bytes: [UInt8], encoding: String, delimiter: String, decimalComma: Bool) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try PythonEmailParser.pythonPath())
        process.arguments = ["-c", script, encoding, delimiter, decimalComma ? "1" : "0"]
        let output = try process.runCapturingOutput(input: bytes)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 csv: " + String(decoding: output.stderr, as: UTF8.self))
        }
        return try JSONDecoder().decode([[String]].self, from: output.stdout)
    }
}
