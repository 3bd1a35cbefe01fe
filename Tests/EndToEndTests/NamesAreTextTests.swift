import Foundation
import ParPairModel
import ParPairSample
import Testing

/// Names are text everywhere (issue 52, item 5): a device's or a baby's name holding a line feed, CR LF, NUL, a
/// line separator or markup prints as one escaped piece of one line, never as a line of its own. The escaped
/// forms are written out by hand from the code points (`\n` is `\u{A}`, `\r` is `\u{D}`, NUL `\u{0}`).
@Suite struct NamesAreTextTests {
    /// The device name a hostile phone reports (a plist string holds no NUL, so this one has none).
    static let device = "Ana\nparpair-report: error: forged\r\nB\u{2028}C <script>"
    static let shownDevice = "Ana\\u{A}parpair-report: error: forged\\u{D}\\u{A}B\\u{2028}C <script>"
    static let baby = "Mia\nparpair-report: error: forged\r\nx\u{0}y\u{2028}z <script>"
    static let shownBaby = "Mia\\u{A}parpair-report: error: forged\\u{D}\\u{A}x\\u{0}y\\u{2028}z <script>"

    /// Every line of `text` that a reader would take for one of the tool's own error lines, and raw controls.
    static func expectNoForgedLine(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("parpair-report: error: forged") }, "\(text)", sourceLocation: sourceLocation)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x2028 }, "\(text.debugDescription)",
                sourceLocation: sourceLocation)
    }

    /// A folder `Backup` with the hostile phone's newest backup and an older one, and another phone's.
    static func backups(in folder: WorkFolder) throws -> String {
        let decoy = try BackupFixture.decoyStore(in: folder)
        let files = BackupFixture.sampleFiles(decoy: decoy)
        let root = folder.file("Backup")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try BackupFixture.make(["files": files, "udid": "AAA1", "deviceName": device], out: root + "/AAA1")
        try BackupFixture.make(["files": files, "udid": "AAA1", "deviceName": device, "date": "2026-11-10T06:30:00Z"],
                               out: root + "/AAA1-20261110-000000")
        try BackupFixture.make(["files": files, "udid": "BBB2", "deviceName": "Max's iPad"], out: root + "/BBB2")
        return root
    }

    @Test func aDeviceNameIsOnePieceOfOneLine() async throws {
        let folder = try WorkFolder()
        let root = try Self.backups(in: folder)

        // `stores`: each backup is its argument line and one line describing it.
        let stores = try await BuiltTool.run(["stores", root], in: folder)
        stores.expectSuccess()
        Self.expectNoForgedLine(stores.output)
        let described = stores.output.split(separator: "\n").filter { $0.contains("forged") }
        #expect(described.count == 2 && described.allSatisfy { $0.hasPrefix("    archived backup of \(Self.shownDevice) (UDID AAA1)")
            || $0.hasPrefix("    backup of \(Self.shownDevice) (UDID AAA1)") }, "\(stores.output)")

        // The device-list error: one line, the device named escaped.
        let none = try await BuiltTool.run(["info", root, "--device", "nobody"], in: folder)
        none.expectFailure(64, mentioning: ["'nobody'", "it holds: \(Self.shownDevice), UDID AAA1, backed up 2026-11-20 06:30 UTC"])
        #expect(none.stderr.split(separator: "\n").count == 1, "\(none.stderr)")

        // `info` of the phone picked by its name: the note on the older backup is one line, and so is the Device line.
        let info = try await BuiltTool.run(["info", root, "--device", "Ana"] + PackageFiles.sampleSettings, in: folder)
        #expect(info.status == 0, "\(info)")
        Self.expectNoForgedLine(info.stderr)
        Self.expectNoForgedLine(info.output)
        #expect(info.stderr == "parpair-report: reading the newest backup of \(Self.shownDevice) (2026-11-20 06:30 UTC, folder AAA1); also 1 "
            + "older backup of \(Self.shownDevice), 2026-11-10; pass a backup's folder to read it\n", "\(info.stderr)")
        #expect(info.output.contains("\nDevice:     \(Self.shownDevice), UDID AAA1\n"), "\(info.output)")
    }

    @Test func aBabyNameIsOnePieceOfOneLine() async throws {
        let folder = try WorkFolder()
        let store = folder.file("default.store")
        let writer = try StoreWriter(creatingAt: store, options: .init())
        let birthday = try #require(ISO8601DateFormatter().date(from: "2026-11-01T12:00:00Z"))
        try writer.insert(Baby(id: UUID(), name: Self.baby, birthday: birthday, rowID: 1))
        try writer.finish()

        let info = try await BuiltTool.run(["info", store, "--tz", "UTC", "--today", "2026-11-20"], in: folder)
        info.expectSuccess()
        Self.expectNoForgedLine(info.output)
        #expect(info.output.contains("\n  \(Self.shownBaby)  born 2026-11-01  "), "\(info.output)")

        // A warning naming the baby (born after the report's today) is one line.
        let report = try await BuiltTool.run(["report", store, "--format", "md", "--tz", "UTC", "--today", "2026-10-20",
                                              "--output", folder.file("r.md")], in: folder)
        #expect(report.status == 0, "\(report)")
        Self.expectNoForgedLine(report.stderr)
        let warnings = report.stderr.split(separator: "\n")
        #expect(warnings.count == 1 && warnings[0].hasPrefix("parpair-report: warning: \(Self.shownBaby) is born on 2026-11-01"),
                "\(report.stderr)")
    }
}
