import Foundation
import Testing

/// A machine without w3c-sgml-lib or any XML catalog, as a Mac is: libxml2 is pointed at a catalog that
/// does not exist, or at none (an empty `XML_CATALOG_FILES` turns its catalogs off), and every report still
/// validates against the built-in DTD. `.ci/deb-check` hides /etc/xml and /usr/share/xml altogether.
@Suite struct NoCatalogTests {
    static let catalogs = ["/nonexistent/parpair/catalog.xml", ""]

    @Test(arguments: catalogs)
    func theMainJobAndTheGoldenReportsSucceed(_ catalog: String) async throws {
        let folder = try WorkFolder()
        let environment = ["XML_CATALOG_FILES": catalog]
        // The README's main job.
        let job = try await BuiltTool.run(["report", PackageFiles.sampleStore, "--tz", "America/New_York", "--today", "2026-11-20",
                                           "--output", "report.html"], in: folder, environment: environment)
        job.expectSuccess()
        #expect(try folder.listing() == ["report.html"])
        // Every golden report, made with no catalog, is the golden file.
        let version = try await GoldenOutputTests.version(in: folder)
        for golden in GoldenOutputTests.cases {
            let run = try await BuiltTool.run(golden.arguments + PackageFiles.sampleSettings, in: folder, environment: environment)
            run.expectSuccess()
            let expected = try FileContents.bytes(atPath: PackageFiles.goldenFolder.appendingPathComponent(golden.file).path)
            let actual = run.output.replacingOccurrences(of: "parpair-report \(version) ", with: "parpair-report GOLDEN ")
            #expect(actual == String(decoding: expected, as: UTF8.self), "\(golden.file) with XML_CATALOG_FILES=\(catalog.debugDescription)")
        }
        let validate = try await BuiltTool.run(["validate", PackageFiles.goldenFolder.appendingPathComponent("report.html").path],
                                               in: folder, environment: environment)
        validate.expectSuccess()
        #expect(validate.output.hasSuffix(": valid XHTML 1.0 Strict\n"))
    }

    /// A report made invalid on purpose is refused with its line and column, exit 65, not 72. Read off
    /// `xmllint --noout --nonet --valid`: line 3, and its 80-character context window ends where the parser
    /// stood, just after `</p>` (characters 102-105 of the line), so column 106.
    @Test(arguments: catalogs)
    func anInvalidReportIsStillRefusedWithItsPosition(_ catalog: String) async throws {
        let folder = try WorkFolder()
        let bad = folder.file("bad.html")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>&eacute;<div>x</div></p></body></html>

            """.write(toFile: bad, atomically: true, encoding: .utf8)
        let run = try await BuiltTool.run(["validate", bad], in: folder, environment: ["XML_CATALOG_FILES": catalog])
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.hasPrefix("parpair-report: error: \(bad):3:106: Element div is not declared in p list of possible children"),
                "\(run)")
        #expect(!run.stderr.contains("w3c-sgml-lib"))
    }

    @Test func thePDFPathSucceeds() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weasyprint") else {
            Issue.record("skipped: weasyprint is not installed (.ci/run installs it)")
            return
        }
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(["report", PackageFiles.sampleStore, "--output", "report.pdf", "--pdf-engine", "weasyprint"]
            + PackageFiles.sampleSettings, in: folder, environment: ["XML_CATALOG_FILES": "/nonexistent/parpair/catalog.xml"])
        #expect(run.status == 0, "\(run)")
        #expect(try folder.listing() == ["report.pdf"])
        #expect(Array(try FileContents.bytes(atPath: folder.file("report.pdf")).prefix(5)) == Array("%PDF-".utf8))
    }
}
