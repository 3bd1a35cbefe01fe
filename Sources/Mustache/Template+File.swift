import Foundation

extension Template {
    /// The default largest template file, in bytes, that ``init(contentsOf:format:maximumFileSize:)`` and
    /// ``DirectoryPartialSource`` read: 1 MiB, far above any real template.
    public static let defaultMaximumFileSize = 1_048_576

    /// Reads and parses the template file at `url`. Its name (for errors and format inference) is the path
    /// as given (`url.relativePath`). Partials are not loaded here; give a ``DirectoryPartialSource`` for the
    /// file's folder to ``RenderOptions`` for that.
    ///
    /// - Throws: ``TemplateError`` when the file is missing or unreadable, larger than `maximumFileSize`,
    ///   not UTF-8, or does not parse.
    public init(contentsOf url: URL, format: OutputFormat? = nil, maximumFileSize: Int = Template.defaultMaximumFileSize) throws {
        let path = url.relativePath
        let source = try TemplateFile.read(path: url.path, displayName: path, limit: maximumFileSize)
        try self.init(source: source, name: path, format: format)
    }
}
