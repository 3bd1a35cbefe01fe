import Foundation
import Mustache
import ParPairAggregation

/// A report template, the built-in one or a user's file, with its partials: the user's folder first,
/// then the built-in templates (so a user's template can extend `{{<report.html}}` and override one block).
public struct ReportTemplate: Sendable {
    public let template: Template
    let partials: any PartialSource
    /// The names a built-in template's tags read (the first part of a dotted name), itself or through the
    /// built-in partials it includes; nil for a user's template, whose partials are only known while rendering,
    /// and for one that names a partial only while rendering (a dynamic name).
    let readNames: Set<String>?

    /// Whether rendering may read `name`: the report's data leaves out what the template never reads (see
    /// `ReportData.onDemandKeys`).
    public func reads(_ name: String) -> Bool {
        readNames?.contains(name) ?? true
    }

    /// Whether rendering may read `daily_rows` (a row for every day of the selected weeks). Other reports keep
    /// only the days they show (see ``aggregationDays``), so a store covering years is not held day by day.
    public var usesDailyRows: Bool { reads("daily_rows") }
    /// The built-in template this one puts on a paper (`init(builtIn:onPaper:)`), so it can be put on another.
    let paperBase: String?
    /// One of the tool's own templates, which put store text only through escaping tags and load nothing from
    /// outside the document: what they render needs no `DocumentAllowList` or `MarkdownPolicy` check. A user's template is checked, and
    /// so is what it renders (`{{{…}}}` inserts store text as it is).
    public let isBuiltIn: Bool

    /// The days to aggregate one by one for this template.
    public var aggregationDays: DaySelection {
        usesDailyRows ? .all : .last(ReportData.lastDaysShown)
    }

    /// A built-in HTML template (`report.html.mustache`, `digest.html.mustache`) on a given paper: it
    /// extends the template and sets its `page_size` block (`A4`, `letter`).
    public init(builtIn name: String, onPaper paper: String) throws {
        let source = "{{<\(name)}}{{$page_size}}\(paper){{/page_size}}{{/\(name)}}\n"
        do {
            template = try Template(source: source, name: name)
        } catch let error as TemplateError {
            throw ReportError.template(error)
        }
        partials = DefaultTemplates.partials
        readNames = Self.builtInNames(name, format: .html)
        paperBase = name
        isBuiltIn = true
    }

    /// The same built-in template on another paper; a template not made for a paper is itself.
    public func onPaper(_ paper: String) throws -> ReportTemplate {
        guard let paperBase else { return self }
        return try ReportTemplate(builtIn: paperBase, onPaper: paper)
    }

    /// The built-in template of that name (see `DefaultTemplates.paths`).
    public init(builtIn name: String) throws {
        guard let source = DefaultTemplates.text(name) else {
            throw ReportError.missingTemplate("no built-in template named '\(name)'")
        }
        do {
            template = try Template(source: source, name: name)
        } catch let error as TemplateError {
            throw ReportError.template(error)
        }
        partials = DefaultTemplates.partials
        readNames = Self.builtInNames(name, format: template.format)
        paperBase = nil
        isBuiltIn = true
    }

    /// A user's template file; partials are looked up beside it, then among the built-ins.
    /// - Parameter format: the escaping to use when the file name does not say (`*.html.mustache`).
    public init(file path: String, format: OutputFormat) throws {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw ReportError.missingTemplate("\(path): no such template file")
        }
        do {
            template = try Template(contentsOf: url, format: OutputFormat(templateName: url.lastPathComponent) ?? format)
        } catch let error as TemplateError {
            throw ReportError.template(error)
        }
        partials = ChainedPartialSource([
            DirectoryPartialSource(directory: url.deletingLastPathComponent()),
            DefaultTemplates.partials,
        ])
        readNames = nil
        paperBase = nil
        isBuiltIn = false
        // Refused before any data is read, whatever the format.
        try TemplateSourcePolicy.check(template: template, partials: partials, folder: url.deletingLastPathComponent())
    }

    /// The names a built-in template and the built-in partials it includes (transitively) may read, scanned
    /// from their text (`TagScan`; the render parses them, on its own thread): of `weeks.0.feeds`, `weeks`. Nil
    /// (every name) for a dynamic partial name, a partial that is not built in, or a change of delimiters.
    static func builtInNames(_ name: String, format: OutputFormat) -> Set<String>? {
        let builtIns = DefaultTemplates.partials
        var pending = [name]
        var seen: Set<String> = []
        var names: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            let found = DefaultTemplates.text(next).map { PartialText(name: next, source: $0) }
                ?? builtIns.partial(named: next, format: format)
            guard let found, let scan = TagScan(found.source) else { return nil }
            names.formUnion(scan.names)
            pending += scan.partials
        }
        return names
    }

    /// Renders the template; a missing partial is an error (strict mode).
    public func render(_ data: MustacheValue) throws -> String {
        var output = ""
        try render(data, into: &output)
        return output
    }

    /// Renders a Markdown template as plain text: the same words and layout, without Markdown's escapes; every
    /// text of the data escaped by ``PrintableText`` instead (``PrintableData``), so a value stays on its line.
    public func renderPlainText(_ data: MustacheValue) throws -> String {
        var output = ""
        try render(PrintableData.escaping(data), into: &output, escaping: .text)
        return output
    }

    /// What every render writes first, before it reads any data (`Template.leadingText`): a built-in HTML
    /// template's XML declaration and DOCTYPE, on any paper.
    public var leadingText: String? { template.leadingText(options: renderOptions) }

    private var renderOptions: RenderOptions {
        RenderOptions(format: template.format, partials: partials, missingPartials: .throwError)
    }

    /// Renders the template into `output` as it goes (`escaping`: another escaping than the template's format).
    public func render(_ data: MustacheValue, into output: inout some TextOutputStream, escaping: OutputFormat? = nil) throws {
        do {
            var options = renderOptions
            options.escaping = escaping
            try template.render(data, into: &output, options: options)
        } catch let error as TemplateError {
            throw ReportError.template(error)
        }
    }
}
