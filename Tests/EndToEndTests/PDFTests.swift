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

    /// `digest --formats csv,pdf --attach csv,pdf --lang de`: a PDF per baby under --out, the same bytes
    /// attached after each CSV in the e-mail (read back by Python's email package), in German.
    @Test func theDigestPrintsEachBabysWeekAndAttachesIt() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weasyprint"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else {
            Issue.record("skipped: weasyprint or poppler-utils is not installed (.ci/run installs both)")
            return
        }
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(
            ["digest", PackageFiles.sampleStore, "--tz", "America/New_York", "--today", "2026-11-23", "--out", folder.file("out"),
             "--formats", "csv,pdf", "--eml", folder.file("mail.eml"), "--from", "ParPair <parpair@example.org>",
             "--to", "ana@example.org", "--attach", "csv,pdf", "--pdf-engine", "weasyprint", "--paper", "a4", "--lang", "de"],
            in: folder)
        run.expectSuccess()
        // Léo (born 2026-06-24) is on day 152 on 2026-11-23, so his latest complete week is 20 (days 140-146);
        // Mia (born 2026-08-23) is on day 92, so hers is 12 (days 84-90).
        let leo = try FileContents.bytes(atPath: folder.file("out/leo-37f3d1fd/week-020.pdf"))
        let mia = try FileContents.bytes(atPath: folder.file("out/mia-8c720336/week-012.pdf"))
        #expect(Array(leo.prefix(5)) == Array("%PDF-".utf8) && Array(mia.prefix(5)) == Array("%PDF-".utf8))
        let text = try Self.text("pdftotext", [folder.file("out/leo-37f3d1fd/week-020.pdf"), "-"])
        #expect(text.contains("Léo: Woche 20"), "\(text.prefix(300))")
        #expect(text.contains("11.11.2026 – 17.11.2026"))
        let mail = try PythonEmailParser.parse(try FileContents.bytes(atPath: folder.file("mail.eml")))
        #expect(mail.defects.isEmpty)
        #expect(mail.subject?.hasPrefix("Wochenübersicht: Léo, Woche 20 (11.11.2026 – 17.11.2026)") == true, "\(mail.subject ?? "")")
        let attachments = mail.parts.filter { $0.disposition == "attachment" }
        #expect(attachments.map { $0.filename ?? "" } == ["Léo-week-020.csv", "Léo-week-020.pdf", "Mia-week-012.csv", "Mia-week-012.pdf"])
        #expect(attachments.filter { $0.type == "application/pdf" }.map(\.payload) == [leo, mia])
    }

    @Test func noEngineIsExit69NamingThePackages() async throws {
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(["report", PackageFiles.sampleStore, "--format", "pdf", "--output", folder.file("r.pdf")]
            + PackageFiles.sampleSettings, in: folder, environment: ["PATH": "/nonexistent"])
        run.expectFailure(69, mentioning: ["no PDF engine", "apt-get install weasyprint"])
        #expect(try folder.listing().isEmpty)
    }
}
