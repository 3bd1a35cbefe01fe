import Foundation
import Testing

/// The template policy through the built binary (issue 36): refusals exit 65 naming the template, its line
/// and the element, and write nothing; a template whose text passes but whose rendered output would load
/// something is refused after rendering; a `<head>` broken over lines prints with Chromium.
@Suite struct TemplatePolicyCommandTests {
    static let report = ["report", PackageFiles.sampleStore] + PackageFiles.sampleSettings

    /// A stray `<` and an apostrophe once hid a later image from `templates check` and the report.
    @Test func aStrayLessThanHidesNoImage() async throws {
        let folder = try WorkFolder()
        let template = try folder.write("mine.md.mustache", "# Feeds\nFeeds: a<b it's fine\n\n{{#babies}}- {{name}}\n{{/babies}}\n<img src=\"http://127.0.0.1:9/x.png\" />\n")
        let check = try await BuiltTool.run(["templates", "check", template], in: folder)
        // `<b it's` is no tag to CommonMark (an apostrophe cannot be in an attribute's name); the image is raw
        // HTML inside the paragraph that `{{/babies}}` starts, at line 6, column 1.
        check.expectFailure(65, mentioning: ["mine.md.mustache:6:1: '<img src=\"http://127.0.0.1:9/x.png\" />'"])
        let run = try await BuiltTool.run(Self.report + ["--format", "md", "--template", template, "--output", folder.file("out.md")], in: folder)
        run.expectFailure(65, mentioning: ["mine.md.mustache:6:1:", "a report may load nothing"])
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.md")))
    }

    /// Text that is no tag in the template (`<` before a Mustache tag) but makes one once rendered: the
    /// rendered Markdown is checked too, and the file is not written.
    @Test func renderedMarkdownIsCheckedWhateverTheTemplateDid() async throws {
        let folder = try WorkFolder()
        let template = try folder.write("mine.md.mustache", "# Feeds\n{{#babies}}{{#first}}<{{/first}}{{/babies}}img src=\"http://127.0.0.1:9/x.png\" />\n")
        try await BuiltTool.run(["templates", "check", template], in: folder).expectSuccess()
        for output in [folder.file("out.md"), "-"] {
            let run = try await BuiltTool.run(Self.report + ["--format", "md", "--template", template, "--output", output], in: folder)
            run.expectFailure(65, mentioning: ["mine.md.mustache (rendered):2:1: '<img src=\"http://127.0.0.1:9/x.png\" />'"])
            #expect(run.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.md")))
    }

    /// The same for XHTML: the allow-list walks the document as it is validated, to a file and to stdout.
    @Test func theRenderedDocumentIsWalkedByTheAllowList() async throws {
        let folder = try WorkFolder()
        let template = try folder.write("mine.html.mustache",
            "{{<report.html}}\n{{$header}}\n<p>{{#babies}}{{#first}}<{{/first}}{{/babies}}q cite=\"http://127.0.0.1:9/\">x</q></p>\n{{/header}}\n{{/report.html}}\n")
        for output in [folder.file("out.html"), "-"] {
            let run = try await BuiltTool.run(Self.report + ["--template", template, "--output", output], in: folder)
            run.expectFailure(65, mentioning: ["mine.html.mustache (rendered):", "<q cite>"])
            #expect(run.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.html")))
    }

    /// Markup an HTML parser builds into another tree however it is written (issue 52): a `<tr>` directly in
    /// `<table>` in the template is refused by `templates check` and the report at its line 3; one that only data makes
    /// (the `<` comes from a section) is refused once rendered; nothing is written either way. A self-closing `<div/>`,
    /// written or made by data, passes: the report holds the tree that was checked, written as HTML reads it.
    @Test func whatHTMLBuildsDifferentlyIsRefused() async throws {
        let folder = try WorkFolder()
        func template(_ name: String, _ header: String) throws -> String {
            try folder.write(name, "{{<report.html}}\n{{$header}}\n\(header)\n{{/header}}\n{{/report.html}}\n")
        }
        let written = try template("mine.html.mustache", "<table><tr><td>{{#babies}}{{name}} {{/babies}}</td></tr></table>")
        try await BuiltTool.run(["templates", "check", written], in: folder)
            .expectFailure(65, mentioning: ["mine.html.mustache:3: <tr>: a browser reads the report as HTML"])
        let made = try template("made.html.mustache", "<table>{{#babies}}{{#first}}<{{/first}}{{/babies}}tr><td>x</td></tr></table>")
        try await BuiltTool.run(["templates", "check", made], in: folder).expectSuccess()
        for (template, fragment) in [(written, "mine.html.mustache:3: <tr>"), (made, "made.html.mustache (rendered):")] {
            let run = try await BuiltTool.run(Self.report + ["--template", template, "--output", folder.file("out.html")], in: folder)
            run.expectFailure(65, mentioning: [fragment, "<tr>: a browser reads the report as HTML"])
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.html")))

        let divs = [try template("div.html.mustache", "<div/><p>{{#babies}}{{name}} {{/babies}}</p>"),
                    try template("made-div.html.mustache", "<div>{{#babies}}{{#first}}<{{/first}}{{/babies}}div/></div>")]
        for (template, shipped) in zip(divs, ["<div></div><p>Léo Mia </p>", "<div><div></div></div>"]) {
            try await BuiltTool.run(["templates", "check", template], in: folder).expectSuccess()
            let run = try await BuiltTool.run(Self.report + ["--template", template, "--output", "-"], in: folder)
            run.expectSuccess()
            #expect(run.output.contains(shipped), "\(template)")
        }
    }

    /// An extending template's refusal names its own line 3 and `<blockquote cite>`.
    @Test func anExtendingTemplateIsRefusedAtItsLine() async throws {
        let folder = try WorkFolder()
        let template = try folder.write("mine.html.mustache",
            "{{<report.html}}\n{{$header}}\n<blockquote cite=\"http://127.0.0.1:9/\"><p>q</p></blockquote>\n{{/header}}\n{{/report.html}}\n")
        let run = try await BuiltTool.run(["templates", "check", template], in: folder)
        run.expectFailure(65, mentioning: ["mine.html.mustache:3: <blockquote cite>"])
    }

    /// Valid XHTML whose `<head` tag ends on the next line: `validate` accepts it, and Chromium prints it.
    @Test func aHeadBrokenOverLinesPrintsWithChromium() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("skipped: chromium is not installed (.ci/run installs it)")
            return
        }
        let folder = try WorkFolder()
        let template = try folder.write("mine.html.mustache", """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml"><head
            ><title>Feeds</title></head><body>{{#babies}}<p>{{name}}</p>{{/babies}}</body></html>

            """)
        let pdf = folder.file("out.pdf")
        let run = try await BuiltTool.run(Self.report + ["--template", template, "--pdf-engine", "chromium", "--output", pdf], in: folder)
        run.expectSuccess()
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)).prefix(5) == Data("%PDF-".utf8))
    }
}
