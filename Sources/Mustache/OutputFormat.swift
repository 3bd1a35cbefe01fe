/// The kind of document a template produces, which decides how `{{name}}` escapes values.
///
/// `{{{name}}}` and `{{&name}}` never escape, whatever the format.
///
/// | Format | Escaping of `{{name}}` | Template names |
/// | --- | --- | --- |
/// | ``html`` | ``HTMLEscaping`` (also right for XHTML) | `*.html.mustache`, `*.htm.mustache`, `*.xhtml.mustache` |
/// | ``csv`` | ``CSVEscaping``: each value becomes one safe CSV field | `*.csv.mustache` |
/// | ``markdown`` | ``MarkdownEscaping`` | `*.md.mustache`, `*.markdown.mustache` |
/// | ``text`` | none | `*.txt.mustache`, `*.text.mustache` |
public enum OutputFormat: String, Sendable, CaseIterable {
    case html
    case csv
    case markdown
    case text

    /// The format named by a template file name's extension before `.mustache`, case-insensitively:
    /// `report.html.mustache` → ``html``. The `.mustache` suffix is optional (`report.csv` → ``csv``).
    /// `nil` when the name carries no known extension.
    public init?(templateName: String) {
        var name = templateName.lowercased()
        if name.hasSuffix(".mustache") {
            name.removeLast(".mustache".count)
        }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...] {
        case "html", "htm", "xhtml": self = .html
        case "csv": self = .csv
        case "md", "markdown": self = .markdown
        case "txt", "text": self = .text
        default: return nil
        }
    }

    /// The file extension of documents in this format, without a dot: `html`, `csv`, `md`, `txt`.
    /// Partial lookup uses it (see ``PartialNaming``).
    public var fileExtension: String {
        switch self {
        case .html: "html"
        case .csv: "csv"
        case .markdown: "md"
        case .text: "txt"
        }
    }

    /// `value` escaped for this format, as `{{name}}` writes it.
    public func escape(_ value: String) -> String {
        switch self {
        case .html: HTMLEscaping.escape(value)
        case .csv: CSVEscaping.field(value)
        case .markdown: MarkdownEscaping.escape(value)
        case .text: value
        }
    }

    /// Writes `value` escaped for this format into `target`.
    public func write<Target: TextOutputStream>(escaping value: String, to target: inout Target) {
        switch self {
        case .html: HTMLEscaping.write(value, to: &target)
        case .csv: CSVEscaping.write(field: value, to: &target)
        case .markdown: MarkdownEscaping.write(value, to: &target)
        case .text: target.write(value)
        }
    }
}
