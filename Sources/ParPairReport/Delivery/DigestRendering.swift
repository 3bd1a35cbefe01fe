import Foundation
import Mustache
import ParPairStore
import Platform

/// Renders digests with the built-in `digest.*.mustache` templates; HTML is proven valid XHTML 1.0
/// Strict before it is returned.
///
/// ```swift
/// let rendering = try DigestRendering()
/// let files = try rendering.files(run, formats: [.markdown, .html, .csv])   // leo/week-020.md, …
/// let html = try rendering.document(run, format: .html)                    // every baby, for e-mail
/// ```
public struct DigestRendering: Sendable {
    /// The built-in template for each format.
    public static func templateName(_ format: ReportFormat) -> String {
        switch format {
        case .html: "digest.html.mustache"
        case .csv: "digest.csv.mustache"
        case .markdown: "digest.md.mustache"
        }
    }

    private let templates: [ReportFormat: ReportTemplate]
    /// The HTML digest on the PDF's paper, and what prints it (`--formats …,pdf`, `--attach …,pdf`).
    private var printing: (template: ReportTemplate, renderer: PDFRenderer)?
    /// How the CSV files and attachments are written (`--csv-dialect`).
    public var csvDialect: CSVDialect = .rfc4180

    /// Parses the built-in templates once.
    /// - Throws: `ReportError.template` when one is missing or does not parse (a bug).
    public init() throws {
        var templates: [ReportFormat: ReportTemplate] = [:]
        for format in ReportFormat.allCases {
            templates[format] = try ReportTemplate(builtIn: Self.templateName(format))
        }
        self.templates = templates
    }

    /// One file per digest and format, in the run's order of babies, then `formats` order.
    /// - Throws: `ReportError.template`, `.invalidHTML`, `.dtdUnavailable`.
    public func files(_ run: DigestRun, formats: [ReportFormat]) throws -> [DigestFile] {
        var files: [DigestFile] = []
        for digest in run.digests {
            for format in formats {
                files.append(DigestFile(relativePath: digest.target.relativePath(format), format: format,
                                        bytes: try bytes(digest, of: run, format: format)))
            }
        }
        return files
    }

    /// Prints PDFs with `renderer`, on its paper.
    public mutating func printPDF(with renderer: PDFRenderer) throws {
        printing = (try ReportTemplate(builtIn: Self.templateName(.html), onPaper: renderer.paper.css), renderer)
    }

    /// One baby's digest as PDF: its validated XHTML printed in a private folder removed afterwards.
    /// - Throws: `ReportError`, `PDFError`, `DeliveryError`; `ReportError.missingTemplate` without `printPDF(with:)`.
    public func pdf(_ digest: BabyDigest, of run: DigestRun) throws -> [UInt8] {
        guard let printing else { throw ReportError.missingTemplate("no PDF renderer for the digest") }
        let text = try render(run, digests: [digest], skips: [], template: printing.template, format: .html)
        let scratch = try ScratchFolder(in: FileManager.default.temporaryDirectory.path, purpose: "output")
        defer { scratch.remove() }
        let folder = scratch.path
        let html = folder + "/digest.html"
        // The built-in digest template, validated as it was rendered: nothing in it loads from outside.
        try OutputFile(path: html).write(text)
        let file = try printing.renderer.render(html: html, in: folder)
        return Array(try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    /// One baby's digest in one format, as text (CSV in RFC 4180).
    public func render(_ digest: BabyDigest, of run: DigestRun, format: ReportFormat) throws -> String {
        try render(run, digests: [digest], skips: [], format: format)
    }

    /// The bytes of one baby's file, and of its e-mail attachment for CSV (in `csvDialect`).
    public func bytes(_ digest: BabyDigest, of run: DigestRun, format: ReportFormat) throws -> [UInt8] {
        let text = try render(digest, of: run, format: format)
        return format == .csv ? csvDialect.convert(text) : Array(text.utf8)
    }

    /// The whole run in one document (every digest, then the babies without one), for an e-mail.
    public func document(_ run: DigestRun, format: ReportFormat) throws -> String {
        try render(run, digests: run.digests, skips: run.skips, format: format)
    }

    /// The whole run as plain text, for an e-mail's `text/plain` part: the Markdown digest without Markdown's escapes.
    public func plainText(_ run: DigestRun) throws -> String {
        guard let template = templates[.markdown] else { throw ReportError.missingTemplate("no digest template for markdown") }
        return try template.renderPlainText(DigestData.make(run: run, digests: run.digests, skips: run.skips))
    }

    func render(_ run: DigestRun, digests: [BabyDigest], skips: [DigestSkip], format: ReportFormat) throws -> String {
        guard let template = templates[format] else {
            throw ReportError.missingTemplate("no digest template for \(format.rawValue)")
        }
        return try render(run, digests: digests, skips: skips, template: template, format: format)
    }

    private func render(
        _ run: DigestRun, digests: [BabyDigest], skips: [DigestSkip], template: ReportTemplate, format: ReportFormat
    ) throws -> String {
        // CSV keeps `.` and ISO dates in every language: the machine contract.
        var run = run
        if format == .csv { run.settings.localizer = run.settings.localizer.withMachineFigures }
        let text = try template.render(DigestData.make(run: run, digests: digests, skips: skips))
        if format == .html { try ReportRendering.validateXHTML(text, name: template.template.name) }
        return text
    }
}
