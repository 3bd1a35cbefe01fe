import Foundation
import Testing

/// `parpair-report … --output - | head`: the reader goes away mid-output. The run ends with one line and
/// exit 74, and what it made goes with it: nothing stays in TMPDIR (for an encrypted backup that would be the
/// decrypted store).
@Suite struct BrokenPipeTests {
    /// Runs `arguments` piped into `head -c 100` under bash, whose PIPESTATUS gives the tool's own status.
    static func runIntoHead(_ arguments: [String], in folder: WorkFolder, environment: [String: String]) async throws -> ChildProcess.Finished {
        let tool = try BuiltTool.executable.get()
        return try await ChildProcess.run(
            "/bin/bash", ["-c", "\"$0\" \"$@\" | head -c 100 > /dev/null; exit ${PIPESTATUS[0]}", tool] + arguments,
            environment: BuiltTool.inheritedEnvironment.merging(environment) { _, new in new }, directory: folder.path,
            outputStem: folder.file("piped"), deadline: .seconds(300))
    }

    /// Each output is far more than a pipe holds (64 KiB), so the tool is still writing when `head` leaves.
    @Test(arguments: [["report", "--format", "html", "--output", "-"], ["export", "--table", "events"]])
    func aClosedPipeEndsTheRunWithOneLineAndNothingLeft(_ command: [String]) async throws {
        let setup = try BackupTests.Setup(.encrypted)
        for store in [PackageFiles.sampleStore, setup.backup] {
            let finished = try await Self.runIntoHead(
                [command[0], store] + command.dropFirst() + PackageFiles.sampleSettings, in: setup.folder, environment: setup.environment)
            let errors = finished.stderr.split(separator: "\n").filter { $0.hasPrefix("parpair-report: error:") }
            #expect(finished.status == 74 && !finished.signalled, "exit \(finished.status): \(finished.stderr)")
            #expect(errors == ["parpair-report: error: cannot write standard output: its reader closed it (broken pipe)"])
            #expect(try setup.folder.listing("tmp").isEmpty, "nothing left in TMPDIR")
        }
    }
}
