import Foundation
import Testing

/// Templates that would hang the tool: a FIFO, a link to a device, a CPU-only bomb.
@Suite struct HostileTemplateTests {
    static let report = ["report", PackageFiles.sampleStore, "--format", "md"] + PackageFiles.sampleSettings

    @Test func aFIFOTemplateIsRefusedBeforeItIsOpened() async throws {
        let folder = try WorkFolder()
        let fifo = folder.file("mine.md.mustache")
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try await BuiltTool.run(Self.report + ["--template", fifo], in: folder)
        run.expectFailure(65, mentioning: ["mine.md.mustache", "it is a named pipe (FIFO), not a regular file"])
    }

    @Test func aTemplateLinkedToADeviceIsRefused() async throws {
        let folder = try WorkFolder()
        let link = folder.file("zero.md.mustache")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
        let run = try await BuiltTool.run(Self.report + ["--template", link], in: folder)
        run.expectFailure(65, mentioning: ["it is a character device, not a regular file"])
    }

    /// 40 nested sections over the two babies: 2^40 passes that write nothing. The work budget stops it
    /// well within the 10 s the issue allows a debug build, naming the template, the section and its line.
    @Test func aCPUOnlyBombStopsWithinSeconds() async throws {
        let folder = try WorkFolder()
        let bomb = try folder.write("bomb.md.mustache", String(repeating: "{{#babies}}", count: 40) + String(repeating: "{{/babies}}", count: 40) + "\n")
        let started = Date()
        let run = try await BuiltTool.run(Self.report + ["--template", bomb], in: folder)
        let seconds = Date().timeIntervalSince(started)
        run.expectFailure(65, mentioning: ["bomb.md.mustache:1:", "stopped in section 'babies'"])
        #expect(seconds < 10, "stopped after \(seconds) s")
    }
}
