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
    /// What is measured is the tool's own CPU time (bash's `time`), which other tests running alongside
    /// on the same cores do not inflate.
    @Test func aCPUOnlyBombStopsWithinSeconds() async throws {
        let folder = try WorkFolder()
        let bomb = try folder.write("bomb.md.mustache", String(repeating: "{{#babies}}", count: 40) + String(repeating: "{{/babies}}", count: 40) + "\n")
        let tool = try BuiltTool.executable.get()
        let command = ([tool] + Self.report + ["--template", bomb]).map { "'\($0)'" }.joined(separator: " ")
        let run = try await BuiltTool.run(["-c", "TIMEFORMAT='cpu %3U %3S'; time \(command)"], in: folder, executable: "/bin/bash")
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("parpair-report: error: ") }.count == 1, "\(run.stderr)")
        let error = lines.first.map(String.init) ?? ""
        #expect(error.hasPrefix("parpair-report: error: "))
        #expect(error.contains("bomb.md.mustache:1:") && error.contains("stopped in section 'babies'"), "\(error)")
        let cpu = (lines.last ?? "").split(separator: " ").dropFirst().compactMap { Double($0) }.reduce(0, +)
        #expect(cpu > 0 && cpu < 10, "stopped after \(cpu) s of CPU")
    }
}
