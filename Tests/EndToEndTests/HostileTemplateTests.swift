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

    /// 40 nested sections over the two babies: 2^40 passes that write nothing. The work budget, counted in
    /// section passes and lookups (not in seconds), stops it, naming the template, the section, its line and
    /// the budget it passed. How long that takes depends on the machine (3.5 s in a debug build on an idle
    /// 2-core machine); the run's deadline only tells a hang from a stop, it is no speed check.
    @Test func aCPUOnlyBombStopsAtTheWorkBudget() async throws {
        let folder = try WorkFolder()
        let bomb = try folder.write("bomb.md.mustache", String(repeating: "{{#babies}}", count: 40) + String(repeating: "{{/babies}}", count: 40) + "\n")
        let run = try await BuiltTool.run(Self.report + ["--template", bomb], in: folder)
        #expect(run.status == 65, "exit \(run.status) (-1: still running at the hang guard)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("parpair-report: error: ") }.count == 1, "\(run.stderr)")
        let error = lines.first.map(String.init) ?? ""
        #expect(error.hasPrefix("parpair-report: error: "))
        #expect(error.contains("bomb.md.mustache:1:") && error.contains("stopped in section 'babies'"), "\(error)")
        // The default budget (RenderOptions.maximumWork): 20 million passes and lookups for a render that writes nothing.
        #expect(error.contains("did more than 20000000 section passes and lookups"), "\(error)")
        #expect(run.stdout.isEmpty)
    }
}
