import Foundation
import Testing

/// Things a user should know that do not stop the run: one `warning:` line each on standard error.
@Suite struct WarningTests {
    /// A copy with `-shm` but no `-wal` may miss the newest logs: every command says so.
    @Test(arguments: [["info"], ["report", "--format", "csv"], ["export", "--table", "events"]])
    func aPartialCopyIsSaidOutLoud(_ command: [String]) async throws {
        let folder = try WorkFolder()
        let store = try folder.copySample()
        try FileManager.default.removeItem(atPath: store + "/default.store-wal")
        try #require(FileManager.default.createFile(atPath: store + "/default.store-shm", contents: Data(count: 32_768)))
        let run = try await BuiltTool.run([command[0], store] + command.dropFirst() + PackageFiles.sampleSettings, in: folder)
        #expect(run.status == 0)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines == ["parpair-report: warning: \(store)/default.store: a -shm file is there but no -wal, so the newest logs "
            + "may be missing; copy the whole folder (default.store with its -wal and -shm) while the app is closed"])
    }

    @Test func aTodayBeforeTheBirthIsAWarning() async throws {
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(["report", PackageFiles.sampleStore, "--format", "csv", "--tz", "America/New_York",
                                           "--today", "2026-07-01"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "parpair-report: warning: Mia is born on 2026-08-23, after the report's today (2026-07-01); "
            + "nothing of theirs is counted\n")
    }
}
