import Foundation
import Testing

/// Compares output with a committed file, or re-records it when `PARPAIR_RECORD_GOLDEN=1`.
///
/// A recording run always fails, so a run that rewrote the files cannot pass by accident: record,
/// review the diff with `git diff Tests/ParPairReportTests/Golden`, then run again without the variable.
enum GoldenFile {
    static let recordVariable = "PARPAIR_RECORD_GOLDEN"

    static var isRecording: Bool {
        let value = ProcessInfo.processInfo.environment[recordVariable] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// Checks `actual` against `Golden/<name>`; records an issue naming the first differing line.
    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = PackagePaths.goldenFolder.appendingPathComponent(name)
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: PackagePaths.goldenFolder, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url, options: .atomic)
                Issue.record("recorded \(url.path) (\(actual.utf8.count) bytes); this run fails on purpose: unset \(recordVariable), review the diff and run again",
                             sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no golden file \(url.path); record it with \(recordVariable)=1 swift test --filter GoldenTests",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if let difference = firstDifference(expected: expected, actual: actual) {
            Issue.record("\(name) differs from the golden file:\n\(difference)\n(re-record with \(recordVariable)=1 if the change is intended)",
                         sourceLocation: sourceLocation)
        }
    }

    /// The first line where two texts differ, with the column of the first differing character and both
    /// versions around it (escaped, so control characters show), or nil when they are equal. Lines are split at `\n` only, so a lost `\r` shows.
    static func firstDifference(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < expectedLines.count, index < actualLines.count, expectedLines[index] == actualLines[index] {
            index += 1
        }
        let counts = "expected \(expectedLines.count) lines, got \(actualLines.count)"
        guard index < expectedLines.count || index < actualLines.count else {
            return "the texts differ in a way lines do not show; \(counts)"
        }
        let wanted = index < expectedLines.count ? Array(expectedLines[index].unicodeScalars) : []
        let got = index < actualLines.count ? Array(actualLines[index].unicodeScalars) : []
        var column = 0
        while column < wanted.count, column < got.count, wanted[column] == got[column] { column += 1 }
        // Show a window of the line around the difference: base64 chart lines are kilobytes long.
        let start = max(0, column - 60)
        func excerpt(_ scalars: [Unicode.Scalar], present: Bool) -> String {
            guard present else { return "(no such line)" }
            let end = min(scalars.count, start + 160)
            let text = start < end ? String(String.UnicodeScalarView(scalars[start..<end])) : ""
            return (start > 0 ? "…" : "") + text.debugDescription + (end < scalars.count ? "…" : "")
        }
        return """
            line \(index + 1), column \(column + 1) (\(counts)):
              expected: \(excerpt(wanted, present: index < expectedLines.count))
              actual:   \(excerpt(got, present: index < actualLines.count))
            """
    }
}
