import Foundation
import Mustache

/// The first check of a user's template, before any data is read: its text and the text of every partial a
/// name in it can reach are read as markup (``MarkupScanner``, Mustache tags as text) or, for Markdown, as
/// CommonMark (``MarkdownPolicy``), and judged by the allow-list, with the template's own line numbers. A value that starts with a Mustache tag
/// (`src="{{chart.src}}"`) is decided by data and judged once rendered (``DocumentAllowList``,
/// ``MarkdownPolicy``); everything else is judged here.
///
/// A dynamic partial (`{{>*name}}`) can reach any template of the folder, so then every `*.mustache` file in
/// it is checked. The built-in templates are ours and are not read again.
enum TemplateSourcePolicy {
    /// The most template files of a folder read for a dynamic partial.
    static let maximumFolderFiles = 1000

    /// The problems in one template's text.
    static func check(source: String, name: String, format: OutputFormat) -> [PolicyViolation] {
        format == .markdown
            ? MarkdownPolicy.violations(in: source, source: name, template: true)
            : MarkupPolicy.violations(in: source, source: name, context: .htmlTemplate)
    }

    /// A user's template and every partial and parent a name in it can reach, transitively (built-ins excepted).
    /// - Parameter folder: the template's folder, read whole when a partial's name is dynamic.
    /// - Throws: `ReportError.unsafeDocument` with every problem.
    static func check(template: Template, partials: any PartialSource, folder: URL?) throws {
        var violations = check(source: template.source, name: template.name, format: template.format)
        var checked: Set<String> = [template.name]
        var pending = template.tags
        var names: Set<String> = []
        var dynamic = false
        func visit(_ found: PartialText) {
            guard found.source != DefaultTemplates.text(found.name), found.source != template.source, checked.insert(found.name).inserted, checked.count <= maximumFolderFiles else {
                return
            }
            violations += check(source: found.source, name: found.name, format: template.format)
            if let parsed = try? Template(source: found.source, name: found.name, format: template.format) { pending += parsed.tags }
        }
        var folderRead = false
        repeat {
            while let tag = pending.popLast() {
                guard tag.kind == .partial || tag.kind == .parent else { continue }
                if tag.isDynamic {
                    dynamic = true
                    continue
                }
                guard names.insert(tag.name).inserted, names.count <= maximumFolderFiles,
                      let found = (try? partials.partial(named: tag.name, format: template.format)) ?? nil else { continue }
                visit(found)
            }
            // Any name the data gives reaches one of the folder's templates (or a built-in).
            if dynamic, !folderRead, let folder {
                folderRead = true
                let source = DirectoryPartialSource(directory: folder)
                for name in templateNames(in: folder) {
                    if let found = (try? source.partial(named: name, format: template.format)) ?? nil { visit(found) }
                }
            }
        } while !pending.isEmpty
        if !violations.isEmpty { throw ReportError.unsafeDocument(violations.prefix(PolicyViolation.maximumCount).map { $0 }) }
    }

    /// The `*.mustache` files under `folder` (subfolders included, links to folders not followed), as partial
    /// names relative to it; at most ``maximumFolderFiles``.
    static func templateNames(in folder: URL) -> [String] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: []) else { return [] }
        let root = folder.standardizedFileURL.path
        var names: [String] = []
        for case let url as URL in walk where url.lastPathComponent.hasSuffix(".mustache") {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(root + "/") else { continue }
            names.append(String(path.dropFirst(root.count + 1)))
            if names.count >= maximumFolderFiles { break }
        }
        return names.sorted()
    }
}
