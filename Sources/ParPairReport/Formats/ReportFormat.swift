import Mustache

/// The formats a report can be written in.
public enum ReportFormat: String, Sendable, CaseIterable {
    case html
    case csv
    case markdown = "md"

    /// Parses `--format`; `markdown` is accepted for `md`.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "html", "xhtml", "htm": self = .html
        case "csv": self = .csv
        case "md", "markdown": self = .markdown
        default: return nil
        }
    }

    /// The format an output file's extension implies, if any.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        self.init(argument: String(fileName[fileName.index(after: dot)...]))
    }

    /// The Mustache escaping used for `{{value}}` in templates of this format.
    public var outputFormat: OutputFormat {
        switch self {
        case .html: .html
        case .csv: .csv
        case .markdown: .markdown
        }
    }

    /// The built-in template for the weekly report in this format.
    public var defaultTemplate: String {
        switch self {
        case .html: "report.html.mustache"
        case .csv: "report.csv.mustache"
        case .markdown: "report.md.mustache"
        }
    }
}
