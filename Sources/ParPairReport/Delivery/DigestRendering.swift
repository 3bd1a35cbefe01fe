import Foundation
import Mustache

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

    func render(_ run: DigestRun, digests: [BabyDigest], skips: [DigestSkip], format: ReportFormat) throws -> String {
        guard let template = templates[format] else {
            throw ReportError.missingTemplate("no digest template for \(format.rawValue)")
        }
        let text = try template.render(DigestData.make(run: run, digests: digests, skips: skips))
        if format == .html { try ReportRendering.validateXHTML(text, name: template.template.name) }
        return text
    }
}
