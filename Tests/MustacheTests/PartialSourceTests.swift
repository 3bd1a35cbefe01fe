import Foundation
import Mustache
import Testing

@Suite("Partial sources")
struct PartialSourceTests {
    @Test("Names map to the exact name, then + .mustache, then + .<format>.mustache")
    func naming() {
        #expect(PartialNaming.candidates(for: "row", format: .html) == ["row", "row.mustache", "row.html.mustache"])
        #expect(PartialNaming.candidates(for: "row", format: .markdown) == ["row", "row.mustache", "row.md.mustache"])
        #expect(PartialNaming.candidates(for: "report.html", format: .html) == ["report.html", "report.html.mustache"])
        #expect(PartialNaming.candidates(for: "row.csv.mustache", format: .csv) == ["row.csv.mustache"])
    }

    @Test("A folder source finds files by those names, in subfolders too, and prefers the earlier candidate")
    func directoryLookup() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("row.html.mustache", "html row")
        try folder.write("row.csv.mustache", "csv row")
        try folder.write("cell.mustache", "plain cell")
        try folder.write("cell.html.mustache", "html cell")
        try folder.write("parts/head.html.mustache", "head")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("box"), withIntermediateDirectories: true)
        try folder.write("box.html.mustache", "box file")
        let source = DirectoryPartialSource(directory: folder.url)
        #expect(try source.partial(named: "row", format: .html)?.source == "html row")
        #expect(try source.partial(named: "row", format: .csv)?.source == "csv row")
        #expect(try source.partial(named: "cell", format: .html)?.source == "plain cell")
        #expect(try source.partial(named: "parts/head", format: .html)?.source == "head")
        #expect(try source.partial(named: "box", format: .html)?.source == "box file")  // the folder 'box' is skipped
        #expect(try source.partial(named: "nothing", format: .html) == nil)
        #expect(try source.partial(named: "row", format: .html)?.name == folder.url.appendingPathComponent("row.html.mustache").path)
    }

    @Test("Absolute names, .. and backslashes are refused, even when no such file exists",
          arguments: ["/etc/passwd", "../secret", "parts/../../secret", "a/..", "..", "a\\b", ""])
    func unsafeNames(_ name: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = DirectoryPartialSource(directory: folder.url)
        #expect(throws: TemplateError(.partialNameNotAllowed(name: name), templateName: name)) {
            try source.partial(named: name, format: .html)
        }
    }

    @Test("A link that leads out of the folder is refused; one that stays inside is followed")
    func symbolicLinks() throws {
        let outside = try TemporaryFolder()
        defer { outside.remove() }
        let secret = try outside.write("secret.html.mustache", "secret")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("real.html.mustache", "inside")
        try folder.link("alias.html.mustache", to: "real.html.mustache")
        try folder.link("leak.html.mustache", to: secret.path)
        try folder.link("outer", to: outside.url.path)
        let source = DirectoryPartialSource(directory: folder.url)

        #expect(try source.partial(named: "alias", format: .html)?.source == "inside")
        for (name, candidate) in [("leak", "leak.html.mustache"), ("outer/secret", "outer/secret.html.mustache")] {
            #expect {
                try source.partial(named: name, format: .html)
            } throws: { error in
                // The resolved path is the real one (on macOS under /private), so compare its end only.
                guard let error = error as? TemplateError,
                      case .partialOutsideFolder(candidate, let resolved) = error.reason else { return false }
                return resolved.hasSuffix("/secret.html.mustache") && !resolved.hasPrefix(folder.url.path)
            }
        }
    }

    @Test("The folder itself may be reached through a link")
    func linkedFolder() throws {
        let real = try TemporaryFolder()
        defer { real.remove() }
        try real.write("row.html.mustache", "row")
        let holder = try TemporaryFolder()
        defer { holder.remove() }
        try holder.link("templates", to: real.url.path)
        let source = DirectoryPartialSource(directory: holder.url.appendingPathComponent("templates"))
        #expect(try source.partial(named: "row", format: .html)?.source == "row")
    }

    @Test("Files over the size limit are refused with a message; the main template too")
    func sizeLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let big = try folder.write("big.html.mustache", String(repeating: "x", count: 101))
        try folder.write("small.html.mustache", String(repeating: "x", count: 100))
        let source = DirectoryPartialSource(directory: folder.url, maximumFileSize: 100)
        #expect(try source.partial(named: "small", format: .html)?.source.count == 100)
        #expect(throws: TemplateError(.fileTooLarge(path: big.path, size: 101, limit: 100), templateName: big.path)) {
            try source.partial(named: "big", format: .html)
        }
        #expect(throws: TemplateError(.fileTooLarge(path: big.path, size: 101, limit: 100), templateName: big.path)) {
            try Template(contentsOf: big, maximumFileSize: 100)
        }
        #expect(Template.defaultMaximumFileSize == 1_048_576)
    }

    @Test("Reading a template file: name from the path, format inferred, byte order mark dropped, UTF-8 required")
    func templateFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("t.csv.mustache")
        try Data([0xEF, 0xBB, 0xBF] + Array("{{v}}".utf8)).write(to: file)
        let template = try Template(contentsOf: file)
        #expect(template.name == file.path && template.format == .csv && template.source == "{{v}}")
        let bad = folder.url.appendingPathComponent("bad.html.mustache")
        try Data([0x41, 0xFF, 0x42]).write(to: bad)
        #expect(throws: TemplateError(.notUTF8(path: bad.path), templateName: bad.path)) { try Template(contentsOf: bad) }
        let missing = folder.url.appendingPathComponent("none.html.mustache")
        #expect(throws: TemplateError(.unreadable(path: missing.path, message: "no such file"), templateName: missing.path)) {
            try Template(contentsOf: missing)
        }
    }

    @Test("A chain asks sources in order: a user folder overrides one block of a built-in report")
    func chainOverridesBuiltInBlock() throws {
        let builtIn = DictionaryPartialSource([
            "report.html.mustache": "<h1>{{$title}}Report{{/title}}</h1>\n{{$body}}<p>{{name}}</p>{{/body}}\n",
            "footer.html.mustache": "built-in footer",
        ])
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let user = try folder.write("mine.html.mustache",
                                    "{{<report.html}}{{$title}}Our {{name}}{{/title}}{{/report.html}}\n{{>footer}}")
        try folder.write("footer.html.mustache", "user footer")
        let template = try Template(contentsOf: user)
        let partials = ChainedPartialSource([DirectoryPartialSource(directory: folder.url), builtIn])
        #expect(try template.render(["name": "Ada"], options: RenderOptions(partials: partials))
            == "<h1>Our Ada</h1>\n<p>Ada</p>\nuser footer")
        #expect(try ChainedPartialSource([builtIn]).partial(named: "nothing", format: .html) == nil)
    }

    @Test("A folder only offers *.mustache files: a rendered report.html beside the template is not its parent")
    func folderOffersOnlyTemplates() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("report.html", "<p>an earlier output</p>")
        try folder.write("notes", "not a template")
        let source = DirectoryPartialSource(directory: folder.url)
        #expect(try source.partial(named: "report.html", format: .html) == nil)
        #expect(try source.partial(named: "notes", format: .html) == nil)
        let chained = ChainedPartialSource([source, DictionaryPartialSource(["report.html.mustache": "built-in"])])
        #expect(try chained.partial(named: "report.html", format: .html)?.source == "built-in")
    }

    /// Counts lookups, to show partials are loaded once per render.
    final class CountingSource: PartialSource, @unchecked Sendable {
        private let lock = NSLock()
        private var lookups: [String: Int] = [:]

        func partial(named name: String, format: OutputFormat) -> PartialText? {
            lock.lock()
            defer { lock.unlock() }
            lookups[name, default: 0] += 1
            return name == "row" ? PartialText(name: "row", source: "<{{.}}>") : nil
        }

        var counts: [String: Int] {
            lock.lock()
            defer { lock.unlock() }
            return lookups
        }
    }

    @Test("Each partial is looked up and parsed once per render, not once per use")
    func cachedPerRender() throws {
        let source = CountingSource()
        let template = try Template(source: "{{#items}}{{>row}}{{>gone}}{{/items}}")
        let options = RenderOptions(partials: source, missingPartials: .renderEmpty)
        let expected = (1...500).map { "<\($0)>" }.joined()
        #expect(try template.render(["items": Array(1...500).mustacheValue], options: options) == expected)
        #expect(source.counts == ["row": 1, "gone": 1])
    }
}
