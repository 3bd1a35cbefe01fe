import Foundation

/// The built `parpair-report` executable, run as a child process with a deadline.
///
/// Standard output and error go to files (not pipes), so a chatty child can never block on a full
/// pipe; `TMPDIR` points at a folder of the caller's, so a private snapshot left behind is seen.
enum HostileInputTool {
    /// A run still going after this long is a hang: it is killed and the test fails. A hang guard, not a
    /// speed check: a corpus run takes well under a second in a debug build on an idle machine.
    static let deadline: Duration = .seconds(120)

    /// The executable built beside the tests (see `BuiltTool.executable`).
    static func executable() throws -> String { try BuiltTool.executable.get() }

    /// Runs the executable with `arguments` and waits at most `deadline`.
    ///
    /// - Parameters:
    ///   - folder: where stdout, stderr and the child's `TMPDIR` are kept (made if absent).
    static func run(_ arguments: [String], folder: String, deadline: Duration = deadline) async throws -> HostileInputRun {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = folder + "/tmp"
        try manager.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        var environment = BuiltTool.inheritedEnvironment
        environment["TMPDIR"] = temporary
        environment["TZ"] = "UTC"
        let finished = try await ChildProcess.run(
            try executable(), arguments, environment: environment, outputStem: folder + "/run", deadline: deadline)
        return HostileInputRun(
            arguments: arguments,
            status: finished.status,
            signalled: finished.signalled,
            timedOut: finished.timedOut,
            stdout: finished.stdout,
            stderr: finished.stderr,
            leftInTemporary: (try? manager.contentsOfDirectory(atPath: temporary)) ?? [],
            seconds: finished.seconds)
    }
}
