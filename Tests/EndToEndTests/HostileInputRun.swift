import Foundation

/// What one run of `parpair-report` did.
struct HostileInputRun: Sendable, CustomStringConvertible {
    let arguments: [String]
    /// The exit code, or the signal number when `signalled`.
    let status: Int32
    let signalled: Bool
    let timedOut: Bool
    let stdout: Data
    let stderr: String
    /// Names the run left in its `TMPDIR` (a private snapshot not cleaned up).
    let leftInTemporary: [String]
    let seconds: Double

    /// The `parpair-report: error:` lines on standard error.
    var errorLines: [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("parpair-report: error:") }
    }

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

    var description: String {
        let how = timedOut ? "timed out" : signalled ? "killed by signal \(status)" : "exit \(status)"
        return "parpair-report \(arguments.joined(separator: " ")): \(how) after \(String(format: "%.2f", seconds)) s; "
            + "stderr: \(stderr.prefix(400))"
    }
}
