import Foundation
import Testing
import TestSupport
@testable import ParPairReport

/// Only the report reaches the engine. A document carrying every reference the policy forbids, a script
/// and an event attribute is refused by the template policy, as a template and as a rendered file; and
/// handed to each real engine past that check, neither embeds a file, connects to a local listener,
/// shows a file's contents or runs the script.
@Suite(.serialized) struct EngineIsolationTests {
    static let secretMarker = "SECRET-MARKER-7f3a"

    /// The hostile page; `PORT` is the listener's, `SECRET` a file holding ``secretMarker``.
    static func page(port: UInt16, secret: String) -> String {
        let url = "http://127.0.0.1:\(port)"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title>
            <link rel="stylesheet" type="text/css" href="\(url)/link.css" />
            <style type="text/css">@import url("\(url)/import.css"); body { background: url('\(url)/background.png'); }</style>
            </head><body onload="document.body.textContent='SCRIPT RAN'">
            <p>HELLO</p>
            <p><a rel="attachment" href="file://\(secret)">attachment</a> <a href="https://example.org/">a plain link</a></p>
            <p><img src="\(url)/image.png" alt="image" /><img src="file://\(secret)" alt="file image" /></p>
            <p><object data="file://\(secret)" type="text/plain" width="400" height="60">object fallback</object></p>
            <p style="background-image: url(\(url)/inline.png)">styled</p>
            <p id="s">no script ran</p>
            <script type="text/javascript">document.getElementById('s').textContent = 'SCRIPT RAN';</script>
            </body></html>
            """
    }

    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        return String(decoding: try process.runCapturingOutput().stdout, as: UTF8.self)
    }

    @Test func thePolicyRefusesEveryReferenceAsTemplateAndAsDocument() throws {
        // The page itself is judged in `TemplatePolicyTests`; here, what hides a reference from a reader of bytes.
        for hidden in ["<img src=\"&#104;ttp://x/\" alt=\"\" />", "<a href=\"&#x66;ile:///etc/passwd\">x</a>",
                       "<p style=\"background: \\75 rl(http://x/)\">x</p>", "<style>@\\69mport 'x';</style>",
                       "<p>{{#x}}<a href=\"javascript:alert(1)\">x</a>{{/x}}</p>", "<?xml-stylesheet href=\"x.css\"?>"] {
            #expect(!TemplateSourcePolicy.check(source: hidden, name: "t", format: .html).isEmpty, "\(hidden)")
        }
        // What the built-in templates write passes.
        for fine in ["<img src=\"{{src}}\" alt=\"{{alt}}\" />", "<a href=\"#{{anchor}}\">x</a>", "<a href=\"{{url}}\">{{url}}</a>",
                     "<p>Sleep profile: good</p>", "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\" />"] {
            #expect(TemplateSourcePolicy.check(source: fine, name: "t", format: .html).isEmpty, "\(fine)")
        }
    }

    @Test(arguments: [PDFRenderer.Engine.weasyprint, .chromium])
    func pastTheCheckTheEngineLoadsNothingAndRunsNothing(_ engine: PDFRenderer.Engine) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(engine.rawValue)"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else {
            Issue.record("skipped: \(engine.rawValue) or poppler-utils is not installed (.ci/run installs both)")
            return
        }
        let listener = try LoopbackListener()
        let folder = try FixtureFolder.make("engine-isolation-\(engine.rawValue)")
        let secret = folder + "/secret.txt"
        try Data((Self.secretMarker + "\n").utf8).write(to: URL(fileURLWithPath: secret))
        let html = folder + "/report.html"
        try Data(Self.page(port: listener.port, secret: secret).utf8).write(to: URL(fileURLWithPath: html))
        var renderer = PDFRenderer(engine: engine, paper: .a4, environment: ["PATH": "/usr/bin:/bin"])
        renderer.timeLimit = 300
        let pdf = try renderer.render(html: html, in: folder)
        let text = try Self.tool("pdftotext", [pdf, "-"])
        #expect(text.contains("HELLO"), "the page was printed: \(text)")
        #expect(!text.contains(Self.secretMarker), "no file's contents shown")
        #expect(!text.contains("SCRIPT RAN"), "no script ran")
        let attachments = try Self.tool("pdfdetach", ["-list", pdf])
        #expect(attachments.hasPrefix("0 embedded files"), "\(attachments)")
        #expect(!(try [UInt8](Data(contentsOf: URL(fileURLWithPath: pdf)))).contains(subsequence: Array(Self.secretMarker.utf8)))
        #expect(!listener.acceptPendingConnection(), "nothing connected to the local listener")
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard !subsequence.isEmpty, count >= subsequence.count else { return false }
        return (0...(count - subsequence.count)).contains { self[$0..<($0 + subsequence.count)].elementsEqual(subsequence) }
    }
}
