import Foundation
import Testing

/// The built binary writes exactly the golden files `ParPairReportTests` keeps, for the command lines
/// that describe them: the arguments reach the library as the in-process tests assume.
@Suite struct GoldenOutputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var arguments: [String]
        var testDescription: String { file }
    }

    static let sample = PackageFiles.sampleStore
    static let cases: [Case] = [
        Case(file: "report.html", arguments: ["report", sample]),
        Case(file: "report.csv", arguments: ["report", sample, "--format", "csv"]),
        Case(file: "report.md", arguments: ["report", sample, "--format", "markdown"]),
        Case(file: "export-weekly-imperial.csv", arguments: ["export", sample, "--table", "weekly", "--units", "imperial"]),
        Case(file: "export-daily.csv", arguments: ["export", sample, "--table", "daily"]),
        Case(file: "export-events-last-2.csv", arguments: ["export", sample, "--table", "events", "--last", "2"]),
    ]

    /// The golden files say `GOLDEN` where the binary writes its release: what `--version` prints before the
    /// commit (`0.2.0` of `0.2.0+git291.655db8029d`), so the files stay the same from one commit to the next.
    static func version(in folder: WorkFolder) async throws -> String {
        let run = try await BuiltTool.run(["--version"], in: folder)
        let version = String(run.output.dropFirst("parpair-report ".count)).trimmingCharacters(in: .whitespacesAndNewlines)
        return String(version.prefix { $0 != "+" })
    }

    @Test(arguments: cases)
    func binaryWritesTheGoldenFile(_ golden: Case) async throws {
        try await Self.expectGolden(golden)
    }

    /// Runs the tool with the case's arguments and the sample's settings (through `prefix`, a program that runs it, if
    /// given) and compares what it writes with the golden file.
    static func expectGolden(_ golden: Case, through prefix: [String] = []) async throws {
        let folder = try WorkFolder()
        let url = PackageFiles.goldenFolder.appendingPathComponent(golden.file)
        let expected = try #require(try? FileContents.bytes(atPath: url.path), "no golden file \(url.path)")
        let arguments = golden.arguments + PackageFiles.sampleSettings
        let run = try await prefix.isEmpty
            ? BuiltTool.run(arguments, in: folder)
            : BuiltTool.run(prefix.dropFirst() + [try BuiltTool.executable.get()] + arguments, in: folder, executable: prefix[0])
        run.expectSuccess()
        let version = try await Self.version(in: folder)
        let actual = run.output.replacingOccurrences(of: "parpair-report \(version) ", with: "parpair-report GOLDEN ")
        if let difference = TextDifference.first(expected: String(decoding: expected, as: UTF8.self), actual: actual) {
            let command = golden.arguments.map { $0 == Self.sample ? "samples/default.store" : $0 }.joined(separator: " ")
            Issue.record("\((prefix + ["parpair-report"]).joined(separator: " ")) \(command) differs from Golden/\(golden.file): \(difference)")
        }
    }

    #if os(Linux)
    /// Confined to one CPU (`taskset -c 0`), a run starts its threads as it would elsewhere (there is no other CPU to
    /// start them on) and writes the same report.
    @Test func aRunConfinedToOneCPUWritesTheGoldenReport() async throws {
        let taskset = "/usr/bin/taskset"
        try #require(FileManager.default.isExecutableFile(atPath: taskset), "taskset (util-linux) is missing")
        try await Self.expectGolden(Self.cases[0], through: [taskset, "-c", "0"])
    }
    #endif

    @Test func weeklyExportIsTheReportsCSV() async throws {
        let folder = try WorkFolder()
        let report = try await BuiltTool.run(["report", Self.sample, "--format", "csv"] + PackageFiles.sampleSettings, in: folder)
        let export = try await BuiltTool.run(["export", Self.sample, "--table", "weekly"] + PackageFiles.sampleSettings, in: folder)
        report.expectSuccess()
        export.expectSuccess()
        #expect(!report.stdout.isEmpty)
        #expect(report.stdout == export.stdout)
    }
}

/// Where two texts first differ, by line and column, for failure messages that can be read.
enum TextDifference {
    static func first(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(wanted, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(wanted.count, got.count)
        let left = line < wanted.count ? Array(wanted[line].unicodeScalars) : []
        let right = line < got.count ? Array(got[line].unicodeScalars) : []
        let column = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
        // A window around the difference: chart lines are kilobytes of base64.
        let start = max(0, column - 60)
        func show(_ scalars: [Unicode.Scalar], _ lines: [Substring]) -> String {
            guard line < lines.count else { return "(no such line)" }
            let end = min(scalars.count, start + 160)
            let window = start < end ? String(String.UnicodeScalarView(scalars[start..<end])) : ""
            return (start > 0 ? "…" : "") + window.debugDescription + (end < scalars.count ? "…" : "")
        }
        return "first difference at line \(line + 1), column \(column + 1) (expected \(wanted.count) lines, got \(got.count)):\n"
            + "  expected: \(show(left, wanted))\n  actual:   \(show(right, got))"
    }
}
