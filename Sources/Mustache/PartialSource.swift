/// Where partial (`{{>name}}`) and parent (`{{<name}}`) templates come from.
///
/// Sources: ``DirectoryPartialSource`` (a template's folder, looked up safely),
/// ``DictionaryPartialSource`` (names to text, e.g. templates compiled into the binary) and
/// ``ChainedPartialSource`` (the first source that has the name wins, e.g. a user's folder, then the
/// built-in defaults). Names map to entries as ``PartialNaming`` describes.
///
/// A render parses each partial once, on first use, and reuses it for the rest of that render.
public protocol PartialSource: Sendable {
    /// The partial named `name` as written in the tag, or nil when this source has none.
    ///
    /// - Parameter format: The format being rendered, for the extension-based candidate name.
    /// - Throws: ``TemplateError`` when the name may not be used or the partial cannot be read.
    func partial(named name: String, format: OutputFormat) throws -> PartialText?
}

/// A partial's text and the name it is known by in error messages.
public struct PartialText: Sendable, Hashable {
    /// The name for error messages, such as the file path.
    public var name: String
    /// The template text.
    public var source: String

    /// A partial's `source` text, known as `name` in error messages.
    public init(name: String, source: String) {
        self.name = name
        self.source = source
    }
}

/// How the name in a partial or parent tag maps to a file or dictionary key.
///
/// Candidates are tried in this order, and the first that exists is used:
/// 1. the name exactly as written: `row.html.mustache`, `report.html`;
/// 2. the name + `.mustache`: `report.html` → `report.html.mustache`;
/// 3. the name + `.` + the format's extension + `.mustache`: `row` → `row.html.mustache` when rendering HTML
///    (`csv`, `md`, `txt` for the other formats).
///
/// A name that already ends in `.mustache` has only the first candidate; one that already ends in the
/// format's extension has only the first two. Names may contain `/` to reach subfolders.
public enum PartialNaming {
    /// The names to try for `name`, in order.
    public static func candidates(for name: String, format: OutputFormat) -> [String] {
        if name.hasSuffix(".mustache") { return [name] }
        if name.hasSuffix("." + format.fileExtension) { return [name, name + ".mustache"] }
        return [name, name + ".mustache", name + "." + format.fileExtension + ".mustache"]
    }
}
