import Foundation
import Mustache

/// A report template, the built-in one or a user's file, with its partials: the user's folder first,
/// then the built-in templates (so a user's template can extend `{{<report.html}}` and override one block).
public struct ReportTemplate: Sendable {
    public let template: Template
    let partials: any PartialSource

    /// The built-in template of that name (see `DefaultTemplates.all`).
    public init(builtIn name: String) throws {
        guard let source = DefaultTemplates.all[name] else {
            throw ReportError.template("no built-in template named '\(name)'")
        }
        do {
            template = try Template(source: source, name: name)
        } catch {
            throw ReportError.template("\(error)")
        }
        partials = DictionaryPartialSource(DefaultTemplates.all)
    }

    /// A user's template file; partials are looked up beside it, then among the built-ins.
    /// - Parameter format: the escaping to use when the file name does not say (`*.html.mustache`).
    public init(file path: String, format: OutputFormat) throws {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw ReportError.template("\(path): no such template file")
        }
        do {
            template = try Template(contentsOf: url, format: OutputFormat(templateName: url.lastPathComponent) ?? format)
        } catch {
            throw ReportError.template("\(error)")
        }
        partials = ChainedPartialSource([
            DirectoryPartialSource(directory: url.deletingLastPathComponent()),
            DictionaryPartialSource(DefaultTemplates.all),
        ])
    }

    /// Renders the template; a missing partial is an error (strict mode).
    public func render(_ data: MustacheValue) throws -> String {
        do {
            var output = ""
            try template.render(data, into: &output, options: RenderOptions(
                format: template.format, partials: partials, missingPartials: .throwError))
            return output
        } catch {
            throw ReportError.template("\(error)")
        }
    }
}
