import Foundation
import Testing

/// What one run of the tool did.
struct ToolRun: Sendable, CustomStringConvertible {
    var arguments: [String]
    /// The exit status; -1 when the run hung and was killed.
    var status: Int32
    var stdout: Data
    var stderr: String

    var output: String { String(decoding: stdout, as: UTF8.self) }

    /// The lines of standard error that start `parpair-report: error:`.
    var errorLines: [Substring] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("parpair-report: error:") }
    }

    var description: String {
        "parpair-report \(arguments.joined(separator: " ")) -> \(status)\nstderr: \(stderr.prefix(600))"
    }

    /// Checks the error contract: the exit status, exactly one `parpair-report: error:` line on stderr
    /// (as its first line) holding every fragment, and nothing on stdout.
    func expectFailure(_ status: Int32, mentioning fragments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(self)", sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, "stdout: \(output.prefix(200))", sourceLocation: sourceLocation)
        #expect(errorLines.count == 1, "\(self)", sourceLocation: sourceLocation)
        #expect(stderr.hasPrefix("parpair-report: error:"), "\(self)", sourceLocation: sourceLocation)
        let line = errorLines.first ?? ""
        for fragment in fragments {
            #expect(line.contains(fragment), "\(fragment.debugDescription) not in \(line.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    /// Checks success: exit 0 and nothing on stderr.
    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "\(self)", sourceLocation: sourceLocation)
        #expect(stderr.isEmpty, "\(self)", sourceLocation: sourceLocation)
    }
}
