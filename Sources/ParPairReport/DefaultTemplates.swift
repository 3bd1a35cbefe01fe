import Mustache

/// The default templates and message catalogs from `Templates/`, compiled into the binary by the
/// EmbedTemplates plugin as string literals: a run reads the files it uses and pays nothing for the others.
public enum DefaultTemplates {
    /// The text of the embedded file at `path` (relative to `Templates/`), or nil.
    public static func text(_ path: String) -> String? {
        EmbeddedTemplates.text(path)
    }

    /// Every embedded file's path relative to `Templates/`, sorted.
    public static var paths: [String] { EmbeddedTemplates.paths }

    /// Every embedded file: path relative to `Templates/` -> its text (for listing and writing them all out).
    public static var all: [String: String] {
        Dictionary(uniqueKeysWithValues: paths.compactMap { path in text(path).map { (path, $0) } })
    }

    /// The embedded templates as partials, looked up by name (see `PartialNaming`) one at a time.
    public static let partials = Partials()

    /// The embedded templates as a partial source.
    public struct Partials: PartialSource {
        public func partial(named name: String, format: OutputFormat) -> PartialText? {
            for candidate in PartialNaming.candidates(for: name, format: format) {
                if let source = DefaultTemplates.text(candidate) {
                    return PartialText(name: candidate, source: source)
                }
            }
            return nil
        }
    }
}
