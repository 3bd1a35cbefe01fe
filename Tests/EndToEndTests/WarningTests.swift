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

/// A damaged `-wal` is read as SQLite reads it, and the part it ignores is named in one warning (issue 34:
/// 5046 logs became 5018 or 4990 without a word). The figures come from the WAL's own header: a frame is
/// 24 bytes plus a page, after the 32-byte header.
@Suite struct DamagedWALTests {
    enum Damage: String, CaseIterable, Sendable {
        case cutShort, flippedByteInLastFrame, damagedHeader
    }

    @Test(arguments: Damage.allCases)
    func aDamagedWALIsNamed(_ damage: Damage) async throws {
        let folder = try WorkFolder()
        let store = try folder.copySample()
        let wal = store + "/default.store-wal"
        var bytes = try FileContents.bytes(atPath: wal)
        let pageSize = bytes[8..<12].reduce(0) { $0 << 8 | Int($1) }
        let frameSize = 24 + pageSize
        let frames = (bytes.count - 32) / frameSize
        #expect((bytes.count - 32) % frameSize == 0, "the sample's WAL is whole")
        let expected: String
        switch damage {
        case .cutShort:
            bytes.removeLast(100)
            expected = "its last frame is cut short (\(frameSize - 100) of \(frameSize) bytes)"
        case .flippedByteInLastFrame:
            bytes[32 + (frames - 1) * frameSize + 24 + 7] ^= 0x01
            expected = "frame \(frames) fails its checksum"
        case .damagedHeader:
            bytes[1] ^= 0x01
            expected = "its -wal has a damaged header (not a write-ahead log's), so SQLite ignores all \(bytes.count) bytes of it"
        }
        try Data(bytes).write(to: URL(fileURLWithPath: wal))
        let run = try await BuiltTool.run(["export", store, "--table", "events"] + PackageFiles.sampleSettings, in: folder)
        #expect(run.status == 0)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("-wal") }
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.hasPrefix("parpair-report: warning: \(store)/default.store: its -wal ") == true, "\(run.stderr)")
        #expect(warnings.first?.contains(expected) == true, "\(expected) not in \(run.stderr)")
    }
}
