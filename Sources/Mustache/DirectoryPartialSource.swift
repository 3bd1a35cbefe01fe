import Foundation

/// Partials read from files inside one folder (usually the folder of the template being rendered), and
/// never from outside it.
///
/// - Names are mapped to files with ``PartialNaming`` (`row` → `row`, `row.mustache`, `row.html.mustache`)
///   and may name files in subfolders (`parts/row`). Only files whose names end in `.mustache` are templates:
///   `{{<report.html}}` never picks up a rendered `report.html` that happens to sit beside the template.
/// - A name that is absolute (`/etc/passwd`), has a `..` component, or contains `\` or NUL is refused with
///   ``TemplateError/Reason/partialNameNotAllowed(name:)``, even when such a file would be missing.
/// - Every candidate path is resolved to its real path (all symbolic links followed); one that ends up outside
///   the folder's own real path is refused with ``TemplateError/Reason/partialOutsideFolder(name:resolvedPath:)``.
/// - Only regular files count; folders, devices and pipes are skipped as missing.
/// - A file larger than `maximumFileSize` is refused with ``TemplateError/Reason/fileTooLarge(path:size:limit:)``.
public struct DirectoryPartialSource: PartialSource {
    /// The folder partials come from.
    public let directory: URL
    /// Largest partial file read, in bytes.
    public let maximumFileSize: Int

    /// A source reading partials from `directory`, refusing files over `maximumFileSize` bytes.
    public init(directory: URL, maximumFileSize: Int = Template.defaultMaximumFileSize) {
        self.directory = directory
        self.maximumFileSize = maximumFileSize
    }

    public func partial(named name: String, format: OutputFormat) throws -> PartialText? {
        guard DirectoryPartialSource.isAllowed(name) else {
            throw TemplateError(.partialNameNotAllowed(name: name), templateName: name)
        }
        guard let root = TemplateFile.realPath(directory.path) else {
            let folder = directory.relativePath
            throw TemplateError(.unreadable(path: folder, message: "template folder not found"), templateName: folder)
        }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        for candidate in PartialNaming.candidates(for: name, format: format) where candidate.hasSuffix(".mustache") {
            guard let real = TemplateFile.realPath(prefix + candidate) else { continue }
            guard real.hasPrefix(prefix) else {
                throw TemplateError(.partialOutsideFolder(name: candidate, resolvedPath: real), templateName: candidate)
            }
            guard TemplateFile.isRegularFile(real) else { continue }
            let displayName = directory.appendingPathComponent(candidate).relativePath
            let source = try TemplateFile.read(path: real, displayName: displayName, limit: maximumFileSize)
            return PartialText(name: displayName, source: source)
        }
        return nil
    }

    /// Whether `name` stays inside the folder by its spelling alone.
    static func isAllowed(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), !name.contains("\0") else { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
