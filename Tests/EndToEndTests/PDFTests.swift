import Foundation
import Testing
import TestSupport

/// `--format pdf` (or a `.pdf` output) with each engine installed: the paper asked for, every baby, the
/// page footers; no engine is exit 69 naming what to install.
@Suite struct PDFTests {
    static func text(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let output = try process.runCapturingOutput()
        return String(decoding: output.stdout, as: UTF8.self)
    }

    @Test(arguments: [("weasyprint", "a4", "A4"), ("chromium", "letter", "letter")])
    func eachEnginePrintsTheReport(_ engine: String, _ paper: String, _ size: String) async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(engine)"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfinfo") else {
            Issue.record("skipped: \(engine) or poppler-utils is not installed (.ci/run installs both)")
            return
        }
        let folder = try WorkFolder()
        let pdf = folder.file("report.pdf")
        let run = try await BuiltTool.run(["report", PackageFiles.sampleStore] + PackageFiles.sampleSettings
            + ["--output", pdf, "--pdf-engine", engine, "--paper", paper], in: folder)
        run.expectSuccess()
        #expect(try folder.listing() == ["report.pdf"], "only the PDF, nothing of the engine's")
        let info = try Self.text("pdfinfo", [pdf])
        #expect(info.contains("(\(size))"), "\(info)")
        let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        #expect(pages >= 5)
        let text = try Self.text("pdftotext", [pdf, "-"])
        #expect(text.contains("Léo") && text.contains("Mia"))
        #expect(text.contains("page 1 of \(pages)"), "footers with page N of M")
    }

    @Test func noEngineIsExit69NamingThePackages() async throws {
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(["report", PackageFiles.sampleStore, "--format", "pdf", "--output", folder.file("r.pdf")]
            + PackageFiles.sampleSettings, in: folder, environment: ["PATH": "/nonexistent"])
        run.expectFailure(69, mentioning: ["no PDF engine", "apt-get install weasyprint"])
        #expect(try folder.listing().isEmpty)
    }
}
